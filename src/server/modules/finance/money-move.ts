import { todayInSaoPaulo } from "@/domain/dates";
import type { MoveData } from "@/domain/finance/move-notes";
import { approvedValueError, financeMessages, paidDateError, paymentBlocker } from "@/domain/finance/payment";
import type { RequestRow } from "@/domain/requests/access";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { requires } from "@/domain/requests/machine";
import type { ActionInput } from "@/domain/requests/review-api";
import type { Transition } from "@/domain/requests/workflow";
import type { Executor } from "../../db/client";
import { AppError, fieldError } from "../../http/errors";
import { centsToNumeric, numericToCents } from "../requests/money-column";
import { flagsFor } from "./flags";

/** What a move writes on the row for finance, and what its event keeps. */
export type MoneyChange = { fields: Record<string, unknown>; data: MoveData | null };

const NONE: MoneyChange = { fields: {}, data: null };

/**
 * What a move that requires finance's word records (docs/decisions/015, 029):
 * an approval ("approvedValue") keeps the approved value, never more than the
 * amount asked now (less needs a reason; the awaited second approver keeps the
 * first one's unless they change it, any other approval starts from the
 * amount) and the flags the approver confirmed; a payment ("payment") needs a
 * complete approval within the amount, and keeps the day and the method.
 */
export async function moneyOfMove(
  tx: Executor,
  kind: RequestKind,
  row: RequestRow,
  transition: Transition,
  input: ActionInput,
  facts: { secondStep: boolean; now: Date },
): Promise<MoneyChange> {
  const payment = requestKind(kind).payment;
  if (!payment) return NONE;
  const requested = numericToCents(String(row[payment.amount]));
  const stored = row.valorAprovado == null ? null : numericToCents(String(row.valorAprovado));
  if (requires(transition, "approvedValue")) {
    const approved = input.valorAprovado ?? (facts.secondStep ? stored : null) ?? requested;
    return approval(tx, kind, row, input, { approved, requested });
  }
  if (requires(transition, "payment") || requires(transition, "payable")) {
    const blocked = paymentBlocker(stored, requested, row.pendingApprovalTeamId !== null);
    if (blocked)
      throw new AppError(409, "NOT_PAYABLE", { title: financeMessages.notPayable, description: blocked });
  }
  if (requires(transition, "payment")) {
    const today = todayInSaoPaulo(facts.now);
    const paidOn = input.pagoEm ?? today;
    const problem = paidDateError(paidOn, today, todayInSaoPaulo(row.createdAt));
    if (problem) throw fieldError("pagoEm", problem);
    const method = input.formaPagamento ?? "pix";
    return {
      fields: { pagoEm: paidOn, formaPagamento: method },
      data: { pagoEm: paidOn, formaPagamento: method },
    };
  }
  return NONE;
}

async function approval(
  tx: Executor,
  kind: RequestKind,
  row: RequestRow,
  input: ActionInput,
  value: { approved: number; requested: number },
): Promise<MoneyChange> {
  const { approved, requested } = value;
  if (input.valorAprovado !== undefined) {
    const problem = approvedValueError(input.valorAprovado, requested, input.motivo);
    if (problem) throw fieldError(problem.field, problem.message);
  }
  if (approved > requested) throw fieldError("valorAprovado", financeMessages.approvedAboveRequested);
  const flags = (await flagsFor(tx, kind, [row.id])).get(row.id) ?? [];
  if (flags.length && !input.confirmarAlertas)
    throw fieldError("confirmarAlertas", financeMessages.flagsUnconfirmed);
  return {
    fields: { valorAprovado: centsToNumeric(approved) },
    data: {
      valorAprovado: approved,
      valorSolicitado: requested,
      ...(flags.length ? { alertasConfirmados: flags.map((f) => f.rotulo) } : {}),
    },
  };
}

/** Which paid-kind requests a payment may go to now: approved, wholly, within the amount asked. */
export function payable(
  kind: RequestKind,
  row: RequestRow,
): { approved: number; pixKey: string | null } | null {
  const payment = requestKind(kind).payment;
  if (!payment || row.valorAprovado == null) return null;
  const approved = numericToCents(String(row.valorAprovado));
  const requested = numericToCents(String(row[payment.amount]));
  if (paymentBlocker(approved, requested, row.pendingApprovalTeamId !== null)) return null;
  return { approved, pixKey: (row[payment.pixKey] as string | null) || null };
}
