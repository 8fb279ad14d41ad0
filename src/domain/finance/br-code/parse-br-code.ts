import {
  ADDITIONAL_DATA_IDS,
  BR_CODE_IDS,
  BR_CODE_LIMITS,
  crc16,
  isValidTxid,
  MERCHANT_ACCOUNT_IDS,
  NO_TXID,
  PIX_GUI,
} from "./br-code";

/*
 * Reading a static Pix BR Code back: the server re-checks every code it made
 * before showing it, and the tests read codes from pix-utils and the Central
 * Bank's example. Strict where a mistake would pay the wrong person or amount
 * (CRC, lengths, key, amount, currency); it does not judge the name's characters,
 * since other generators write accents there.
 */

export type BrCodeFields = {
  /** Every top-level field by id, in the code's order; 26 and 62 as their raw text. */
  all: ReadonlyMap<string, string>;
  /** Template 26's fields: 00 the GUI, 01 the key, 02 the description. */
  merchantAccount: ReadonlyMap<string, string>;
  /** Template 62's fields: 05 the txid. Empty when the code has no 62. */
  additionalData: ReadonlyMap<string, string>;
};

export type ParsedBrCode =
  | {
      ok: true;
      fields: BrCodeFields;
      /** As written in 26-01 (DICT's format for codes we make). */
      key: string;
      description: string | null;
      /** Null when the code leaves the amount to the payer. */
      amountCents: number | null;
      /** Null for '***' or no 62-05. */
      txid: string | null;
      name: string;
      city: string;
    }
  | { ok: false; reason: string };

export const brCodeReadMessages = {
  crc: "Código PIX com dígito verificador (CRC) incorreto: o código foi alterado ou copiado pela metade.",
  malformed: "Código PIX malformado: um campo não tem o tamanho que declara.",
  duplicated: "Código PIX malformado: um campo aparece duas vezes.",
  payloadFormat: "Código PIX malformado: ele deve começar pelo campo 00 com o valor 01.",
  notPix: "Não é um código PIX: falta o campo 26 com br.gov.bcb.pix.",
  dynamic: "Este código PIX não traz uma chave (é um código dinâmico ou incompleto).",
  currency: "Código PIX com moeda diferente do real (campo 53 deve ser 986).",
  country: "Código PIX com país diferente do Brasil (campo 58 deve ser BR).",
  category: "Código PIX sem categoria do recebedor (campo 52).",
  name: "Código PIX sem nome do recebedor ou com mais de 25 caracteres (campo 59).",
  city: "Código PIX sem cidade ou com mais de 15 caracteres (campo 60).",
  amount: "Código PIX com valor malformado (campo 54).",
  txid: "Código PIX com identificador (txid) inválido: até 25 letras ou números (campo 62-05).",
} as const;

type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

function fail<T>(reason: string): Read<T> {
  return { ok: false, reason };
}

/**
 * EMV QRCPS-MPM data objects, one after another: two-digit id, two-digit length
 * 01–99, that many characters. Lengths count characters as JavaScript does, as
 * pix-utils does; the codes we make are ASCII, where characters and bytes agree.
 */
export function readTlvs(text: string): Read<Map<string, string>> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) return fail(brCodeReadMessages.malformed);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (length === 0 || value.length !== length) return fail(brCodeReadMessages.malformed);
    if (fields.has(id)) return fail(brCodeReadMessages.duplicated);
    fields.set(id, value);
    at += 4 + length;
  }
  return { ok: true, value: fields };
}

/**
 * EMV QRCPS-MPM: the code ends with field 63, length 04, whose four hex digits
 * are the CRC of everything before them. Checked before the fields are read so
 * that a code altered or cut short is told as such.
 */
function crcMatches(text: string): boolean {
  const match = /6304([0-9A-Fa-f]{4})$/.exec(text);
  return match !== null && crc16(text.slice(0, -4)) === (match[1] ?? "").toUpperCase();
}

function lastId(fields: ReadonlyMap<string, string>): string | undefined {
  return [...fields.keys()].at(-1);
}

/** EMV QRCPS-MPM amount: digits with at most two decimals after a '.', up to 13 characters. */
export function readAmountCents(value: string): number | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(value);
  if (!match || value.length > BR_CODE_LIMITS.amount) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

function readMerchantAccount(value: string | undefined): Read<Map<string, string>> {
  if (value === undefined) return fail(brCodeReadMessages.notPix);
  const account = readTlvs(value);
  if (!account.ok) return account;
  // The GUI is case-insensitive: banks write both br.gov.bcb.pix and BR.GOV.BCB.PIX.
  if (account.value.get(MERCHANT_ACCOUNT_IDS.gui)?.toLowerCase() !== PIX_GUI)
    return fail(brCodeReadMessages.notPix);
  if (!account.value.get(MERCHANT_ACCOUNT_IDS.key)) return fail(brCodeReadMessages.dynamic);
  return account;
}

/** The fields every Pix BR Code has with fixed values ("Manual de Padrões para Iniciação do Pix"). */
function checkFixedFields(fields: ReadonlyMap<string, string>): string | null {
  const ids = [...fields.keys()];
  if (ids[0] !== BR_CODE_IDS.payloadFormat || fields.get(BR_CODE_IDS.payloadFormat) !== "01")
    return brCodeReadMessages.payloadFormat;
  if (!/^\d{4}$/.test(fields.get(BR_CODE_IDS.merchantCategory) ?? "")) return brCodeReadMessages.category;
  if (fields.get(BR_CODE_IDS.currency) !== "986") return brCodeReadMessages.currency;
  if (fields.get(BR_CODE_IDS.country) !== "BR") return brCodeReadMessages.country;
  const name = fields.get(BR_CODE_IDS.merchantName) ?? "";
  if (name.trim() === "" || name.length > BR_CODE_LIMITS.merchantName) return brCodeReadMessages.name;
  const city = fields.get(BR_CODE_IDS.merchantCity) ?? "";
  if (city.trim() === "" || city.length > BR_CODE_LIMITS.merchantCity) return brCodeReadMessages.city;
  return null;
}

function readAdditionalData(
  value: string | undefined,
): Read<{ fields: Map<string, string>; txid: string | null }> {
  if (value === undefined) return { ok: true, value: { fields: new Map(), txid: null } };
  const data = readTlvs(value);
  if (!data.ok) return data;
  const txid = data.value.get(ADDITIONAL_DATA_IDS.txid);
  if (txid !== undefined && !isValidTxid(txid)) return fail(brCodeReadMessages.txid);
  return {
    ok: true,
    value: { fields: data.value, txid: txid === undefined || txid === NO_TXID ? null : txid },
  };
}

/** A static Pix BR Code's fields, checked, or why it is not one. */
export function parseBrCode(text: string): ParsedBrCode {
  const code = text.trim();
  if (!crcMatches(code)) return { ok: false, reason: brCodeReadMessages.crc };
  const top = readTlvs(code);
  if (!top.ok) return top;
  const fields = top.value;
  // '6304' at the end could be the tail of another field's value.
  if (lastId(fields) !== BR_CODE_IDS.crc) return { ok: false, reason: brCodeReadMessages.malformed };
  const fixedProblem = checkFixedFields(fields);
  if (fixedProblem) return { ok: false, reason: fixedProblem };

  const account = readMerchantAccount(fields.get(BR_CODE_IDS.merchantAccount));
  if (!account.ok) return account;
  const amountText = fields.get(BR_CODE_IDS.amount);
  const amountCents = amountText === undefined ? null : readAmountCents(amountText);
  if (amountText !== undefined && amountCents === null)
    return { ok: false, reason: brCodeReadMessages.amount };
  const additional = readAdditionalData(fields.get(BR_CODE_IDS.additionalData));
  if (!additional.ok) return additional;

  return {
    ok: true,
    fields: { all: fields, merchantAccount: account.value, additionalData: additional.value.fields },
    key: account.value.get(MERCHANT_ACCOUNT_IDS.key) ?? "",
    description: account.value.get(MERCHANT_ACCOUNT_IDS.description) ?? null,
    amountCents,
    txid: additional.value.txid,
    name: fields.get(BR_CODE_IDS.merchantName) ?? "",
    city: fields.get(BR_CODE_IDS.merchantCity) ?? "",
  };
}
