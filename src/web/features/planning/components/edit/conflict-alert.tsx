import { AlertTriangle, Loader2, RotateCw } from "lucide-react";
import { planMessages } from "@/domain/planning/messages";
import { Button } from "@/web/components/ui/button";

/** After a 409 PLAN_CONFLICT, above the edits that could not be saved: the way to the current version. */
export function ConflictAlert({ reloading, onReload }: { reloading: boolean; onReload: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className="font-medium">{planMessages.conflict.title}</p>
          <p className="text-sm text-amber-900/90">
            {planMessages.conflict.description} Suas alterações continuam abaixo até você recarregar.
          </p>
        </div>
      </div>
      <Button
        type="button"
        variant="outline"
        onClick={onReload}
        disabled={reloading}
        className="shrink-0 border-amber-300 bg-white hover:bg-amber-100"
      >
        {reloading ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <RotateCw aria-hidden="true" />
        )}
        Recarregar
      </Button>
    </div>
  );
}
