import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { InstallLayer } from "./components/install-layer";
import { registerWorker } from "./lib/worker";

/**
 * Loaded by main.tsx once the first page has loaded and the browser is idle
 * (docs/decisions/062-installable-app.md): registers the service worker and mounts the installer's
 * notices in a root of their own, apart from the app's pages.
 */
export function startInstaller(): void {
  registerWorker();
  const host = document.createElement("div");
  host.id = "installer";
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <InstallLayer />
    </StrictMode>,
  );
}
