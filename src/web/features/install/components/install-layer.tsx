import { useEffect, useState, useSyncExternalStore } from "react";
import { installOffer, installOfferUsed, onInstallOffer } from "@/web/lib/install-prompt";
import { dismissHint, hintDismissed, installHint, readDevice } from "../lib/device";
import { onWaitingUpdate, waitingUpdate } from "../lib/worker";
import { InstallHint } from "./install-hint";
import { UpdateNotice } from "./update-notice";

/** The splash (spec §2, features/shell splash-screen.tsx) is the whole screen for its 3 s. */
const splashShown = () => document.querySelector('[data-testid="splash"]') !== null;

/** Nothing goes over the splash. */
function useSplashOver(): boolean {
  const [over, setOver] = useState(() => !splashShown());
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => {
      if (!splashShown()) setOver(true);
    }, 500);
    return () => clearInterval(timer);
  }, [over]);
  return over;
}

/**
 * The installer's notices, at the bottom of the screen over every page (its own React root,
 * start.tsx): 'Nova versão disponível' first; else, on a phone, 'Instalar o Balcão'.
 */
export function InstallLayer() {
  const update = useSyncExternalStore(onWaitingUpdate, waitingUpdate);
  const offer = useSyncExternalStore(onInstallOffer, installOffer);
  const [dismissed, setDismissed] = useState(hintDismissed);
  const splashOver = useSplashOver();
  const hint = splashOver ? installHint(readDevice(), { offered: offer !== null, dismissed }) : null;
  const close = () => {
    dismissHint();
    setDismissed(true);
  };
  const install = () => {
    if (!offer) return;
    installOfferUsed();
    void offer.prompt().catch(() => undefined);
  };
  if (!update && !hint) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      {update ? (
        <UpdateNotice onUpdate={update} />
      ) : hint ? (
        <InstallHint kind={hint} onInstall={install} onClose={close} />
      ) : null}
    </div>
  );
}
