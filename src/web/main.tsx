import "./fonts.css";
import "./styles.css";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { preloadPages } from "./app/router";
import { meQueryOptions } from "./lib/get-me";
import { captureInstallOffer } from "./lib/install-prompt";
import { queryClient } from "./lib/query-client";

// Start the session check and the download of the address's pages at once, side by side:
// they run while the splash is on screen (index.html has already asked for /api/me).
void queryClient.prefetchQuery(meQueryOptions);
preloadPages(window.location.pathname);

// The font the first text is drawn in (fonts.css's latin file), preloaded here rather than from
// index.html: on a phone's network the 48 KB file, asked for with the HTML, took a third of the
// bandwidth from the scripts the first page waits for (decision 025). From here it loads while
// the first page renders, before its text asks for it. On login.html, whose text is in the HTML,
// the browser has asked for it already, and this preload takes that same download. Not on a page
// the server drew (in the fallback fonts, decisions 027 and 068): the app's first drawing must come
// before Inter does, in the same fonts as the copy it replaces, or its text, wider in Inter, is a
// larger paint that moves the page's LCP to it; the text asks for Inter once it is drawn.
if (!document.querySelector('#prerendered:not([data-page="login"])')) {
  const font = document.createElement("link");
  Object.assign(font, { rel: "preload", as: "font", type: "font/woff2", crossOrigin: "", href: interLatin });
  document.head.append(font);
}

// Installable (decision 062): the browser's offer to install is kept from the start; the service
// worker and the installer's notices load 5 s after the page has loaded, when the browser is idle,
// so that neither they nor the worker's downloads compete with the first page and its next requests.
captureInstallOffer();
if ("serviceWorker" in navigator) {
  const install = () => void import("./features/install/start").then((m) => m.startInstaller());
  const later = () =>
    setTimeout(
      () => ("requestIdleCallback" in window ? requestIdleCallback(install, { timeout: 5000 }) : install()),
      5000,
    );
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

const root = document.getElementById("root");
if (!root) throw new Error("Elemento #root ausente em index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
