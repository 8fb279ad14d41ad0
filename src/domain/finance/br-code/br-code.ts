import { INVALID_PIX_KEY_MESSAGE, parsePixKey } from "../../pix-key";

/*
 * 'Pagar com PIX' in 'Lote de pagamento': the static BR Code ('PIX copia e cola')
 * of an approved payment, so the bank app fills in the payee's key, the amount and
 * a txid that leads back to the request.
 *
 * Layout: EMV QRCPS-MPM (each field is a two-digit id, a two-digit length and the
 * value; the CRC closes the code). What goes in each field for Pix: the Central
 * Bank's "Manual de Padrões para Iniciação do Pix" (template 26 with the GUI
 * br.gov.bcb.pix and the key as DICT stores it, the txid in 62-05).
 */

export const PIX_GUI = "br.gov.bcb.pix";
/** "Manual de Padrões para Iniciação do Pix": 62-05 holds '***' in a static code without a txid. */
export const NO_TXID = "***";

/** Top-level ids (EMV QRCPS-MPM). */
export const BR_CODE_IDS = {
  payloadFormat: "00",
  pointOfInitiation: "01",
  merchantAccount: "26",
  merchantCategory: "52",
  currency: "53",
  amount: "54",
  country: "58",
  merchantName: "59",
  merchantCity: "60",
  additionalData: "62",
  crc: "63",
} as const;
/** Inside template 26 ("Manual de Padrões para Iniciação do Pix"). */
export const MERCHANT_ACCOUNT_IDS = { gui: "00", key: "01", description: "02" } as const;
/** Inside template 62 (EMV QRCPS-MPM calls 05 the reference label; Pix puts the txid there). */
export const ADDITIONAL_DATA_IDS = { txid: "05" } as const;

export const BR_CODE_LIMITS = {
  /** EMV QRCPS-MPM: Merchant Name, ans 25. */
  merchantName: 25,
  /** EMV QRCPS-MPM: Merchant City, ans 15. */
  merchantCity: 15,
  /** "Manual de Padrões para Iniciação do Pix": a static code's txid has up to 25 alphanumerics. */
  txid: 25,
  /** EMV QRCPS-MPM: Transaction Amount, ans 13 (digits and the '.'). */
  amount: 13,
  /** EMV QRCPS-MPM: a field's length has two digits, so a template holds at most 99 characters. */
  template: 99,
} as const;

/** 9999999999.99, the largest amount 13 characters can write. */
export const MAX_AMOUNT_CENTS = 999_999_999_999;

/** The fixed values of a Pix BR Code: Payload Format 01, no category (0000), real (ISO 4217 986), Brazil. */
const FIXED = { payloadFormat: "01", merchantCategory: "0000", currency: "986", country: "BR" } as const;

export const brCodeMessages = {
  invalidKey: `${INVALID_PIX_KEY_MESSAGE}: corrija a chave no pedido antes de pagar.`,
  invalidAmount: "Valor inválido para o PIX: o valor aprovado precisa ser maior que zero, em centavos.",
  amountTooLarge: "Valor acima do que um código PIX comporta (R$ 9.999.999.999,99): pague por transferência.",
  emptyName: "Nome do recebedor vazio: informe o nome de quem recebe antes de gerar o código PIX.",
  emptyCity: "Cidade do escritório não informada: configure a cidade antes de gerar o código PIX.",
  templateTooLong:
    "A chave PIX e a descrição não cabem no código PIX (limite de 99 caracteres): encurte a descrição.",
  invalidTxid: "Identificador do PIX (txid) inválido: use de 1 a 25 letras sem acento ou números.",
} as const;

export type BrCodeInput = {
  /** As typed or stored: parsed with parsePixKey and written as DICT stores it. */
  key: string;
  /** The payee's name; cleaned and cut to 25 characters. */
  name: string;
  /** The office's city; cleaned and cut to 15 characters. */
  city: string;
  amountCents: number;
  /** 1 to 25 letters or digits, or '***' for none. */
  txid: string;
  /** Shown to the payer by some bank apps; cleaned like the name, never cut. */
  description?: string;
};

export type BrCodeResult = { ok: true; code: string } | { ok: false; reason: string };

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final
 * xor) of the text's UTF-8 bytes, as four upper-case hex digits: the check EMV
 * QRCPS-MPM puts in field 63, computed over the code up to and including '6304'.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One EMV field: id, length in two digits, value. Callers keep values at 99 characters or fewer. */
export function tlv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

// Apostrophes join what they separate ("D'Ávila" → "DAVILA"); other punctuation becomes a space.
const APOSTROPHES = /['`´\u2018\u2019\u02bc]/g;

/**
 * A name or city as every bank app reads it: upper-case A–Z, digits and single
 * spaces, cut to `max` with no space left at the end.
 *
 * Why so strict: EMV QRCPS-MPM types both fields 'ans' (its common character
 * set, no accents); the BR Code manual first allowed only A–Z, 0–9, space and
 * $%*+-./: and later dropped the rule, yet strict readers in payers' apps still
 * refuse an accent or '&' in field 59, and some refuse parentheses in the
 * description. In Pix, field 59 is ignored (the Central Bank, citing the "Manual
 * de Padrões para Iniciação do Pix": the payer sees the name DICT holds for the
 * key), so the safest set costs nothing.
 * Accents are taken off (NFKD, marks dropped) and letters upper-cased, as
 * pix-utils does: 'São Paulo' → 'SAO PAULO'.
 */
export function cleanMerchantText(text: string, max: number): string {
  const plain = text
    .replace(APOSTROPHES, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
  return plain.slice(0, max).trimEnd();
}

export const TXID_PREFIX = "BALCAO";
const TXID_ID_CHARACTERS = BR_CODE_LIMITS.txid - TXID_PREFIX.length;

/**
 * The txid of a request's payment: 'BALCAO' and the first 19 hex digits of the
 * request's UUID, dashes dropped, upper-case (25 characters, A–Z and 0–9). The
 * same request always gives the same txid; 76 bits of a random UUID make two
 * requests sharing one out of reach. Finance finds the request from the
 * statement with requestIdPrefixFromTxid.
 */
export function txidForRequest(requestId: string): string {
  const characters = requestId.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  if (characters === "") throw new Error("txidForRequest: the request id has no letters or digits");
  return `${TXID_PREFIX}${characters.slice(0, TXID_ID_CHARACTERS)}`;
}

/**
 * The start of the request id a txid of ours came from, lower-case and dashed
 * like a UUID ('3f2a1b4c-5d6e-4f70-812'), to search requests by; null for a txid
 * that is not ours.
 */
export function requestIdPrefixFromTxid(txid: string): string | null {
  const match = new RegExp(`^${TXID_PREFIX}([0-9A-F]{${TXID_ID_CHARACTERS}})$`).exec(
    txid.trim().toUpperCase(),
  );
  if (!match) return null;
  const hex = (match[1] ?? "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16)}`;
}

export function isValidTxid(txid: string): boolean {
  return txid === NO_TXID || new RegExp(`^[A-Za-z0-9]{1,${BR_CODE_LIMITS.txid}}$`).test(txid);
}

/** EMV QRCPS-MPM amount: digits, a '.', two decimals; no thousands separator. */
export function formatAmount(amountCents: number): string {
  const reais = Math.trunc(amountCents / 100);
  const cents = String(amountCents % 100).padStart(2, "0");
  return `${reais}.${cents}`;
}

function refuse(reason: string): BrCodeResult {
  return { ok: false, reason };
}

/**
 * The static BR Code for one payment, or why there can be none.
 *
 * Field 01 (Point of Initiation Method) is left out, as in the manual's static
 * example and in pix-utils's static codes. In Pix, '12' on a static code only
 * asks the payer's app to warn that it is meant to be paid once (the Central
 * Bank's answer in its Pix API forum: a static code always takes many
 * payments); what keeps a payment from being made twice is the batch marking it
 * paid.
 */
export function buildBrCode(input: BrCodeInput): BrCodeResult {
  const key = parsePixKey(input.key);
  if (!key) return refuse(brCodeMessages.invalidKey);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    return refuse(brCodeMessages.invalidAmount);
  if (input.amountCents > MAX_AMOUNT_CENTS) return refuse(brCodeMessages.amountTooLarge);
  const name = cleanMerchantText(input.name, BR_CODE_LIMITS.merchantName);
  if (name === "") return refuse(brCodeMessages.emptyName);
  const city = cleanMerchantText(input.city, BR_CODE_LIMITS.merchantCity);
  if (city === "") return refuse(brCodeMessages.emptyCity);
  if (!isValidTxid(input.txid)) return refuse(brCodeMessages.invalidTxid);

  // The description is not cut: a shortened message could say something else.
  const description = cleanMerchantText(input.description ?? "", Number.POSITIVE_INFINITY);
  const merchantAccount = [
    tlv(MERCHANT_ACCOUNT_IDS.gui, PIX_GUI),
    tlv(MERCHANT_ACCOUNT_IDS.key, key.value),
    description === "" ? "" : tlv(MERCHANT_ACCOUNT_IDS.description, description),
  ].join("");
  if (merchantAccount.length > BR_CODE_LIMITS.template) return refuse(brCodeMessages.templateTooLong);

  const payload = [
    tlv(BR_CODE_IDS.payloadFormat, FIXED.payloadFormat),
    tlv(BR_CODE_IDS.merchantAccount, merchantAccount),
    tlv(BR_CODE_IDS.merchantCategory, FIXED.merchantCategory),
    tlv(BR_CODE_IDS.currency, FIXED.currency),
    tlv(BR_CODE_IDS.amount, formatAmount(input.amountCents)),
    tlv(BR_CODE_IDS.country, FIXED.country),
    tlv(BR_CODE_IDS.merchantName, name),
    tlv(BR_CODE_IDS.merchantCity, city),
    tlv(BR_CODE_IDS.additionalData, tlv(ADDITIONAL_DATA_IDS.txid, input.txid)),
    `${BR_CODE_IDS.crc}04`,
  ].join("");
  return { ok: true, code: `${payload}${crc16(payload)}` };
}
