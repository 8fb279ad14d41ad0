import { formatDateBR } from "../dates";
import type { AccessKeyModel } from "./access-key";

/*
 * Portuguese texts of the receipt's data on the reimbursement form and on the
 * approver's page. 'Chave de acesso' is the name the DANFE prints above the key.
 */

export const receiptMessages = {
  /** The one message of the field 'Chave de acesso da nota' for anything that is no key nor QR content. */
  invalidKey: "Chave de acesso inválida",
  issuerLabel: "Emitente",
  /** The key gives the month of issue; the day only when the QR has it. */
  issuedLabel: "Emissão",
  modelLabel: "Modelo",
  numberLabel: "Número",
  consultSefaz: "Consultar na SEFAZ",
} as const;

/** The names the documents go by on the DANFE and at the SEFAZ. */
export const MODEL_LABELS: Record<AccessKeyModel, string> = {
  "55": "NF-e",
  "65": "NFC-e",
};

/** '2021-01' → '01/2021', the month of issue as 'Emissão' shows it when the day is unknown. */
export function formatIssueMonth(yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  return match ? `${match[2]}/${match[1]}` : yearMonth;
}

/** The note was filed before: `sentOn` is that request's 'yyyy-mm-dd' date of sending. */
export function receiptAlreadyUsedMessage(sentOn: string): string {
  return `Esta nota fiscal já foi usada em outra solicitação (enviada em ${formatDateBR(sentOn)}).`;
}
