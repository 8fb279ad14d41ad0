import { AGENCY_TIME_ZONE } from "../../shell/greeting";
import type {
  BatchTrailerContext,
  DetailContext,
  FileHeaderContext,
  FileTrailerContext,
  PayingAccount,
  PixPayment,
  PreparedPayer,
  PreparedPayment,
} from "./febraban";
import { LayoutError, renderRecord } from "./layout";
import { BANK_PROFILES, type BankProfile, type BankProfileId, bankNameFor } from "./profiles";
import { MAX_FILE_NUMBER, preparePayer, preparePayments, type RemittanceProblem } from "./validation";

/*
 * 'Gerar arquivo para o banco' in 'Lote de pagamento': the CNAB 240 remittance
 * ('remessa') paying the chosen payments by PIX key. One file, one batch (forma de
 * lançamento 45), segments A and B per payment (FEBRABAN v10.11: A carries the
 * payment, B the key). ISO-8859-1 with CRLF after every record, as FEBRABAN's
 * "Características do arquivo" and the banks' transfer channels expect; our text is
 * plain ASCII, so it is the same bytes in ISO-8859-1 and in UTF-8.
 */

export type RemittanceInput = {
  profile: BankProfileId;
  payer: PayingAccount;
  /** Our sequential file number (G018, 1 to 999999); the server keeps the sequence. */
  fileNumber: number;
  /** When the file is made; its date and time in São Paulo go in the header. */
  generatedAt: Date;
  payments: readonly PixPayment[];
  /** A file for the bank's homologation run: Banco do Brasil marks it 'TS'; the other layouts have no mark. */
  homologation?: boolean;
};

export type Remittance =
  | { ok: true; text: string; fileName: string; recordCount: number; totalCents: number }
  | { ok: false; problems: RemittanceProblem[] };

export const CRLF = "\r\n";

const clock = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** São Paulo's calendar and clock at an instant: { isoDate: 'yyyy-mm-dd', date: 'ddmmyyyy', time: 'hhmmss' }. */
export function saoPauloClock(at: Date): { isoDate: string; date: string; time: string } {
  const parts = clock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  const [year, month, day] = [part("year").padStart(4, "0"), part("month"), part("day")];
  return {
    isoDate: `${year}-${month}-${day}`,
    date: `${day}${month}${year}`,
    time: `${part("hour")}${part("minute")}${part("second")}`,
  };
}

/**
 * FEBRABAN fixes no file name; '.REM' for a remittance ('.RET' for the return) is
 * the banks' usual convention, and 'PIX' with the six-digit file number keeps the
 * names unique and in order.
 */
export function remittanceFileName(fileNumber: number): string {
  return `PIX${String(fileNumber).padStart(6, "0")}.REM`;
}

function checkFile(input: RemittanceInput): RemittanceProblem[] {
  const problems: RemittanceProblem[] = [];
  if (!Number.isInteger(input.fileNumber) || input.fileNumber < 1 || input.fileNumber > MAX_FILE_NUMBER) {
    problems.push({
      reference: null,
      message: `O número do arquivo deve ir de 1 a ${MAX_FILE_NUMBER}; recebeu ${input.fileNumber}.`,
    });
  }
  if (!(input.generatedAt instanceof Date) || Number.isNaN(input.generatedAt.getTime())) {
    problems.push({ reference: null, message: "A data e hora de geração do arquivo não são válidas." });
  }
  return problems;
}

type Batch = {
  profile: BankProfile;
  payer: PreparedPayer;
  payments: PreparedPayment[];
  input: RemittanceInput;
};

function renderBatch({ profile, payer, payments, input }: Batch, bankCode: string): string[] {
  const common = { bankCode, payer, versions: profile.versions };
  const batchNumber = 1;
  const homologation = input.homologation ?? false;
  const lines = [renderRecord(profile.layouts.batchHeader, { ...common, batchNumber, homologation })];
  payments.forEach((payment, index) => {
    const detail: DetailContext = {
      ...common,
      batchNumber,
      sequence: index * 2 + 1,
      payment,
      keyTypeCode: profile.keyTypeCodes[payment.keyType],
    };
    try {
      lines.push(renderRecord(profile.layouts.segmentA, detail));
      lines.push(renderRecord(profile.layouts.segmentB, { ...detail, sequence: detail.sequence + 1 }));
    } catch (error) {
      if (error instanceof LayoutError) error.reference = payment.reference;
      throw error;
    }
  });
  const trailer: BatchTrailerContext = {
    ...common,
    batchNumber,
    recordCount: lines.length + 1,
    totalCents: payments.reduce((sum, payment) => sum + payment.amountCents, 0),
  };
  lines.push(renderRecord(profile.layouts.batchTrailer, trailer));
  return lines;
}

function renderFile(batch: Batch): string[] {
  const { profile, payer, input } = batch;
  const bankCode = profile.bankCode ?? payer.bankCode;
  const common = { bankCode, payer, versions: profile.versions };
  const { date, time } = saoPauloClock(input.generatedAt);
  const header: FileHeaderContext = {
    ...common,
    bankName: bankNameFor(profile, bankCode),
    fileNumber: input.fileNumber,
    date,
    time,
    direction: 1,
    homologation: input.homologation ?? false,
  };
  const batchLines = renderBatch(batch, bankCode);
  const trailer: FileTrailerContext = { ...common, batchCount: 1, recordCount: batchLines.length + 2 };
  return [
    renderRecord(profile.layouts.fileHeader, header),
    ...batchLines,
    renderRecord(profile.layouts.fileTrailer, trailer),
  ];
}

/**
 * The remittance for the payments, or every problem that keeps it from being
 * written (a payment's, by its reference; the file's or paying account's, with a
 * null reference). Nothing is written when anything is wrong.
 */
export function buildRemittance(input: RemittanceInput): Remittance {
  const profile = BANK_PROFILES[input.profile];
  if (!profile)
    return {
      ok: false,
      problems: [{ reference: null, message: `Perfil de banco desconhecido: "${input.profile}".` }],
    };
  const fileProblems = checkFile(input);
  const today = fileProblems.length === 0 ? saoPauloClock(input.generatedAt).isoDate : "0000-00-00";
  const payer = preparePayer(input.payer, profile);
  const payments = preparePayments(input.payments ?? [], today);
  const problems = [...fileProblems, ...payer.problems, ...payments.problems];
  const totalCents = payments.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  if (!Number.isSafeInteger(totalCents))
    problems.push({ reference: null, message: "A soma dos valores passa do que o arquivo comporta." });
  if (problems.length > 0) return { ok: false, problems };
  try {
    const lines = renderFile({ profile, payer: payer.payer, payments: payments.payments, input });
    return {
      ok: true,
      text: lines.join(CRLF) + CRLF,
      fileName: remittanceFileName(input.fileNumber),
      recordCount: lines.length,
      totalCents,
    };
  } catch (error) {
    // The checks above should leave nothing for the layout to refuse; if they missed a case, say which field.
    if (error instanceof LayoutError) {
      return { ok: false, problems: [{ reference: error.reference, message: error.message }] };
    }
    throw error;
  }
}
