/// <reference lib="webworker" />
/*
 * Balcão's service worker, built into dist/web/sw.js by vite-plugin-pwa (vite.config.ts), which
 * replaces self.__WB_MANIFEST with the build's files. What it does with each request is rules.ts's
 * (docs/decisions/062-installable-app.md): the build's files from the precache, pages from the
 * network with the shell as the offline fallback, everything else untouched and never stored.
 */
import { clientsClaim } from "workbox-core";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
// Web push (docs/decisions/061-web-push.md): the push and notificationclick listeners.
import "./push-handlers";
import { SHELL, treatmentOf } from "./rules";

declare const self: ServiceWorkerGlobalScope;

/** What the page posts (workbox-window's messageSkipWaiting) when the person clicks 'Atualizar'. */
const SKIP_WAITING = "SKIP_WAITING";

// The page's request leaves while the worker starts, instead of after.
enableNavigationPreload();

// Registered before the precache's route, which would otherwise answer a navigation to a listed
// file: a page is the server's (the home page is drawn per person), stored nowhere.
registerRoute(
  ({ request }) => treatmentOf(request, self.location.origin) === "page",
  new NetworkOnly({
    plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL)) ?? Response.error() }],
  }),
);

// A navigation the worker leaves to the server (a download or a feed opened in a tab) still takes
// the answer navigation preload has already asked for, instead of asking a second time.
registerRoute(
  ({ request }) => request.mode === "navigate" && treatmentOf(request, self.location.origin) === "network",
  new NetworkOnly(),
);

// No directory index and no clean URLs: "/" and "/login" are pages, answered above, never the
// precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

// A new worker waits until no tab runs the old one (the next opening), or until the person asks.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
// The first install takes the open tab at once (it was loaded from the network anyway); an update
// reaches here only after SKIP_WAITING or with no tab left.
clientsClaim();
