import type { PixKey, PixKeyType } from "../../pix-key";
import type { Field, FieldValue, RecordLayout } from "./layout";

/*
 * FEBRABAN's records for a PIX transfer by key: "Layout Padrão de Arquivos CNAB
 * 240" v10.11, service "Pagamento através de crédito em conta, cheque, OP, DOC,
 * TED, PIX" (forma de lançamento 45), file layout version 103, batch 046. Field
 * codes (G001, P007…) are FEBRABAN's dictionary entries; a bank's variant lists
 * only what it changes (profiles.ts).
 */

/** A payment chosen in 'Lote de pagamento', as the server hands it over. */
export type PixPayment = {
  /** Our 'seu número' (≤ 20 characters): it comes back in the bank's return. */
  reference: string;
  payeeName: string;
  /** CPF (11 digits) or CNPJ (14 characters), when we know it. */
  payeeDocument?: string;
  pixKey: PixKey;
  amountCents: number;
  /** 'yyyy-mm-dd'. */
  payOn: string;
};

export type PayerAddress = {
  street?: string;
  number?: string;
  complement?: string;
  city?: string;
  /** CEP, 8 digits. */
  zip?: string;
  /** UF, 2 letters. */
  state?: string;
};

/** The agency's paying account, set by administrators. */
export type PayingAccount = {
  bankCode: string;
  branch: string;
  branchDigit?: string;
  account: string;
  accountDigit: string;
  /** The agency's CNPJ, 14 characters (may carry letters from July 2026). */
  companyDocument: string;
  companyName: string;
  /** Convênio: the contract number the bank gave for payments. */
  agreementCode: string;
  address?: PayerAddress;
};

/** A payment checked and written the way the file wants it. */
export type PreparedPayment = {
  reference: string;
  payeeName: string;
  /** G005: 0 not informed, 1 CPF, 2 CNPJ. */
  documentType: 0 | 1 | 2;
  document: string;
  keyType: PixKeyType;
  key: string;
  amountCents: number;
  /** 'ddmmyyyy', as the files write dates. */
  payOn: string;
};

export type PreparedPayer = Omit<PayingAccount, "address"> & { address: Required<PayerAddress> };

type Versions = { readonly file: string; readonly batch: string };
type Common = { bankCode: string; payer: PreparedPayer; versions: Versions };

export type FileHeaderContext = Common & {
  bankName: string;
  fileNumber: number;
  /** 'ddmmyyyy' and 'hhmmss', São Paulo's clock. */
  date: string;
  time: string;
  /** G015: 1 remessa (us to the bank), 2 retorno. */
  direction: 1 | 2;
  homologation: boolean;
};
export type BatchHeaderContext = Common & { batchNumber: number; homologation: boolean };
export type DetailContext = Common & {
  batchNumber: number;
  sequence: number;
  payment: PreparedPayment;
  keyTypeCode: string;
};
export type BatchTrailerContext = Common & { batchNumber: number; recordCount: number; totalCents: number };
export type FileTrailerContext = Common & { batchCount: number; recordCount: number };

export type Layouts = {
  fileHeader: RecordLayout<FileHeaderContext>;
  batchHeader: RecordLayout<BatchHeaderContext>;
  segmentA: RecordLayout<DetailContext>;
  segmentB: RecordLayout<DetailContext>;
  batchTrailer: RecordLayout<BatchTrailerContext>;
  fileTrailer: RecordLayout<FileTrailerContext>;
};

// Labels for the fields whose values come from people, so a refusal says what to fix.
const LABELS: Readonly<Record<string, string>> = {
  companyDocument: "CNPJ da agência",
  agreement: "código do convênio",
  branch: "agência",
  branchDigit: "dígito da agência",
  account: "conta",
  accountDigit: "dígito da conta",
  companyName: "nome da agência",
  payeeName: "nome do favorecido",
  yourNumber: "referência do pagamento",
  amount: "valor",
  payeeDocument: "CPF/CNPJ do favorecido",
  pixKey: "chave PIX",
  fileNumber: "número do arquivo",
  street: "endereço",
  streetNumber: "número do endereço",
  city: "cidade",
  zip: "CEP",
  state: "UF",
};

type Value<C> = FieldValue | ((ctx: C) => FieldValue);
type Extra = { letters?: boolean; verbatim?: boolean };

export function num<C>(
  name: string,
  start: number,
  end: number,
  value?: Value<C>,
  extra: Extra = {},
): Field<C> {
  return { name, start, end, type: "num", value, label: LABELS[name], ...extra };
}

export function alfa<C>(
  name: string,
  start: number,
  end: number,
  value?: Value<C>,
  extra: Extra = {},
): Field<C> {
  return { name, start, end, type: "alfa", value, label: LABELS[name], ...extra };
}

/** G025 tipo de serviço 20: pagamento a fornecedores. */
export const SERVICE_SUPPLIERS = "20";
/** G029 forma de lançamento 45: PIX transferência (47 is PIX by QR code; 41/43 TED). */
export const FORM_PIX_TRANSFER = "45";
/** P001 câmara centralizadora 009: SPI, the PIX settlement system. */
export const CLEARING_PIX = "009";

/** The paying account's fields, the same in the file header and the batch header (G005–G013). */
function payerFields<C extends Common>(): Field<C>[] {
  return [
    num<C>("companyDocumentType", 18, 18, 2),
    num<C>("companyDocument", 19, 32, (c) => c.payer.companyDocument, { letters: true }),
    alfa<C>("agreement", 33, 52, (c) => c.payer.agreementCode),
    num<C>("branch", 53, 57, (c) => c.payer.branch),
    alfa<C>("branchDigit", 58, 58, (c) => c.payer.branchDigit ?? ""),
    num<C>("account", 59, 70, (c) => c.payer.account),
    alfa<C>("accountDigit", 71, 71, (c) => c.payer.accountDigit),
    alfa<C>("branchAccountDigit", 72, 72),
    alfa<C>("companyName", 73, 102, (c) => c.payer.companyName),
  ];
}

export const FEBRABAN_FILE_HEADER: RecordLayout<FileHeaderContext> = [
  num("bankCode", 1, 3, (c) => c.bankCode),
  num("batch", 4, 7, 0),
  num("recordType", 8, 8, 0),
  alfa("febrabanUse1", 9, 17),
  ...payerFields<FileHeaderContext>(),
  alfa("bankName", 103, 132, (c) => c.bankName),
  alfa("febrabanUse2", 133, 142),
  num("direction", 143, 143, (c) => c.direction),
  num("date", 144, 151, (c) => c.date),
  num("time", 152, 157, (c) => c.time),
  num("fileNumber", 158, 163, (c) => c.fileNumber),
  num("layoutVersion", 164, 166, (c) => c.versions.file),
  num("density", 167, 171, 0),
  alfa("bankReserved", 172, 191),
  alfa("companyReserved", 192, 211),
  alfa("febrabanUse3", 212, 240),
];

export const FEBRABAN_BATCH_HEADER: RecordLayout<BatchHeaderContext> = [
  num("bankCode", 1, 3, (c) => c.bankCode),
  num("batch", 4, 7, (c) => c.batchNumber),
  num("recordType", 8, 8, 1),
  alfa("operation", 9, 9, "C"),
  num("serviceType", 10, 11, SERVICE_SUPPLIERS),
  num("paymentForm", 12, 13, FORM_PIX_TRANSFER),
  num("layoutVersion", 14, 16, (c) => c.versions.batch),
  alfa("febrabanUse1", 17, 17),
  ...payerFields<BatchHeaderContext>(),
  alfa("message", 103, 142),
  alfa("street", 143, 172, (c) => c.payer.address.street),
  num("streetNumber", 173, 177, (c) => c.payer.address.number),
  alfa("complement", 178, 192, (c) => c.payer.address.complement),
  alfa("city", 193, 212, (c) => c.payer.address.city),
  num("zip", 213, 217, (c) => c.payer.address.zip.slice(0, 5)),
  alfa("zipSuffix", 218, 220, (c) => c.payer.address.zip.slice(5)),
  alfa("state", 221, 222, (c) => c.payer.address.state),
  // P014: 01 = débito em conta corrente, how the agency pays for the batch.
  num("paymentIndicator", 223, 224, "01"),
  alfa("febrabanUse2", 225, 230),
  alfa("occurrences", 231, 240),
];

export const FEBRABAN_SEGMENT_A: RecordLayout<DetailContext> = [
  num("bankCode", 1, 3, (c) => c.bankCode),
  num("batch", 4, 7, (c) => c.batchNumber),
  num("recordType", 8, 8, 3),
  num("sequence", 9, 13, (c) => c.sequence),
  alfa("segment", 14, 14, "A"),
  // G060 0 = inclusão; G061 00 = inclusão de registro detalhe liberado.
  num("movementType", 15, 15, 0),
  num("movementCode", 16, 17, "00"),
  num("clearingHouse", 18, 20, CLEARING_PIX),
  // By key, the payee's bank and account come from DICT, so these stay zeros and blanks.
  num("payeeBank", 21, 23, 0),
  num("payeeBranch", 24, 28, 0),
  alfa("payeeBranchDigit", 29, 29),
  num("payeeAccount", 30, 41, 0),
  alfa("payeeAccountDigit", 42, 42),
  alfa("payeeBranchAccountDigit", 43, 43),
  alfa("payeeName", 44, 73, (c) => c.payment.payeeName),
  alfa("yourNumber", 74, 93, (c) => c.payment.reference),
  num("paymentDate", 94, 101, (c) => c.payment.payOn),
  alfa("currency", 102, 104, "BRL"),
  num("currencyAmount", 105, 119, 0),
  num("amount", 120, 134, (c) => c.payment.amountCents),
  alfa("bankNumber", 135, 154),
  // P003/P004: the bank fills the real date and amount in its return.
  num("realDate", 155, 162, 0),
  num("realAmount", 163, 177, 0),
  alfa("otherInfo", 178, 217),
  alfa("docPurpose", 218, 219),
  alfa("tedPurpose", 220, 224),
  alfa("purposeComplement", 225, 226),
  alfa("febrabanUse", 227, 229),
  // P006 0 = no notice to the payee.
  num("notice", 230, 230, 0),
  alfa("occurrences", 231, 240),
];

/** v10.11 segment B for PIX: G100 'forma de iniciação' in 15–17, the key in 128–226. */
export const FEBRABAN_SEGMENT_B: RecordLayout<DetailContext> = [
  num("bankCode", 1, 3, (c) => c.bankCode),
  num("batch", 4, 7, (c) => c.batchNumber),
  num("recordType", 8, 8, 3),
  num("sequence", 9, 13, (c) => c.sequence),
  alfa("segment", 14, 14, "B"),
  alfa("initiationForm", 15, 17, (c) => c.keyTypeCode),
  num("payeeDocumentType", 18, 18, (c) => c.payment.documentType),
  num("payeeDocument", 19, 32, (c) => c.payment.document, { letters: true }),
  alfa("txid", 33, 67),
  alfa("userMessage", 68, 127),
  alfa("pixKey", 128, 226, (c) => c.payment.key, { verbatim: true }),
  num("siape", 227, 232, 0),
  num("ispb", 233, 240, 0),
];

export const FEBRABAN_BATCH_TRAILER: RecordLayout<BatchTrailerContext> = [
  num("bankCode", 1, 3, (c) => c.bankCode),
  num("batch", 4, 7, (c) => c.batchNumber),
  num("recordType", 8, 8, 5),
  alfa("febrabanUse1", 9, 17),
  // G057: records of types 1, 3 and 5 in the batch; P007: the sum of the amounts.
  num("recordCount", 18, 23, (c) => c.recordCount),
  num("total", 24, 41, (c) => c.totalCents),
  num("currencyTotal", 42, 59, 0),
  alfa("debitNotice", 60, 65),
  alfa("febrabanUse2", 66, 230),
  alfa("occurrences", 231, 240),
];

export const FEBRABAN_FILE_TRAILER: RecordLayout<FileTrailerContext> = [
  num("bankCode", 1, 3, (c) => c.bankCode),
  num("batch", 4, 7, 9999),
  num("recordType", 8, 8, 9),
  alfa("febrabanUse1", 9, 17),
  // G049 batches in the file; G056 records of every type, file header and trailer included.
  num("batchCount", 18, 23, (c) => c.batchCount),
  num("recordCount", 24, 29, (c) => c.recordCount),
  num("accountsCount", 30, 35, 0),
  alfa("febrabanUse2", 36, 240),
];

export const FEBRABAN_LAYOUTS: Layouts = {
  fileHeader: FEBRABAN_FILE_HEADER,
  batchHeader: FEBRABAN_BATCH_HEADER,
  segmentA: FEBRABAN_SEGMENT_A,
  segmentB: FEBRABAN_SEGMENT_B,
  batchTrailer: FEBRABAN_BATCH_TRAILER,
  fileTrailer: FEBRABAN_FILE_TRAILER,
};
