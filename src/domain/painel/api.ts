import { z } from "zod";
import { REQUEST_KINDS } from "../requests/kinds";

/*
 * 'Painel' (decision 014): the month at a glance for administrators and
 * team members, their teams' kinds only. One answer, aggregated by the
 * database; the web draws the charts from it.
 */

export const painelMessages = {
  rangeInvalid: "A data inicial deve ser anterior à final",
  rangeTooLong: "Escolha um período de até 24 meses",
} as const;

/** At most two years in one answer: the charts are per month. */
export const PAINEL_MAX_MONTHS = 24;

export const PainelQuerySchema = z
  .object({
    /** The period, by creation date in São Paulo (yyyy-mm-dd, both included); the last 12 months when absent. */
    de: z.iso.date().optional(),
    ate: z.iso.date().optional(),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: painelMessages.rangeInvalid, path: ["de"] });
export type PainelQuery = z.infer<typeof PainelQuerySchema>;

const kind = z.enum(REQUEST_KINDS);
const percentiles = z.object({
  /** Hours, calendar time; null when nothing was decided (or paid) in the period. */
  mediana: z.number().nullable(),
  p90: z.number().nullable(),
  total: z.number().int(),
});

export const PainelSchema = z.object({
  de: z.string(),
  ate: z.string(),
  /** The months of the period, 'yyyy-mm', in order. */
  meses: z.array(z.string()),
  /** The kinds this reader sees. */
  tipos: z.array(kind),
  /** Requests sent per month and kind. */
  porMes: z.array(z.object({ mes: z.string(), tipo: kind, total: z.number().int() })),
  /**
   * Reimbursements and grants: approved (by decision month) and paid (by payment
   * month) amounts in cents, per cost centre and expense type as people read them.
   */
  valores: z.array(
    z.object({
      mes: z.string(),
      centroCusto: z.string(),
      tipoDespesa: z.string(),
      aprovadoCentavos: z.number().int(),
      pagoCentavos: z.number().int(),
    }),
  ),
  /** From sending to decision and to payment (or delivery), per kind, of the requests sent in the period. */
  tempos: z.array(z.object({ tipo: kind, decisao: percentiles, pagamento: percentiles })),
  /** Open requests now (whatever the period) against their kind's service level. */
  prazos: z.array(
    z.object({
      tipo: kind,
      noPrazo: z.number().int(),
      atencao: z.number().int(),
      atrasada: z.number().int(),
      /** The kind has no target: its open requests are not classified. */
      semMeta: z.number().int(),
    }),
  ),
  /** Payments in a file sent to the bank and not yet answered, now (whatever the period): count and cents. */
  enviadoAoBanco: z.object({ total: z.number().int(), centavos: z.number().int() }),
});
export type Painel = z.infer<typeof PainelSchema>;
