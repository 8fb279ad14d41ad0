import { installOffer, onInstallOffer } from "@/web/lib/install-prompt";
import { hintDismissed, installHint, readDevice } from "./lib/device";
import { onWaitingUpdate, registerWorker, waitingUpdate } from "./lib/worker";

/**
 * Loaded by main.tsx once the first page has loaded and the browser is idle
 * (docs/decisions/062-installable-app.md): registers the service worker, and loads the notices
 * (layer.tsx, with their React root) only once there is one to show: a new version waiting, or
 * on a phone 'Instalar o Balcão'. Most visits download this file alone.
 */
export function startInstaller(): void {
  registerWorker();
  let shown = false;
  const show = () => {
    if (shown) return;
    shown = true;
    void import("./layer").then((layer) => layer.mountInstallLayer());
  };
  const wanted = () =>
    waitingUpdate() !== null ||
    installHint(readDevice(), { offered: installOffer() !== null, dismissed: hintDismissed() }) !== null;
  const check = () => {
    if (wanted()) show();
  };
  onWaitingUpdate(check);
  onInstallOffer(check);
  check();
}
