/// <reference lib="webworker" />
/*
 * Web push in the service worker (docs/decisions/061-web-push.md), imported by sw.ts: a push
 * shows the bell's notification; a click on it focuses an open Balcão tab on the notification's
 * page, or opens one.
 */
import { notificationFor, pageOnThisSite } from "./push-message";

declare const self: ServiceWorkerGlobalScope;

self.addEventListener("push", (event) => {
  const { title, options } = notificationFor(event.data?.text() ?? null, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = pageOnThisSite(
    new URL((event.notification.data as { url?: string } | null)?.url ?? "/", self.location.origin).pathname,
    self.location.origin,
  );
  event.waitUntil(openPage(url));
});

async function openPage(url: string) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    await focused.navigate(url).catch(() => self.clients.openWindow(url));
    return;
  }
  await self.clients.openWindow(url);
}
