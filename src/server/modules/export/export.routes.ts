import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { type ExportFormat, ExportQuerySchema, exportFileName } from "@/domain/requests/export-api";
import { signedInContext } from "../../http/request-context";
import { attachmentDisposition } from "../../storage/content-disposition";
import type { Storage } from "../../storage/storage";
import { csvStream } from "./csv-stream";
import type { ExportItem, ExportService } from "./export.service";

const tags = ["Caixa de entrada"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
};

const SUMMARIES: Record<ExportFormat, string> = {
  csv: "Export the queue's requests (its filters, plus `centroCusto`) as CSV for Excel pt-BR: ';', 1.234,56, dd/mm/aaaa, UTF-8 with BOM. Streamed",
  xlsx: "Export the queue's requests (its filters, plus `centroCusto`) as an XLSX workbook: numbers and dates in cells. Streamed",
  zip: "The receipts of the queue's requests (its filters, plus `centroCusto`) in a ZIP, named '<nº>-<tipo>-<id>-<arquivo>' after the rows of the solicitacoes.csv inside. Streamed",
};

function fileResponse(format: ExportFormat) {
  return {
    description: `The export as ${format.toUpperCase()}, sent as it is written`,
    content: { [CONTENT_TYPES[format].split(";")[0]!]: { schema: z.string().meta({ format: "binary" }) } },
  };
}

/**
 * The export of 'Caixa de entrada' (decision 013): one route per format, so each
 * address names the file it gives. Who may export is who may see the queue
 * (403 otherwise); which requests is decided by the service.
 */
export async function exportRoutes(
  app: FastifyInstance,
  options: { service: ExportService; storage: Storage; publicUrl: string },
) {
  const { service, storage, publicUrl } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  function send(reply: FastifyReply, format: ExportFormat, body: Readable) {
    return reply
      .header("content-type", CONTENT_TYPES[format])
      .header("content-disposition", attachmentDisposition(exportFileName(format)))
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(body);
  }

  // exceljs and yazl (about 40 MB between them) are loaded by the first export, not at every start.
  const streams: Record<
    ExportFormat,
    (items: AsyncIterable<ExportItem>, log: FastifyInstance["log"]) => Promise<Readable>
  > = {
    csv: async (items) => csvStream(items, publicUrl),
    xlsx: async (items, log) =>
      (await import("./xlsx-stream")).xlsxStream(items, publicUrl, (err) =>
        log.error({ err }, "export (xlsx) failed"),
      ),
    zip: async (items, log) =>
      (await import("./zip-stream")).zipStream(items, {
        storage,
        publicUrl,
        onError: (err) => log.error({ err }, "export (zip) failed"),
        onMissing: (key) => log.warn({ key }, "export (zip): a stored file is missing"),
      }),
  };

  for (const format of ["csv", "xlsx", "zip"] as const) {
    r.get(
      `/api/caixa/exportar.${format}`,
      {
        preValidation: app.requireAccess("caixa"),
        schema: {
          tags,
          summary: SUMMARIES[format],
          querystring: ExportQuerySchema,
          response: { 200: fileResponse(format), ...errors },
        },
      },
      async (request, reply) => {
        const items = await service.open(signedInContext(request), request.query);
        return send(reply, format, await streams[format](items, request.log));
      },
    );
  }
}
