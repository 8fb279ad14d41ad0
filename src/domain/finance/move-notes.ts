import { formatDateBR } from "../dates";
import { formatBRL } from "../money";
import { optionLabel } from "../requests/options";
import { PAYMENT_METHOD_OPTIONS } from "./payment";

/** What an approval or a payment recorded in its event, besides the state (decision 015). */
export type MoveData = {
  valorAprovado?: number;
  valorSolicitado?: number;
  /** The flags' labels the approver confirmed having seen. */
  alertasConfirmados?: string[];
  pagoEm?: string;
  formaPagamento?: string;
  /** The remittance file that sent it to the bank, by its number, and the bank's profile. */
  remessa?: number;
  banco?: string;
  /** What the bank's return said of it, in the bank's words ('Conta inválida'). */
  ocorrencias?: string[];
  /** The statement entry it was reconciled with. */
  extrato?: { data: string; valor: number; descricao: string };
  /** Handed over while whoever had it is away (docs/decisions/060): to their substitute, or (null) the queue. */
  substituicao?: { para: string | null };
  /** What a kind's own move recorded, already in words (a cash advance's settlement, decision 067). */
  notas?: string[];
};

/**
 * The timeline's lines for a move's data, in the words people read. The flags
 * are the team's business: the requester's lines leave out those confirmed
 * (docs/decisions/015).
 */
export function moveNotes(data: MoveData | null | undefined, reader: "team" | "requester"): string[] {
  if (!data) return [];
  const notes: string[] = [];
  if (typeof data.valorAprovado === "number") {
    const partial = typeof data.valorSolicitado === "number" && data.valorAprovado < data.valorSolicitado;
    notes.push(
      partial
        ? `Valor aprovado: ${formatBRL(data.valorAprovado)} de ${formatBRL(data.valorSolicitado!)} solicitados`
        : `Valor aprovado: ${formatBRL(data.valorAprovado)}`,
    );
  }
  if (reader === "team" && data.alertasConfirmados?.length)
    notes.push(`Alertas verificados ao aprovar: ${data.alertasConfirmados.join(", ")}`);
  if (data.pagoEm)
    notes.push(
      `Pago em ${formatDateBR(data.pagoEm)}${data.formaPagamento ? ` por ${optionLabel(PAYMENT_METHOD_OPTIONS, data.formaPagamento)}` : ""}`,
    );
  if (typeof data.remessa === "number")
    notes.push(`Arquivo para o banco nº ${data.remessa}${data.banco ? ` (${data.banco})` : ""}`);
  if (data.ocorrencias?.length) notes.push(`Retorno do banco: ${data.ocorrencias.join("; ")}`);
  if (data.substituicao)
    notes.push(
      data.substituicao.para
        ? `A solicitação passou para ${data.substituicao.para}, que substitui quem a tinha assumido`
        : "A solicitação voltou para a fila: não há substituto disponível",
    );
  if (data.notas?.length) notes.push(...data.notas);
  if (data.extrato)
    notes.push(
      `Conciliado com o extrato: ${formatDateBR(data.extrato.data)}, ${formatBRL(data.extrato.valor)} — ${data.extrato.descricao}`,
    );
  return notes;
}
