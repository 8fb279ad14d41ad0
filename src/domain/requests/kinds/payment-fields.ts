import { PAYMENT_METHOD_OPTIONS } from "../../finance/payment";
import type { DetailField } from "./definition";

/**
 * What finance adds to a reimbursement or a grant (decision 015): kept in the
 * kind's table, filled by the review desk's moves, never by the form.
 */
export type PaymentRecord = {
  /** Cents; set on approval: the whole value, or less with a reason. */
  valorAprovado?: number | null;
  /** yyyy-mm-dd, São Paulo. */
  pagoEm?: string | null;
  formaPagamento?: string | null;
};

/** Shown on the request's page once they hold something (the requester sees both values). */
export const PAYMENT_DETAIL = [
  { key: "valorAprovado", label: "Valor aprovado", as: "money" },
  { key: "pagoEm", label: "Pago em", as: "date" },
  { key: "formaPagamento", label: "Forma de pagamento", options: PAYMENT_METHOD_OPTIONS },
] as const satisfies readonly DetailField<PaymentRecord>[];
