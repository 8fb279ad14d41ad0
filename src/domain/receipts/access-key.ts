import { isValidCnpj, isValidCpf } from "../pix-key";

/*
 * The access key ('chave de acesso') of an NF-e or NFC-e, as the Manual de
 * Orientação do Contribuinte (MOC, leiaute da NF-e 4.00, "Chave de Acesso")
 * composes it, 44 characters:
 *
 *   cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1)
 *
 * It names the issuer, the month of issue, the model, series and number; it
 * carries no total, no day and no buyer. From July 2026 the CNPJ's first 12
 * positions may hold letters (the alphanumeric CNPJ); the schema's own pattern
 * for the key in the NFC-e QR code, [0-9]{6}[0-9A-Z]{12}[0-9]{26}
 * (leiauteNFe_v4.00.xsd, PL_010 v1.30, infNFeSupl/qrCode), allows letters there
 * and nowhere else, so the key is read as characters, not as a number.
 */

/** IBGE codes of the 27 federative units, as cUF carries them. */
export const STATE_BY_IBGE_CODE = {
  "11": "RO",
  "12": "AC",
  "13": "AM",
  "14": "RR",
  "15": "PA",
  "16": "AP",
  "17": "TO",
  "21": "MA",
  "22": "PI",
  "23": "CE",
  "24": "RN",
  "25": "PB",
  "26": "PE",
  "27": "AL",
  "28": "SE",
  "29": "BA",
  "31": "MG",
  "32": "ES",
  "33": "RJ",
  "35": "SP",
  "41": "PR",
  "42": "SC",
  "43": "RS",
  "50": "MS",
  "51": "MT",
  "52": "GO",
  "53": "DF",
} as const;
export type StateCode = keyof typeof STATE_BY_IBGE_CODE;
export type StateAbbreviation = (typeof STATE_BY_IBGE_CODE)[StateCode];

/**
 * 55 is the NF-e, 65 the NFC-e: the two documents a shop or a supplier hands a
 * buyer for goods. Other models share the 44-character key but are not receipts
 * we reimburse against: 57 (CT-e) and 58 (MDF-e) document freight, and 59
 * (SP's CF-e SAT) lays its key out differently (the SAT's serial number where
 * series, number and tpEmis are), so reading it with this layout would give
 * wrong facts. A new model (a bus ticket's BP-e, 63, shares this layout) is one
 * entry here once Finance accepts it.
 */
export const ACCESS_KEY_MODELS = ["55", "65"] as const;
export type AccessKeyModel = (typeof ACCESS_KEY_MODELS)[number];

/** tpEmis as the MOC lists it (1 normal, 2–7 the contingencies, 9 NFC-e offline); 8 does not exist. */
const EMISSION_TYPES = new Set([1, 2, 3, 4, 5, 6, 7, 9]);

export type AccessKey = {
  /** The 44 characters, upper case, no separators. */
  key: string;
  stateCode: StateCode;
  state: StateAbbreviation;
  /** 'yyyy-mm', the month of issue (the key has no day). */
  yearMonth: string;
  /** The issuer's CNPJ (14 characters, possibly alphanumeric), or null when the issuer is a person. */
  issuerCnpj: string | null;
  /**
   * A person's CPF: NT 2018.001 (NF-e) and NT 2023.002 (NFC-e of a rural producer) let a
   * person issue, with the CPF in the key's CNPJ positions after three zeros.
   */
  issuerCpf: string | null;
  model: AccessKeyModel;
  series: number;
  number: number;
  /** tpEmis: 1 normal, 9 NFC-e offline contingency, 2–7 other contingencies. */
  emissionType: number;
  checkDigit: number;
};

/** Longer than any key with separators between every character; past it, no key is read. */
const MAX_KEY_INPUT_LENGTH = 200;

const KEY_SHAPE = /^\d{6}[0-9A-Z]{12}\d{26}$/;

/**
 * cDV of the MOC: each of the 43 characters worth its ASCII code − 48 (so a digit
 * keeps its value and 'A' is 17, as in the alphanumeric CNPJ), weighted 2 to 9
 * from the right and again from 2; remainder 0 or 1 gives 0, else 11 − remainder.
 * Null unless given 43 characters of [0-9A-Z].
 */
export function accessKeyCheckDigit(first43: string): number | null {
  if (!/^[0-9A-Z]{43}$/.test(first43)) return null;
  let sum = 0;
  for (let i = 0; i < 43; i++) {
    const weight = 2 + ((42 - i) % 8);
    sum += (first43.charCodeAt(i) - 48) * weight;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * What people paste: the key printed in groups of four, or with dots, dashes or
 * slashes. Only ASCII letters and digits may remain: the test runs before
 * upper-casing, since some non-ASCII letters upper-case into ASCII ones ('ı' to 'I').
 */
function normaliseKey(text: string): string | null {
  if (text.length > MAX_KEY_INPUT_LENGTH) return null;
  const compact = text.replace(/[\s.\-/]/g, "");
  return /^[0-9A-Za-z]{44}$/.test(compact) ? compact.toUpperCase() : null;
}

function isStateCode(code: string): code is StateCode {
  return Object.hasOwn(STATE_BY_IBGE_CODE, code);
}

function isModel(model: string): model is AccessKeyModel {
  return (ACCESS_KEY_MODELS as readonly string[]).includes(model);
}

/** The issuer's document: a CNPJ when it is a valid one, else a zero-padded CPF (NT 2018.001). */
function issuerOf(document: string): { issuerCnpj: string | null; issuerCpf: string | null } | null {
  if (isValidCnpj(document)) return { issuerCnpj: document, issuerCpf: null };
  const cpf = document.slice(3);
  if (document.startsWith("000") && isValidCpf(cpf)) return { issuerCnpj: null, issuerCpf: cpf };
  return null;
}

/**
 * The key's facts, or null unless it is a well-formed NF-e or NFC-e key: a known
 * state, a month 01–12, a valid issuer CNPJ (or CPF), model 55 or 65, a tpEmis the
 * MOC knows, a number from 1 (the schema's nNF starts at 1) and a check digit that holds.
 */
export function parseAccessKey(text: string): AccessKey | null {
  if (typeof text !== "string") return null;
  const key = normaliseKey(text);
  if (key === null || !KEY_SHAPE.test(key)) return null;
  if (accessKeyCheckDigit(key.slice(0, 43)) !== Number(key[43])) return null;

  const stateCode = key.slice(0, 2);
  const month = Number(key.slice(4, 6));
  const model = key.slice(20, 22);
  const number = Number(key.slice(25, 34));
  const emissionType = Number(key[34]);
  if (!isStateCode(stateCode) || month < 1 || month > 12 || !isModel(model)) return null;
  if (number < 1 || !EMISSION_TYPES.has(emissionType)) return null;
  const issuer = issuerOf(key.slice(6, 20));
  if (issuer === null) return null;

  return {
    key,
    stateCode,
    state: STATE_BY_IBGE_CODE[stateCode],
    yearMonth: `20${key.slice(2, 4)}-${key.slice(4, 6)}`,
    ...issuer,
    model,
    series: Number(key.slice(22, 25)),
    number,
    emissionType,
    checkDigit: Number(key[43]),
  };
}

/** Eleven groups of four, as the DANFE prints it; text that is no 44-character key comes back as it was. */
export function formatAccessKey(key: string): string {
  return /^[0-9A-Z]{44}$/i.test(key) ? (key.match(/.{4}/g) ?? []).join(" ") : key;
}

/** '93015006003996' → '93.015.006/0039-96', letters too; text that is no 14-character CNPJ comes back as it was. */
export function formatCnpj(cnpj: string): string {
  const match = /^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/i.exec(cnpj);
  return match ? `${match[1]}.${match[2]}.${match[3]}/${match[4]}-${match[5]}` : cnpj;
}

/** '52998224725' → '529.982.247-25'; text that is no 11-digit CPF comes back as it was. */
export function formatCpf(cpf: string): string {
  const match = /^(\d{3})(\d{3})(\d{3})(\d{2})$/.exec(cpf);
  return match ? `${match[1]}.${match[2]}.${match[3]}-${match[4]}` : cpf;
}
