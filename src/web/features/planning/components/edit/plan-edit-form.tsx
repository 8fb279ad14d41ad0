import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, type Path, useForm } from "react-hook-form";
import { planMessages } from "@/domain/planning/messages";
import type { PlanDetail, PlanSaveBody } from "@/domain/planning/plan";
import {
  type PlanContent,
  type PlanContentInput,
  PlanContentSchema,
} from "@/domain/planning/plan-content.schema";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useSingleSubmit } from "@/web/lib/use-single-submit";
import { hasCode, isUnauthorized } from "../../lib/errors";
import { notifyConflict } from "../../lib/notify-conflict";
import { ConflictAlert } from "./conflict-alert";
import { EditToolbar } from "./edit-toolbar";
import { ExperimentsEditor } from "./experiments-editor";
import { InsightsEditor } from "./insights-editor";
import { PillarsEditor } from "./pillars-editor";
import { WeeksEditor } from "./weeks-editor";

const resolver = zodResolver(PlanContentSchema);

/** What edit mode started from: a save sends this version, whatever a later refetch brought. */
export type EditBase = { version: number; content: PlanContent };

/** The server names refused fields by their path in the body ('content.experimentos.testes.0.nome'). */
function contentPath(field: string): Path<PlanContentInput> | null {
  return field.startsWith("content.") ? (field.slice("content.".length) as Path<PlanContentInput>) : null;
}

/**
 * Edit mode (ours: spec §2 leaves it open): everything the viewer shows, in
 * one form checked by the same schema the server uses. 'Salvar' sends the
 * content with the version it was based on.
 */
export function PlanEditForm({
  base,
  save,
  saving,
  onSaved,
  onCancel,
  onReload,
}: {
  base: EditBase;
  save: (body: PlanSaveBody) => Promise<PlanDetail>;
  saving: boolean;
  onSaved: () => void;
  onCancel: () => void;
  onReload: () => Promise<void>;
}) {
  const form = useForm<PlanContentInput, unknown, PlanContent>({
    resolver,
    defaultValues: base.content,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = useSingleSubmit(
    form.handleSubmit(
      async (content) => {
        try {
          await save({ version: base.version, content });
        } catch (error) {
          if (isUnauthorized(error)) return;
          if (hasCode(error, "PLAN_CONFLICT")) {
            setConflict(true);
            notifyConflict(() => void reload());
            return;
          }
          notifyError(planMessages.error, {
            description: hasCode(error, "PLAN_NOT_READY") ? planMessages.notReady : planMessages.saveFailed,
          });
          const fields = error instanceof ApiRequestError ? (error.body.fields ?? {}) : {};
          let first = true;
          for (const [field, message] of Object.entries(fields)) {
            const path = contentPath(field);
            if (!path) continue;
            form.setError(path, { type: "server", message }, { shouldFocus: first });
            first = false;
          }
          return;
        }
        notifySuccess(planMessages.success, { description: planMessages.saved });
        onSaved();
      },
      () => notifyError(planMessages.error, { description: planMessages.fixFields }),
    ),
  );
  const busy = form.formState.isSubmitting || saving;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy}
        aria-label="Editar planejamento"
        className="flex flex-col gap-6"
      >
        <EditToolbar busy={busy || reloading} dirty={form.formState.isDirty} onCancel={onCancel} />
        {conflict ? <ConflictAlert reloading={reloading} onReload={() => void reload()} /> : null}
        <InsightsEditor />
        <PillarsEditor />
        <WeeksEditor />
        <ExperimentsEditor />
      </form>
    </FormProvider>
  );
}
