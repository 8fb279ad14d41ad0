import { isIsoDate, todayInSaoPaulo } from "../../dates";
import { MAX_AMOUNT_DIGITS } from "../../money";

/*
 * The two values of an OFX entry that must be read exactly: its amount and
 * its date.
 */

// OFX 1.0.3 and 2.2, 'Amounts, Prices, and Quantities': a signed decimal whose fraction starts at
// a period or a comma, with nothing separating thousands. Brazilian exports
// use both marks. At most two decimals: '12.345' could be twelve reais and a
// fraction of a cent or, written the Brazilian way, twelve thousand; neither
// is guessed. No exponent ('1e9'), no spaces inside.
const AMOUNT = /^([+-]?)(\d*)(?:[.,](\d{1,2}))?$/;

/** Exact integer cents of an OFX amount ('-150.00' → -15000, '-1234,5' → -123450), null when it is not one. */
export function parseOfxAmount(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const integer = match[2] ?? "";
  const fraction = match[3] ?? "";
  if (integer === "" && fraction === "") return null;
  const digits = `${integer}${fraction.padEnd(2, "0")}`.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_AMOUNT_DIGITS) return null;
  const cents = Number(digits);
  return match[1] === "-" && cents !== 0 ? -cents : cents;
}

// OFX 1.0.3 and 2.2, 'Dates, Times, and Time Zones': YYYYMMDD, optionally HHMMSS and
// .XXX milliseconds, optionally [offset:zone name] with the offset in hours
// ('[-3:BRT]'; Itaú writes '[-03:EST]', a zone name that does not match its
// offset; the offset is what counts).
const DATE_TIME =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?(?:\.\d{1,3})?)?\s*(?:\[\s*([+-]?\d{1,2}(?:\.\d{1,2})?)\s*(?::[^\]]*)?\])?$/;
/** Before this the 'date' is a placeholder: Banco do Brasil writes year 0002 on its balance lines. */
const FIRST_YEAR = 1970;

/**
 * The calendar date (yyyy-mm-dd) an OFX date-time means, null when it is none.
 *
 * A date without a time, or with the time 00:00:00, is that calendar date:
 * exporters that only know the day pad it with zeros, and converting that
 * midnight to another zone would move the entry to the previous day. A time
 * with an offset is an instant, and its date is São Paulo's date at that
 * instant ('20261128013000[0:GMT]' was 27 November, 22:30, in São Paulo).
 * A time without an offset is São Paulo's time: OFX 1.0.3 says GMT, but
 * Brazilian banks write local time there.
 */
export function parseOfxDate(text: string): string | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [match[1] ?? "", match[2] ?? "", match[3] ?? ""];
  const date = `${year}-${month}-${day}`;
  if (!isIsoDate(date) || Number(year) < FIRST_YEAR) return null;
  const [hour, minute, second] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const hours = match[7] === undefined ? null : Number(match[7]);
  if (hours !== null && Math.abs(hours) > 14) return null;
  if (hours === null || hour + minute + second === 0) return date;
  const instant =
    Date.UTC(Number(year), Number(month) - 1, Number(day), hour, minute, second) - hours * 3_600_000;
  return saoPauloDate(instant);
}

/** São Paulo's date by the hour: its offset changes only on the hour, and Intl is slow for 20,000 calls. */
const datesByHour = new Map<number, string>();

function saoPauloDate(instant: number): string {
  const hour = Math.floor(instant / 3_600_000);
  let date = datesByHour.get(hour);
  if (date === undefined) {
    if (datesByHour.size > 10_000) datesByHour.clear();
    date = todayInSaoPaulo(new Date(hour * 3_600_000));
    datesByHour.set(hour, date);
  }
  return date;
}
