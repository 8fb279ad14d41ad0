import { formatDateBR } from "../dates";
import { formatBRL } from "../money";
import { formatIssueMonth, parseAccessKey, receiptMonthFarFrom } from "../receipts";

/*
 * What deserves a second look before a reimbursement or a grant is approved
 * (decision 015). The server gathers the facts; these pure rules decide, and say
 * why in words the approver reads on the badge.
 */

export const FLAG_KINDS = [
  "duplicado",
  "anexo_duplicado",
  "acima_do_limite",
  "primeira_solicitacao",
  "pix_alterado",
  "nota_de_outro_mes",
  "prestacao_atrasada",
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export const FLAG_LABELS: Record<FlagKind, string> = {
  duplicado: "Possível duplicata",
  anexo_duplicado: "Comprovante repetido",
  acima_do_limite: "Acima do limite",
  primeira_solicitacao: "Primeira solicitação",
  pix_alterado: "Chave PIX alterada",
  nota_de_outro_mes: "Nota de outro mês",
  prestacao_atrasada: "Prestação de contas atrasada",
};

export type Flag = { tipo: FlagKind; rotulo: string; explicacao: string };

const flag = (tipo: FlagKind, explicacao: string): Flag => ({ tipo, rotulo: FLAG_LABELS[tipo], explicacao });

/** A request as the rules see it: money in cents, dates as yyyy-mm-dd. */
export type FlagSubject = {
  id: string;
  userId: string;
  amountCents: number;
  expenseDate: string | null;
};

/**
 * Same requester, kind, expense date and amount as another request that was
 * not refused or cancelled (the caller passes only those).
 */
export function duplicateByFacts(subject: FlagSubject, others: readonly FlagSubject[]): Flag | null {
  if (!subject.expenseDate) return null;
  const same = others.filter(
    (o) =>
      o.id !== subject.id &&
      o.userId === subject.userId &&
      o.expenseDate === subject.expenseDate &&
      o.amountCents === subject.amountCents,
  );
  if (!same.length) return null;
  return flag(
    "duplicado",
    `${same.length === 1 ? "Outra solicitação" : `Outras ${same.length} solicitações`} da mesma pessoa com o mesmo valor (${formatBRL(subject.amountCents)}) e a mesma data de despesa (${formatDateBR(subject.expenseDate)}).`,
  );
}

/** An attachment with the same bytes (SHA-256) as a file of other requests, whoever sent them. */
export function duplicateAttachment(matches: readonly { fileName: string; requests: number }[]): Flag | null {
  if (!matches.length) return null;
  const first = matches[0]!;
  const requests = matches.reduce((n, m) => n + m.requests, 0);
  return flag(
    "anexo_duplicado",
    `O arquivo '${first.fileName}'${matches.length > 1 ? ` e mais ${matches.length - 1}` : ""} tem exatamente o mesmo conteúdo de ${requests === 1 ? "um anexo de outra solicitação" : `anexos de ${requests} outras solicitações`}.`,
  );
}

/** The person's total of this expense type in the month, this request included, above the monthly limit. */
export function overMonthlyLimit(
  totalCents: number,
  limitCents: number | undefined,
  typeLabel: string,
  month: string,
): Flag | null {
  if (limitCents === undefined || totalCents <= limitCents) return null;
  const [year, m] = month.split("-");
  return flag(
    "acima_do_limite",
    `Com esta, a pessoa soma ${formatBRL(totalCents)} em '${typeLabel}' em ${m}/${year}; o limite mensal é ${formatBRL(limitCents)}.`,
  );
}

export function firstRequest(isFirst: boolean, kindLabel: string): Flag | null {
  return isFirst
    ? flag("primeira_solicitacao", `É a primeira solicitação de ${kindLabel} desta pessoa.`)
    : null;
}

/** The PIX key differs from the one this person's last paid request was paid to. */
export function pixKeyChanged(current: string | null, lastPaid: string | null): Flag | null {
  if (!current || !lastPaid || current === lastPaid) return null;
  return flag(
    "pix_alterado",
    `A chave PIX é diferente da usada no último pagamento a esta pessoa (${lastPaid}). Confirme com ela antes de pagar.`,
  );
}

/**
 * The note's month of issue (its access key's, which carries no day) far from the expense date:
 * the note may be another purchase's (src/domain/receipts, `receiptMonthFarFrom`).
 */
export function receiptFromAnotherMonth(receiptKey: string | null, expenseDate: string | null): Flag | null {
  const key = receiptKey ? parseAccessKey(receiptKey) : null;
  if (!key || !expenseDate || !receiptMonthFarFrom(key, expenseDate)) return null;
  return flag(
    "nota_de_outro_mes",
    `A nota fiscal foi emitida em ${formatIssueMonth(key.yearMonth)}, longe da data da despesa (${formatDateBR(expenseDate)}).`,
  );
}
