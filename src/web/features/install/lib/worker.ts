import { Workbox } from "workbox-window";

/*
 * The service worker's registration, from the page (docs/decisions/062-installable-app.md). A new
 * worker waits until no tab runs the old one (the next opening); while this page is open, the
 * person may let it take over now ('Atualizar'), and the page reloads under it.
 */

/** How often an open page asks whether there is a new version, besides each navigation. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let activate: (() => void) | null = null;
const listeners = new Set<() => void>();

/** 'Atualizar', once a new worker is waiting; null otherwise. */
export const waitingUpdate = (): (() => void) | null => activate;

export function onWaitingUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function registerWorker(url = "/sw.js"): void {
  const workbox = new Workbox(url, { scope: "/" });
  workbox.addEventListener("waiting", () => {
    activate = () => {
      // This page reloads once the new worker controls it. Other open tabs are left as they are
      // (a form may be half filled there): their next navigation is the new release's.
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
        once: true,
      });
      workbox.messageSkipWaiting();
    };
    for (const listener of listeners) listener();
  });
  workbox
    .register()
    .then(() => {
      const check = () => void workbox.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
    })
    // Refused (private mode, a browser that blocks workers): the app works as a plain page.
    .catch(() => undefined);
}
