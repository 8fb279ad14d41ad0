/*
 * Money is held as integer cents everywhere (a float such as 0.1 + 0.2 cannot
 * hold a price); reais appear only at the edges: the pt-BR text people read and
 * type (spec §2 /reembolso, §9 Limits), and the JSON number the webhooks and the
 * reembolso_solicitacoes.valor column carry (spec §3, §7).
 */

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * The most digits the mask keeps: 15 digits of cents stay below
 * Number.MAX_SAFE_INTEGER, so every amount shown is exact.
 */
export const MAX_AMOUNT_DIGITS = 15;

/** 'R$ 0,00' as the mask shows an empty field; note the U+00A0 after 'R$'. */
export const EMPTY_AMOUNT_DISPLAY = formatBRL(0);

/**
 * 123456 → 'R$ 1.234,56' (U+00A0 after 'R$'). The amount is handed to Intl as a
 * decimal string, so no division by 100 can round the last digit of a large sum.
 */
export function formatBRL(cents: number): string {
  if (!Number.isFinite(cents)) return brl.format(cents);
  const whole = Math.round(cents);
  const sign = whole < 0 ? "-" : "";
  // BigInt writes every digit: String(1e21) is '1e+21', which Intl read as NaN.
  const digits = BigInt(Math.abs(whole)).toString().padStart(3, "0");
  const decimal = `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  // Intl.NumberFormat v3 formats a numeric string exactly; older engines convert it to a number first.
  return brl.format(decimal as unknown as number);
}

/**
 * The currency mask of spec §5 Reimbursement: keep the digits only, read them as
 * cents, show them in pt-BR. Typing '1', '2', '3' into 'R$ 0,00' gives 'R$ 0,01',
 * 'R$ 0,12', 'R$ 1,23'; deleting works the same way backwards.
 */
export function maskCurrencyInput(typed: string): { cents: number; display: string } {
  const digits = typed.replace(/\D/g, "").replace(/^0+/, "").slice(0, MAX_AMOUNT_DIGITS);
  const cents = digits === "" ? 0 : Number(digits);
  return { cents, display: formatBRL(cents) };
}

// Optional 'R$', then either plain digits or digits grouped by dots in threes,
// then an optional comma with one or two decimals. '1.5' is refused: in pt-BR
// the dot only groups thousands, so it is not read as one and a half.
const BRL_TEXT = /^(?:R\$\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/i;

/**
 * Exact cents of a Brazilian amount as the mask shows it or as people type it:
 * 'R$ 1.234,56', '1.234,56', '1234,56', '1234', '0,5' (50 cents). Null for
 * anything else: letters, two commas, a sign, or more than the mask can hold.
 */
export function parseBrlToCents(text: string): number | null {
  const match = BRL_TEXT.exec(text.trim());
  if (!match) return null;
  const integer = (match[1] ?? "").replace(/\./g, "").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const digits = `${integer}${fraction}`.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_AMOUNT_DIGITS) return null;
  return Number(digits);
}

/** 123456 → 1234.56, the number in reais that the JSON payloads and the valor column carry (spec §3, §7). */
export function centsToReais(cents: number): number {
  return Number((Math.round(cents) / 100).toFixed(2));
}

/** 1234.56 → 123456: reads a number in reais (a stored valor) back into cents. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}
