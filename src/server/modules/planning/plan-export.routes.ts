import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { IdParamsSchema, PLAN_EXPORT_CONTENT_TYPES, PlanExportFileSchema } from "@/domain/planning/api";
import { PLAN_EXPORT_FORMATS, type PlanExportFormat } from "@/domain/planning/plan-export";
import { signedInContext } from "../../http/request-context";
import { attachmentDisposition } from "../../storage/content-disposition";
import type { PlanExportFile, PlanExportService } from "./plan-export.service";

const tags = ["Planejamentos"];

const SUMMARIES: Record<PlanExportFormat, string> = {
  pdf: "The plan as a PDF for the client: cover (client, month, status), insights, pillars, the month's calendar (Sunday to Saturday, each post on its day), every post with every field, experiments",
  xlsx: "The plan's posts as an XLSX workbook: one row per post, every field, with its week and day (a date cell); header frozen",
};

/** The file as a download named after the plan; never cached, never sniffed (ASVS 5.4.1, 5.4.2). */
function sendFile(reply: FastifyReply, format: PlanExportFormat, file: PlanExportFile) {
  return reply
    .header("content-type", PLAN_EXPORT_CONTENT_TYPES[format])
    .header("content-disposition", attachmentDisposition(file.fileName))
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.body);
}

/**
 * Export of a content plan (decision 019): one route per format, so each address
 * names the file it gives. The same guard as reading the plan
 * (PLANNING_MANAGERS, spec §6); the service lets only the plan's owner in.
 */
export async function planExportRoutes(app: FastifyInstance, options: { service: PlanExportService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("planejamento");

  for (const format of PLAN_EXPORT_FORMATS) {
    r.get(
      `/api/planejamentos/:id/exportar.${format}`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: SUMMARIES[format],
          params: IdParamsSchema,
          response: {
            200: {
              description: `The plan as ${format.toUpperCase()}`,
              content: { [PLAN_EXPORT_CONTENT_TYPES[format]]: { schema: PlanExportFileSchema } },
            },
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await service.exportPlan(signedInContext(request), request.params.id, format);
        return sendFile(reply, format, file);
      },
    );
  }
}
