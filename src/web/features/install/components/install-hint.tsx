import { Share, X } from "lucide-react";
import { LogoMark } from "@/web/components/logo";
import { Button } from "@/web/components/ui/button";
import type { InstallHint as Hint } from "../lib/device";
import { installMessages as m } from "../lib/messages";

/**
 * 'Instalar o Balcão' on a phone (docs/decisions/062-installable-app.md): 'Instalar' opens the
 * browser's own dialog where it offers one; on an iPhone, Safari's steps. Closing it is for good.
 */
export function InstallHint({
  kind,
  onInstall,
  onClose,
}: {
  kind: Exclude<Hint, null>;
  onInstall: () => void;
  onClose: () => void;
}) {
  return (
    <section
      aria-labelledby="install-hint-title"
      className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-lg"
    >
      <LogoMark className="size-10" />
      <div className="min-w-0 flex-1">
        <p id="install-hint-title" className="font-semibold">
          {m.hintTitle}
        </p>
        {kind === "ios" ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {m.hintIos}
            <Share aria-hidden="true" className="ml-1 inline size-4 align-text-bottom text-primary" />
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted-foreground">{m.hintOffer}</p>
            <div className="mt-3 flex gap-2">
              <Button size="sm" onClick={onInstall}>
                {m.install}
              </Button>
              <Button size="sm" variant="ghost" onClick={onClose}>
                {m.notNow}
              </Button>
            </div>
          </>
        )}
      </div>
      <Button
        size="icon"
        variant="ghost"
        className="-mr-2 -mt-2 size-8"
        aria-label={m.close}
        onClick={onClose}
      >
        <X />
      </Button>
    </section>
  );
}
