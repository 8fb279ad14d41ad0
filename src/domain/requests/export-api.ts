import { z } from "zod";
import { todayInSaoPaulo } from "../dates";
import { COST_CENTRE_VALUES } from "./options";
import { QueueQuerySchema } from "./review-api";

/*
 * The export of 'Caixa de entrada' (decision 013): the queue's filters, without
 * its page, plus the reimbursements' cost centre. Three routes, one per
 * format: GET /api/caixa/exportar.csv, .xlsx and .zip.
 */

export const EXPORT_FORMATS = ["csv", "xlsx", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportMessages = {
  kindNotHandled: {
    title: "Acesso negado",
    description: "Suas equipes não atendem este tipo de solicitação.",
  },
} as const;

export const ExportQuerySchema = QueueQuerySchema.omit({ cursor: true, limit: true }).extend({
  /** Reimbursements of this cost centre only (the other kinds have none, so they are left out). */
  centroCusto: z.enum(COST_CENTRE_VALUES).optional(),
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;
/** What the web puts in the address (the same filters as the queue's). */
export type ExportRequest = z.input<typeof ExportQuerySchema>;

/** The file's name as the browser saves it: 'solicitacoes-2026-11-24.csv', São Paulo's today. */
export function exportFileName(format: ExportFormat, now: Date = new Date()): string {
  const suffix = format === "zip" ? "-comprovantes" : "";
  return `solicitacoes${suffix}-${todayInSaoPaulo(now)}.${format}`;
}

/** The address of an export with these filters (empty ones left out). */
export function exportPath(format: ExportFormat, filters: Readonly<Record<string, string | undefined>>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/caixa/exportar.${format}${query ? `?${query}` : ""}`;
}
