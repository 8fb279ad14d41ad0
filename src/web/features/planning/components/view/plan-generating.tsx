import { Loader2 } from "lucide-react";
import { planMessages } from "@/domain/planning/messages";

/** Status 'gerando' (ours): the generator is working; the page asks again every 2 s on its own. */
export function PlanGenerating() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-16 text-center shadow-xs">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <div role="status" className="flex flex-col gap-1">
        <p className="text-lg font-semibold">{planMessages.generating}</p>
        <p className="max-w-md text-sm text-muted-foreground">
          O planejamento está sendo gerado. Esta página se atualiza sozinha quando ele ficar pronto.
        </p>
      </div>
    </div>
  );
}
