import { addDays, formatDateBR } from "../../../dates";
import { FLAG_LABELS, type Flag } from "../../../finance/flags";
import { formatBRL } from "../../../money";
import { SETTLEMENT_DEFAULT_DAYS } from "./options";

/*
 * A cash advance's settlement ('Prestação de contas', docs/decisions/067): what was paid against
 * what the receipts show was spent, in cents (integers only: no float ever holds money here).
 */

/** Where the money stands once the receipts are in: one of the three is positive, or none. */
export type SettlementBalance = {
  /** What was paid to the person. */
  paid: number;
  /** What the receipts show was spent. */
  spent: number;
  /** What the person returns to the agency (paid − spent, when positive). */
  toReturn: number;
  /** What the agency still owes the person (spent − paid, when positive). */
  toReimburse: number;
};

export function settlementBalance(paidCents: number, spentCents: number): SettlementBalance {
  for (const [name, value] of [
    ["paid", paidCents],
    ["spent", spentCents],
  ] as const)
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name}: not whole cents: ${value}`);
  const difference = paidCents - spentCents;
  return {
    paid: paidCents,
    spent: spentCents,
    toReturn: Math.max(difference, 0),
    toReimburse: Math.max(-difference, 0),
  };
}

/** Which of Financeiro's closing moves the balance allows: return received, difference paid, or even. */
export function closingMove(balance: SettlementBalance) {
  if (balance.toReturn > 0) return "marcar_devolvido" as const;
  if (balance.toReimburse > 0) return "pagar_diferenca" as const;
  return "encerrar_prestacao" as const;
}

/** The deadline: the one Financeiro set, else SETTLEMENT_DEFAULT_DAYS after the day it was paid. */
export function settlementDeadline(paidOn: string | null, set: string | null | undefined): string | null {
  if (set) return set;
  return paidOn ? addDays(paidOn, SETTLEMENT_DEFAULT_DAYS) : null;
}

/** Past its deadline and still waiting for the receipts (the deadline's day itself is still in time). */
export function isOverdue(status: string, deadline: string | null, today: string): boolean {
  return status === "aguardando_prestacao" && deadline !== null && today > deadline;
}

/** The timeline's words for a settlement, in the order things happened. */
export function settlementNotes(balance: SettlementBalance): string[] {
  const notes = [`Gasto comprovado: ${formatBRL(balance.spent)} de ${formatBRL(balance.paid)} adiantados`];
  if (balance.toReturn) notes.push(`A devolver pelo solicitante: ${formatBRL(balance.toReturn)}`);
  if (balance.toReimburse) notes.push(`A reembolsar ao solicitante: ${formatBRL(balance.toReimburse)}`);
  if (!balance.toReturn && !balance.toReimburse) notes.push("Sem diferença a acertar");
  return notes;
}

export const deadlineNote = (deadline: string) => `Prazo da prestação de contas: ${formatDateBR(deadline)}`;

/** The badge Financeiro reads in 'Caixa de entrada' and on the advance's page. */
export function overdueFlag(deadline: string): Flag {
  return {
    tipo: "prestacao_atrasada",
    rotulo: FLAG_LABELS.prestacao_atrasada,
    explicacao: `O prazo para prestar contas terminou em ${formatDateBR(deadline)} e os comprovantes não chegaram.`,
  };
}

/** The timeline's words for Financeiro's closing move. */
export function closingNote(
  action: "marcar_devolvido" | "pagar_diferenca" | "encerrar_prestacao",
  balance: SettlementBalance,
): string {
  if (action === "marcar_devolvido") return `Devolução recebida: ${formatBRL(balance.toReturn)}`;
  if (action === "pagar_diferenca") return `Diferença paga ao solicitante: ${formatBRL(balance.toReimburse)}`;
  return "Prestação de contas encerrada sem diferença";
}
