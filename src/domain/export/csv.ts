import { AGENCY_TIME_ZONE } from "../shell/greeting";

/*
 * CSV as Excel in Brazil opens it with a double click (decision 013): the
 * separator is ';' (the list separator of a pt-BR Windows, since ',' is the
 * decimal mark), amounts are '1.234,56' without 'R$' so Excel reads them as
 * numbers, dates are dd/mm/aaaa on São Paulo's calendar, and the file starts
 * with a UTF-8 BOM, without which Excel reads it as Windows-1252 and breaks
 * every accent. Fields are quoted as RFC 4180 says.
 */

/** U+FEFF, written once at the start of the file. */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
/** RFC 4180 ends lines with CRLF; Excel accepts both, other readers expect this one. */
export const CSV_NEWLINE = "\r\n";

/**
 * A cell that a spreadsheet would run as a formula ('=HYPERLINK(…)', '+', '-',
 * '@', or a tab or CR before one) is CSV injection (OWASP): text people typed
 * is written with a leading apostrophe, which Excel shows as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: quoted when it holds the separator, a quote, or a line break; quotes doubled. */
export function csvField(value: string | null | undefined): string {
  const text = value ?? "";
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, with its line break. */
export function csvLine(values: readonly (string | null | undefined)[]): string {
  return values.map(csvField).join(CSV_SEPARATOR) + CSV_NEWLINE;
}

/**
 * 123456 → '1.234,56': the amount as Excel pt-BR reads a number, exact from
 * cents (no float division), without the currency sign that would make it text.
 */
export function csvMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "";
  const whole = Math.round(cents);
  const digits = String(Math.abs(whole)).padStart(3, "0");
  const reais = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${whole < 0 ? "-" : ""}${reais},${digits.slice(-2)}`;
}

const saoPauloDay = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * A calendar date ('2026-03-05') or an instant (ISO text or Date) as
 * '05/03/2026'. An instant is read on São Paulo's calendar: 01:30 UTC on the
 * 6th is still the 5th there.
 */
export function csvDate(value: string | Date | null | undefined): string {
  const iso = isoDay(value);
  if (!iso) return "";
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year}`;
}

/** 'yyyy-mm-dd' of a calendar date or of an instant in São Paulo; null for nothing. */
export function isoDay(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = saoPauloDay.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
