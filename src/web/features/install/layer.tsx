import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { InstallLayer } from "./components/install-layer";

/** The installer's notices in a root of their own, apart from the app's pages (start.ts). */
export function mountInstallLayer(): void {
  const host = document.createElement("div");
  host.id = "installer";
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <InstallLayer />
    </StrictMode>,
  );
}
