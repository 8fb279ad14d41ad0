import { CheckCircle2, Loader2, Pencil } from "lucide-react";
import { useState } from "react";
import { planMessages } from "@/domain/planning/messages";
import type { PlanDetail } from "@/domain/planning/plan";
import { Button } from "@/web/components/ui/button";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useApprovePlan, useRetryGeneration, useSavePlan } from "../api/plans";
import { hasCode, isUnauthorized } from "../lib/errors";
import { longReference } from "../lib/format";
import { notifyConflict } from "../lib/notify-conflict";
import { type EditBase, PlanEditForm } from "./edit/plan-edit-form";
import { ClientActivitySection } from "./share/client-activity-section";
import { ShareButton } from "./share/share-button";
import { PlanContentView } from "./view/plan-content-view";
import { PlanExportMenu } from "./view/plan-export-menu";
import { PlanFailed } from "./view/plan-failed";
import { PlanGenerating } from "./view/plan-generating";
import { PlanHeader } from "./view/plan-header";

/** Spec §2 /planejamento/visualizar/{id}: a loaded plan, in read or edit mode. */
export function PlanViewer({ plan, onReload }: { plan: PlanDetail; onReload: () => Promise<unknown> }) {
  const [editing, setEditing] = useState<EditBase | null>(null);
  const save = useSavePlan(plan.id);
  const approve = useApprovePlan(plan.id);
  const retry = useRetryGeneration(plan.id);
  const content = plan.content;

  // The reload a conflict offers: the current version, in read mode.
  const reload = async () => {
    await onReload();
    setEditing(null);
  };

  const onApprove = () =>
    approve.mutate(
      { version: plan.version },
      {
        onSuccess: () => notifySuccess(planMessages.success, { description: planMessages.approved }),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          if (hasCode(error, "PLAN_CONFLICT")) {
            notifyConflict(() => void reload());
            return;
          }
          notifyError(planMessages.error, {
            description: hasCode(error, "PLAN_NOT_READY")
              ? planMessages.notReady
              : planMessages.approveFailed,
          });
        },
      },
    );

  const onRetry = () =>
    retry.mutate(undefined, {
      onSuccess: (next) =>
        notifySuccess(planMessages.success, {
          description: next.status === "gerando" ? planMessages.retryStarted : planMessages.generated,
        }),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        notifyError(planMessages.error, { description: planMessages.sendFailed });
      },
    });

  const readActions =
    content && !editing ? (
      <>
        <PlanExportMenu planId={plan.id} />
        <Button
          type="button"
          variant="outline"
          onClick={() => setEditing({ version: plan.version, content })}
          disabled={approve.isPending}
        >
          <Pencil aria-hidden="true" />
          Editar
        </Button>
        <ShareButton planId={plan.id} />
        {plan.status === "aprovado" || plan.status === "aprovado_cliente" ? null : (
          <Button type="button" onClick={onApprove} disabled={approve.isPending}>
            {approve.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <CheckCircle2 aria-hidden="true" />
            )}
            Aprovar
          </Button>
        )}
      </>
    ) : null;

  return (
    <div className="flex flex-col gap-6">
      <PlanHeader plan={plan} actions={readActions} />
      {editing ? (
        <PlanEditForm
          base={editing}
          reference={{
            year: Number(plan.ano_referencia),
            month: Number(plan.mes_referencia),
            label: `Calendário de ${longReference(plan.mes_referencia, plan.ano_referencia)}`,
          }}
          save={(body) => save.mutateAsync(body)}
          saving={save.isPending}
          onSaved={() => setEditing(null)}
          onCancel={() => setEditing(null)}
          onReload={reload}
        />
      ) : plan.status === "gerando" ? (
        <PlanGenerating />
      ) : plan.status === "falhou" ? (
        <PlanFailed reason={plan.erro_geracao} retrying={retry.isPending} onRetry={onRetry} />
      ) : content ? (
        <>
          <PlanContentView plan={plan} content={content} onReload={reload} />
          <ClientActivitySection planId={plan.id} content={content} />
        </>
      ) : (
        <p className="rounded-xl border border-dashed bg-card px-6 py-14 text-center text-sm text-muted-foreground">
          {planMessages.notReady}
        </p>
      )}
    </div>
  );
}
