import { parseMailbox } from "../auth/mailbox";
import { addDays, isIsoDate, parseDateBR } from "../dates";

/*
 * 'Importar CSV' on 'Pessoas' (docs/decisions/060): RH records the admission dates of many people
 * at once, before they ever sign in. One line per person, 'e-mail;data de admissão', the date as
 * dd/mm/aaaa or aaaa-mm-dd, separated by ';' (what a spreadsheet in Portuguese writes) or ','; UTF-8
 * with or without a BOM; a first line naming the columns is skipped. The import is all or nothing:
 * a file with any refused line stores nothing, and every refused line is reported with its reason,
 * so RH fixes the spreadsheet and sends it again rather than hunting for which half went in.
 */

/** A larger file is refused (413) before it is read: 20,000 lines fit in well under this. */
export const ADMISSION_CSV_MAX_BYTES = 1024 * 1024;
export const ADMISSION_CSV_MAX_LINES = 20_000;
/** The earliest admission accepted, and how far ahead one may be recorded (a hire starting soon). */
export const ADMISSION_EARLIEST = "1950-01-01";
export const ADMISSION_AHEAD_DAYS = 365;

export const admissionMessages = {
  emailInvalid: "Informe um e-mail válido",
  dateInvalid: "Informe a data de admissão (dd/mm/aaaa ou aaaa-mm-dd)",
  dateOutOfRange: "Data de admissão fora do intervalo permitido (de 1950 até um ano à frente)",
  saved: "Data de admissão salva",
  cleared: "Data de admissão removida",
  csvEmpty: "O arquivo está vazio: envie uma linha por pessoa, e-mail;data de admissão.",
  csvTooManyLines: `O arquivo tem mais de ${ADMISSION_CSV_MAX_LINES.toLocaleString("pt-BR")} linhas.`,
  csvTooLarge: "O arquivo é grande demais (máximo de 1 MB).",
  csvRefused: "Nenhuma data foi importada: corrija as linhas indicadas e envie o arquivo de novo.",
  csvColumns: (found: number) =>
    `A linha tem ${found} ${found === 1 ? "coluna" : "colunas"}; são esperadas 2 (e-mail;data de admissão).`,
  csvEmail: (text: string) => `E-mail inválido: "${text}".`,
  csvDate: (text: string) => `Data inválida: "${text}" (use dd/mm/aaaa ou aaaa-mm-dd).`,
  csvRepeated: (line: number) => `E-mail repetido (já está na linha ${line}).`,
  imported: (count: number) =>
    count === 1 ? "1 data de admissão importada" : `${count} datas de admissão importadas`,
} as const;

/** The admission date typed as dd/mm/aaaa or aaaa-mm-dd, as aaaa-mm-dd; null when it is no date. */
export function parseAdmissionDate(text: string): string | null {
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return trimmed;
  return parseDateBR(trimmed);
}

/** What is wrong with an admission date (aaaa-mm-dd) recorded on `today`, or null. */
export function admissionDateError(date: string, today: string): string | null {
  if (!isIsoDate(date)) return admissionMessages.dateInvalid;
  if (date < ADMISSION_EARLIEST || date > addDays(today, ADMISSION_AHEAD_DAYS)) {
    return admissionMessages.dateOutOfRange;
  }
  return null;
}

export interface AdmissionLine {
  /** 1-based, as a spreadsheet numbers it. */
  readonly line: number;
  readonly email: string;
  readonly date: string;
}

export interface AdmissionCsv {
  readonly rows: AdmissionLine[];
  /** Each refused line and why; the whole file is refused when any is. */
  readonly refused: { readonly line: number; readonly reason: string }[];
  /** A problem of the whole file (empty, too many lines), or null. */
  readonly fileError: string | null;
}

const unquote = (cell: string) => {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replaceAll('""', '"').trim()
    : trimmed;
};

/** A first line naming the columns rather than a person. */
const isHeader = (cells: readonly string[]) =>
  cells.length > 0 && parseMailbox(cells[0]!) === null && /e-?mail/i.test(cells[0]!);

/** Reads the file's text (the BOM, if any, still on it) against `today`'s date range. */
export function parseAdmissionCsv(text: string, today: string): AdmissionCsv {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  if (lines.length > ADMISSION_CSV_MAX_LINES + 1) {
    return { rows: [], refused: [], fileError: admissionMessages.csvTooManyLines };
  }
  const rows: AdmissionLine[] = [];
  const refused: { line: number; reason: string }[] = [];
  const seen = new Map<string, number>();
  let first = true;
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === "") continue;
    const line = index + 1;
    const cells = raw.split(raw.includes(";") ? ";" : ",").map(unquote);
    if (first && isHeader(cells)) {
      first = false;
      continue;
    }
    first = false;
    // A trailing separator ('a@b;01/02/2020;') leaves an empty last cell: not a third column.
    while (cells.length > 2 && cells.at(-1) === "") cells.pop();
    const reason = lineError(cells, today, seen);
    if (reason) refused.push({ line, reason });
    else {
      const email = parseMailbox(cells[0]!)!;
      seen.set(email, line);
      rows.push({ line, email, date: parseAdmissionDate(cells[1]!)! });
    }
  }
  if (!rows.length && !refused.length) return { rows, refused, fileError: admissionMessages.csvEmpty };
  return { rows, refused, fileError: null };
}

function lineError(
  cells: readonly string[],
  today: string,
  seen: ReadonlyMap<string, number>,
): string | null {
  if (cells.length !== 2) return admissionMessages.csvColumns(cells.length);
  const email = parseMailbox(cells[0]!);
  if (!email) return admissionMessages.csvEmail(cells[0]!.slice(0, 120));
  const earlier = seen.get(email);
  if (earlier) return admissionMessages.csvRepeated(earlier);
  const date = parseAdmissionDate(cells[1]!);
  if (!date) return admissionMessages.csvDate(cells[1]!.slice(0, 40));
  return admissionDateError(date, today);
}
