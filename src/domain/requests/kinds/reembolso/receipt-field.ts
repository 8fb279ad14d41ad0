import { z } from "zod";
import { formatCnpj, formatCpf, readReceiptInput } from "../../../receipts";

/*
 * 'Chave de acesso da nota' on the reimbursement form: optional (not every expense has an NF-e or
 * NFC-e), and when given it is the note's identity, stored and shown to the reviewers with the
 * state's query page ('Consultar na SEFAZ'), and the key that makes a second use of the same note
 * certain. The form reads the same text the same way to show the note's facts before sending.
 */

/** What the request keeps of the note. */
export type ReceiptRecord = {
  /** The 44-character access key. */
  chaveNota: string;
  /** The state's query page the QR code pointed to (a gov.br address), when the text was a QR's. */
  notaUrl: string | null;
  /** The issuer's CNPJ (or CPF), formatted as people read it. */
  notaEmitente: string;
};

/** The facts of a key or QR text: the record, and what the QR adds (total, day), for the form to fill. */
export function receiptFacts(text: string) {
  const read = readReceiptInput(text);
  if (!read.ok) return read;
  const { key, qr } = read;
  const record: ReceiptRecord = {
    chaveNota: key.key,
    notaUrl: qr?.url ?? null,
    notaEmitente: key.issuerCnpj ? formatCnpj(key.issuerCnpj) : formatCpf(key.issuerCpf ?? ""),
  };
  return {
    ok: true as const,
    key,
    record,
    totalCents: qr?.totalCents ?? null,
    issuedOn: qr?.issuedOn ?? null,
  };
}

/** '', null and a missing field become undefined; anything else must be a key or a QR's content. */
export function optionalReceiptField() {
  return z
    .string()
    .max(2000)
    .nullish()
    .transform((text, ctx): ReceiptRecord | undefined => {
      if (!text?.trim()) return undefined;
      const facts = receiptFacts(text);
      if (facts.ok) return facts.record;
      ctx.issues.push({ code: "custom", message: facts.message, input: text });
      return z.NEVER;
    });
}
