import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, type Path } from "react-hook-form";
import { planMessages } from "@/domain/planning/messages";
import type { PlanDetail, PlanSaveBody } from "@/domain/planning/plan";
import {
  type PlanContent,
  type PlanContentInput,
  PlanContentSchema,
} from "@/domain/planning/plan-content.schema";
import { notifyError } from "@/web/lib/notify";
import { useServerForm } from "@/web/lib/use-server-form";
import { hasCode } from "../../lib/errors";
import { notifyConflict } from "../../lib/notify-conflict";
import { CalendarEditor } from "./calendar-editor";
import { ConflictAlert } from "./conflict-alert";
import { EditToolbar } from "./edit-toolbar";
import { ExperimentsEditor } from "./experiments-editor";
import { InsightsEditor } from "./insights-editor";
import { PillarsEditor } from "./pillars-editor";

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
  reference,
  save,
  saving,
  onSaved,
  onCancel,
  onReload,
}: {
  base: EditBase;
  /** The plan's month, for the calendar. */
  reference: { year: number; month: number; label: string };
  save: (body: PlanSaveBody) => Promise<PlanDetail>;
  saving: boolean;
  onSaved: () => void;
  onCancel: () => void;
  onReload: () => Promise<void>;
}) {
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

  const { form, onSubmit, busy } = useServerForm({
    resolver,
    defaults: base.content as PlanContentInput,
    serverFields: contentPath,
    send: (content) => save({ version: base.version, content }),
    isPending: saving,
    // Someone saved in between: the form stays as it is, with the way to reload.
    intercept: (error) => {
      if (!hasCode(error, "PLAN_CONFLICT")) return false;
      setConflict(true);
      notifyConflict(() => void reload());
      return true;
    },
    errorNotice: (error) => ({
      title: planMessages.error,
      description: hasCode(error, "PLAN_NOT_READY") ? planMessages.notReady : planMessages.saveFailed,
    }),
    successNotice: () => ({ title: planMessages.success, description: planMessages.saved }),
    onSuccess: onSaved,
    onInvalid: () => notifyError(planMessages.error, { description: planMessages.fixFields }),
  });

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
        <CalendarEditor year={reference.year} month={reference.month} label={reference.label} />
        <ExperimentsEditor />
      </form>
    </FormProvider>
  );
}
