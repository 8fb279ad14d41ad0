import { isIsoDate } from "../dates";
import { type AccessKey, parseAccessKey } from "./access-key";
import { receiptMessages } from "./messages";
import { type NfceQr, parseNfceQr } from "./nfce-qr";

/*
 * The reimbursement form's field 'Chave de acesso da nota': people type the key
 * from the paper, paste it, or paste what their phone read from the QR code. A
 * key alone gives the note's identity; a QR may add the total and the day.
 */

export type ReceiptInput = { ok: true; key: AccessKey; qr: NfceQr | null } | { ok: false; message: string };

/** The key, and the QR's data when the text was a QR's; otherwise the field's message. Never throws. */
export function readReceiptInput(text: string): ReceiptInput {
  const key = parseAccessKey(text);
  if (key !== null) return { ok: true, key, qr: null };
  const qr = parseNfceQr(text);
  if (qr !== null) return { ok: true, key: qr.key, qr };
  return { ok: false, message: receiptMessages.invalidKey };
}

/**
 * Calendar months from the key's month of issue ('yyyy-mm') to the expense date's
 * month ('yyyy-mm-dd'): positive when the expense is later. Null when either is malformed.
 */
export function monthsBetween(keyYearMonth: string, expenseDateIso: string): number | null {
  const key = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(keyYearMonth);
  if (!key || !isIsoDate(expenseDateIso)) return null;
  const expenseMonths = Number(expenseDateIso.slice(0, 4)) * 12 + Number(expenseDateIso.slice(5, 7));
  return expenseMonths - (Number(key[1]) * 12 + Number(key[2]));
}

/**
 * A flag for Finance: the note was issued more than `months` calendar months away
 * from the expense date. The default is 1. The key only knows the month, so one
 * month apart may be a single day (a purchase on the 31st and an expense dated the
 * 1st, or dated when it was paid), and that must pass. Two months apart is at
 * least 29 days; an NFC-e is issued at the till and an NF-e at the sale, so the
 * note's month is the purchase's, and a gap that wide means another purchase's
 * receipt or a mistyped date, worth a look either way. With 2 the flag would stay
 * silent up to 89 days. An expense date that is no date gives no flag: that field
 * has its own message.
 */
export function receiptMonthFarFrom(
  key: Pick<AccessKey, "yearMonth">,
  expenseDateIso: string,
  months = 1,
): boolean {
  const distance = monthsBetween(key.yearMonth, expenseDateIso);
  return distance !== null && Math.abs(distance) > months;
}
