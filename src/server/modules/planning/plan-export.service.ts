import { planMessages } from "@/domain/planning/messages";
import {
  type ExportablePlan,
  type PlanExportFormat,
  planExportFileName,
  planExportMessages,
} from "@/domain/planning/plan-export";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { PlanningService } from "./planning.service";

export type PlanExportFile = { fileName: string; body: Buffer };

/**
 * The plan's PDF and XLSX (decision 019). Who may export is who may read
 * the plan: its owner, through the planning service (another user's plan is
 * 404). A plan still being generated, or whose generation failed, has nothing
 * to export: 409, as saving or approving it is.
 */
export function createPlanExportService(deps: { plans: PlanningService }) {
  // pdfkit and exceljs are loaded by the first export, not at start (the idle server's memory, decision 023).
  const builders: Record<PlanExportFormat, (plan: ExportablePlan) => Promise<Buffer>> = {
    pdf: async (plan) => (await import("./plan-pdf")).planPdf(plan),
    xlsx: async (plan) => (await import("./plan-xlsx")).planXlsx(plan),
  };

  async function exportPlan(
    context: SignedInContext,
    id: string,
    format: PlanExportFormat,
  ): Promise<PlanExportFile> {
    const plan = await deps.plans.detail(context, id);
    const { content } = plan;
    if (plan.status === "gerando" || plan.status === "falhou" || !content) {
      throw new AppError(409, "PLAN_NOT_READY", {
        title: planMessages.error,
        description: planExportMessages.notReady,
      });
    }
    const exportable = { ...plan, content };
    const body = await builders[format](exportable);
    context.log.info({ planId: id, format, bytes: body.length }, "content plan exported");
    return { fileName: planExportFileName(exportable, format), body };
  }

  return { exportPlan };
}

export type PlanExportService = ReturnType<typeof createPlanExportService>;
