/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept from the start:
 * it can come before the installer (features/install, loaded after the first page) is there to
 * hear it. Held back, so that phones see 'Instalar o Balcão' instead of the browser's own bar
 * (docs/decisions/062-installable-app.md). In the main script: keep it this small.
 */
export type InstallOffer = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const changed = (next: InstallOffer | null) => {
  offer = next;
  for (const listener of listeners) listener();
};

export function captureInstallOffer(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    changed(event as InstallOffer);
  });
  window.addEventListener("appinstalled", () => changed(null));
}

/** The offer not yet used, if the browser made one. */
export const installOffer = (): InstallOffer | null => offer;

/** Forgets the offer: the browser's dialog can be opened once per offer. */
export const installOfferUsed = (): void => changed(null);

export function onInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
