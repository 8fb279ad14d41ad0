import { RefreshCw } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { installMessages as m } from "../lib/messages";

/** 'Nova versão disponível' while a new service worker waits (docs/decisions/062-installable-app.md). */
export function UpdateNotice({ onUpdate }: { onUpdate: () => void }) {
  return (
    <section
      aria-label={m.newVersion}
      className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border bg-card px-4 py-3 text-card-foreground shadow-lg"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p role="status" className="min-w-0 flex-1 text-sm font-medium">
        {m.newVersion}
      </p>
      <Button size="sm" onClick={onUpdate}>
        {m.update}
      </Button>
    </section>
  );
}
