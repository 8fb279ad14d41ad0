import { formatDateBR } from "../../dates";
import { formatBRL } from "../../money";

/*
 * 'Conciliar extrato': every text Finance reads about a bank statement, from
 * the reason a file is refused to why a debit is suggested for a payment.
 * None of them is given by the spec: all are ours.
 */

const INVALID = "Arquivo OFX inválido: ";

/** How a statement line is named in a message: its FITID, or its position when the bank gave none. */
function entryLabel(fitid: string, position: number): string {
  return fitid ? `o lançamento ${fitid}` : `o ${position}º lançamento`;
}

export const ofxMessages = {
  empty: `${INVALID}o arquivo está vazio.`,
  notOfx: `${INVALID}o arquivo não começa com o cabeçalho OFX (OFXHEADER:100 ou <?OFX OFXHEADER="200" …?>). No site do banco, exporte o extrato no formato OFX (Money/Quicken).`,
  headerVersion: (value: string) =>
    `${INVALID}o cabeçalho diz OFXHEADER ${value}; só conhecemos 100 (OFX 1.x) e 200 (OFX 2.x).`,
  unknownEncoding: (label: string) => `${INVALID}a codificação de caracteres "${label}" não é conhecida.`,
  noRoot: `${INVALID}não há o elemento <OFX> depois do cabeçalho.`,
  truncated: `${INVALID}o arquivo termina antes de fechar o extrato (</OFX>); ele parece incompleto. Baixe o extrato de novo.`,
  tooDeep: (limit: number) =>
    `${INVALID}há marcações dentro de marcações em mais de ${limit} níveis; um extrato não tem essa forma.`,
  tooManyEntries: (limit: number) =>
    `${INVALID}o extrato tem mais de ${limit.toLocaleString("pt-BR")} lançamentos. Exporte um período menor.`,
  creditCard: `${INVALID}o arquivo é uma fatura de cartão de crédito, não o extrato de uma conta.`,
  noStatement: `${INVALID}o arquivo não traz o extrato de uma conta (<STMTRS>).`,
  manyStatements: `${INVALID}o arquivo traz extratos de mais de uma conta. Exporte uma conta por vez.`,
  currency: (code: string) =>
    `${INVALID}o extrato está em ${code}; só extratos em reais (BRL) podem ser conciliados.`,
  missingField: (fitid: string, position: number, field: string) =>
    `${INVALID}${entryLabel(fitid, position)} não tem <${field}>.`,
  badAmount: (fitid: string, position: number, text: string) =>
    `${INVALID}${entryLabel(fitid, position)} tem o valor "${text}", que não é um valor em reais (esperado, por exemplo, -150.00 ou -150,00, sem separador de milhar).`,
  badDate: (fitid: string, position: number, text: string) =>
    `${INVALID}${entryLabel(fitid, position)} tem a data "${text}", que não é uma data (esperado AAAAMMDD, por exemplo 20261127).`,
} as const;

function businessDays(count: number): string {
  return count === 1 ? "1 dia útil" : `${count} dias úteis`;
}

/** When the debit came, against the payment's date, as Finance reads it. */
function timing(debitOn: string, paidOn: string, businessDaysAfter: number): string {
  if (debitOn === paidOn) return `debitado no mesmo dia do pagamento (${formatDateBR(paidOn)})`;
  if (businessDaysAfter === 0)
    return `debitado em ${formatDateBR(debitOn)}, antes do primeiro dia útil seguinte ao pagamento (${formatDateBR(paidOn)})`;
  return `debitado em ${formatDateBR(debitOn)}, ${businessDays(businessDaysAfter)} depois do pagamento (${formatDateBR(paidOn)})`;
}

export type ReasonFacts = {
  amountCents: number;
  debitOn: string;
  paidOn: string;
  businessDaysAfter: number;
};

export const matchReasons = {
  txid: (reference: string, facts: ReasonFacts) =>
    `O identificador PIX ${reference} aparece no extrato, com o mesmo valor (${formatBRL(facts.amountCents)}); ${timing(facts.debitOn, facts.paidOn, facts.businessDaysAfter)}.`,
  name: (payeeName: string, bankText: string, facts: ReasonFacts) =>
    `O nome de ${payeeName} aparece no extrato ("${bankText}"), com o mesmo valor (${formatBRL(facts.amountCents)}); ${timing(facts.debitOn, facts.paidOn, facts.businessDaysAfter)}.`,
  amountDate: (maxBusinessDays: number, facts: ReasonFacts) =>
    `Mesmo valor (${formatBRL(facts.amountCents)}), ${timing(facts.debitOn, facts.paidOn, facts.businessDaysAfter)}. É o único débito desse valor em até ${businessDays(maxBusinessDays)} depois do pagamento, e o único pagamento que ele pode ser; o extrato não traz o nome nem o identificador PIX: confira antes de confirmar.`,
} as const;
