/*
 * PIX keys as the Central Bank's directory (DICT) stores them. People type keys
 * with dots, dashes, spaces, brackets and capitals; we normalise first, then
 * check, so '529.982.247-25' and '52998224725' are the same key.
 * Rules: the key formats of the Central Bank's DICT API, one function each below.
 */

export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "evp"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export type PixKey = { type: PixKeyType; value: string };

/** Spec §5 asks only that the key be given; the message for a malformed one is ours. */
export const INVALID_PIX_KEY_MESSAGE = "Chave PIX inválida";

/** DICT's limit for e-mail keys. */
export const MAX_PIX_EMAIL_LENGTH = 77;

function isRepeated(text: string): boolean {
  return /^(.)\1*$/.test(text);
}

/** Check digit of CPF and CNPJ: remainder below 2 gives 0, else 11 − remainder. */
function checkDigit(values: readonly number[], weights: readonly number[]): number {
  const sum = values.reduce((total, value, i) => total + value * (weights[i] ?? 0), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** 11 digits, weights 10→2 then 11→2; the repeated-digit numbers pass the arithmetic and are refused. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || isRepeated(digits)) return false;
  const values = [...digits].map(Number);
  const first = checkDigit(values.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(values.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return values[9] === first && values[10] === second;
}

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * 14 characters in upper case. From July 2026 the first 12 may be letters, worth
 * their ASCII code − 48 (so '0'–'9' keep their value); the two check digits stay numeric.
 */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || isRepeated(value)) return false;
  const values = [...value].map((char) => char.charCodeAt(0) - 48);
  const first = checkDigit(values.slice(0, 12), CNPJ_FIRST_WEIGHTS);
  const second = checkDigit(values.slice(0, 13), CNPJ_SECOND_WEIGHTS);
  return values[12] === first && values[13] === second;
}

// DICT's e-mail pattern (lower case only, since we lower-case first), with a dot required in the domain.
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * A Brazilian number after the country code: a two-digit area code 11–99, then 8
 * digits (a landline, starting with 2–5) or 9 (a mobile, starting with 9), as
 * Anatel's numbering plan has it since mobiles took their ninth digit. An 8-digit
 * number starting with 9 is a mobile missing a digit, so it is refused.
 */
function brazilianPhone(national: string): string | null {
  const match = /^([1-9][1-9])(\d{8,9})$/.exec(national);
  if (!match) return null;
  const number = match[2] ?? "";
  if (!(number.length === 9 ? /^9/ : /^[2-5]/).test(number)) return null;
  return `+55${national}`;
}

/**
 * The key's kind and its value as DICT stores it, or null when it is no valid key:
 * CPF and CNPJ without punctuation, e-mail in lower case, phone as +55DDNNNNNNNNN,
 * random key (EVP) as a lower-case UUID with dashes.
 */
export function parsePixKey(input: string): PixKey | null {
  const text = input.trim();
  if (text === "") return null;

  if (text.includes("@")) {
    const email = text.toLowerCase();
    return email.length <= MAX_PIX_EMAIL_LENGTH && EMAIL.test(email) ? { type: "email", value: email } : null;
  }

  const compact = text.replace(/[\s.\-/()]/g, "");

  // 32 hexadecimal digits cannot be any other kind of key.
  const hex = text.toLowerCase().replace(/[\s-]/g, "");
  if (/^[0-9a-f]{32}$/.test(hex)) {
    const value = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { type: "evp", value };
  }

  // A '+' or a bracketed area code can only be a phone number.
  if (compact.startsWith("+")) {
    const digits = compact.slice(1);
    if (!/^\d+$/.test(digits) || !digits.startsWith("55")) return null;
    const phone = brazilianPhone(digits.slice(2));
    return phone ? { type: "phone", value: phone } : null;
  }
  if (text.includes("(")) {
    const phone = /^\d+$/.test(compact) ? brazilianPhone(compact) : null;
    return phone ? { type: "phone", value: phone } : null;
  }

  // Written with the CPF mask: a CPF or nothing, so a mistyped CPF never becomes a phone key.
  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text)) {
    return isValidCpf(compact) ? { type: "cpf", value: compact } : null;
  }

  const upper = compact.toUpperCase();
  if (upper.length === 14 && /^[0-9A-Z]+$/.test(upper)) {
    return isValidCnpj(upper) ? { type: "cnpj", value: upper } : null;
  }

  if (!/^\d+$/.test(compact)) return null;

  // A bare 11-digit number that is a valid CPF is a CPF; otherwise it may be DDD + mobile.
  if (compact.length === 11 && isValidCpf(compact)) return { type: "cpf", value: compact };
  if (compact.length === 10 || compact.length === 11) {
    const phone = brazilianPhone(compact);
    return phone ? { type: "phone", value: phone } : null;
  }
  // Country code typed without the '+'.
  if ((compact.length === 12 || compact.length === 13) && compact.startsWith("55")) {
    const phone = brazilianPhone(compact.slice(2));
    return phone ? { type: "phone", value: phone } : null;
  }
  return null;
}

export function isValidPixKey(input: string): boolean {
  return parsePixKey(input) !== null;
}
