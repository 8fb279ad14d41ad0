import { readRecord, replaceField } from "./layout";
import { BANK_PROFILES, type BankProfile, type BankProfileId, profileForBank } from "./profiles";
import { CRLF, saoPauloClock } from "./remittance";

/*
 * For tests and demos only: the return file a bank would send for one of our
 * remittances, so the server's tests and the end-to-end suite can play the bank.
 * No bank is asked anything; the file is ours with the fields a bank changes in
 * its return, as FEBRABAN v10.11 and the banks' manuals describe them: header
 * code 2 (G015), the occurrence codes in segment A 231–240 (G059) and, for a paid
 * payment, the real date (P003, 155–162) and amount (P004, 163–177).
 */

/** A payment's fate: its occurrence codes, and for a paid one when and how much (default: as asked). */
export type SimulatedOutcome = { codes: readonly string[]; paidOn?: string; paidCents?: number };

export type SimulationOptions = {
  profile?: BankProfileId;
  /** When the bank made the file; default: the remittance's own date and time. */
  generatedAt?: Date;
};

/** Up to five codes of two characters (G059 has room for five). */
function occurrenceField(codes: readonly string[]): string {
  if (codes.length === 0 || codes.length > 5 || codes.some((code) => !/^[0-9A-Z]{2}$/.test(code))) {
    throw new RangeError(`Ocorrências simuladas inválidas: ${codes.join(", ")}`);
  }
  return codes.join("");
}

function simulateSegmentA(line: string, profile: BankProfile, outcome: SimulatedOutcome): string {
  const layout = profile.layouts.segmentA;
  const read = readRecord(layout, line);
  if (!read.ok) throw new RangeError(`Segmento A da remessa ilegível: ${read.message}`);
  let result = replaceField(line, layout, "occurrences", occurrenceField(outcome.codes));
  const paid = outcome.codes.some((code) => profile.occurrences[code]?.kind === "paid");
  if (paid) {
    const paidOn = outcome.paidOn
      ? `${outcome.paidOn.slice(8, 10)}${outcome.paidOn.slice(5, 7)}${outcome.paidOn.slice(0, 4)}`
      : (read.values.paymentDate ?? "");
    result = replaceField(result, layout, "realDate", paidOn);
    result = replaceField(result, layout, "realAmount", outcome.paidCents ?? Number(read.values.amount));
  }
  return result;
}

function simulateHeader(line: string, profile: BankProfile, at: Date | undefined): string {
  let result = replaceField(line, profile.layouts.fileHeader, "direction", 2);
  if (at) {
    const { date, time } = saoPauloClock(at);
    result = replaceField(result, profile.layouts.fileHeader, "date", date);
    result = replaceField(result, profile.layouts.fileHeader, "time", time);
  }
  return result;
}

/**
 * The bank's return for our remittance: each payment gets the outcome given for
 * its reference ('00', paid on its date, when none is given). A code stands for
 * itself, or pass several with a date and amount.
 */
export function returnFor(
  remittanceText: string,
  outcomes: Readonly<Record<string, string | SimulatedOutcome>> = {},
  options: SimulationOptions = {},
): string {
  const lines = remittanceText.split(/\r\n|\n/).filter((line) => line !== "");
  const bankCode = lines[0]?.slice(0, 3) ?? "";
  const profile = options.profile ? BANK_PROFILES[options.profile] : profileForBank(bankCode);
  const simulated = lines.map((line) => {
    if (line[7] === "0") return simulateHeader(line, profile, options.generatedAt);
    if (line[7] !== "3" || line[13] !== "A") return line;
    const reference = line.slice(73, 93).trim();
    const given = outcomes[reference] ?? "00";
    return simulateSegmentA(line, profile, typeof given === "string" ? { codes: [given] } : given);
  });
  return simulated.join(CRLF) + CRLF;
}
