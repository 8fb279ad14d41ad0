import { AlertTriangle, Loader2, RotateCw } from "lucide-react";
import { planMessages } from "@/domain/planning/messages";
import { Button } from "@/web/components/ui/button";

/** Status 'falhou' (ours): why the generator failed, and a new attempt. */
export function PlanFailed({
  reason,
  retrying,
  onRetry,
}: {
  reason: string | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-destructive/30 bg-card px-6 py-14 text-center shadow-xs"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-1">
        <p className="text-lg font-semibold">Falha na geração</p>
        <p className="max-w-md text-sm text-muted-foreground">{reason || planMessages.generationFailed}</p>
      </div>
      <Button type="button" onClick={onRetry} disabled={retrying}>
        {retrying ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
        {planMessages.retry}
      </Button>
    </div>
  );
}
