import { isIsoDate } from "../dates";
import { type AccessKey, parseAccessKey } from "./access-key";

/*
 * The QR code printed on an NFC-e (DANFE NFC-e). Its text is the address of the
 * state's query page with the note's data in the query string. The layouts, as
 * the schema's patterns for infNFeSupl/qrCode give them (leiauteNFe_v4.00.xsd,
 * PL_010 v1.30; Manual de Especificações Técnicas do DANFE NFC-e e QR Code;
 * NT 2025.001 for version 3):
 *
 *   v1 (before 2018) ?chNFe=…&nVersao=100&tpAmb=…[&cDest=…]&dhEmi=<hex>&vNF=…&vICMS=…&digVal=<hex>
 *                    &cIdToken=…&cHashQRCode=…
 *   v2 online        ?p=chave|2|tpAmb|idCSC|hash
 *   v2 offline       ?p=chave|2|tpAmb|dia|vNF|digVal(hex)|idCSC|hash
 *   v3 online        ?p=chave|3|tpAmb
 *   v3 offline       ?p=chave|3|tpAmb|dia|vNF|tpIdDest|idDest|assinatura(base64)
 *
 * v3 drops the CSC: an online note is checked by the query itself, an offline one
 * carries a signature over its fields; tpIdDest (1 CNPJ, 2 CPF, 3 foreign) and
 * idDest are empty when the buyer is not identified. Offline ("contingência
 * off-line") is tpEmis 9 in the key, and the schema ties each layout to it: the
 * online ones to keys with tpEmis 1, 3 or 4, the offline ones to tpEmis 9.
 *
 * We read the key, the environment, and the total and day where the layout has
 * them. Hashes and signatures need the issuer's secret or certificate chain to
 * check, so only their shape is looked at; the SEFAZ query page is the proof,
 * and the approver opens it.
 */

export type NfceQrVersion = 1 | 2 | 3;
export type NfceEnvironment = "producao" | "homologacao";

export type NfceQr = {
  /** The query page as pasted (trimmed, '&amp;' unescaped), when it is an http(s) address of a SEFAZ (gov.br). */
  url: string | null;
  key: AccessKey;
  version: NfceQrVersion;
  environment: NfceEnvironment;
  /** False for an offline (contingency) note, tpEmis 9. */
  online: boolean;
  /** vNF in cents, when the layout carries it (v1, and v2/v3 offline). */
  totalCents: number | null;
  /** 'yyyy-mm-dd' of issue, when the layout carries the day (v1, and v2/v3 offline). */
  issuedOn: string | null;
};

/** The schema caps the QR text at 1000 characters; the rest is room for '&amp;' escapes and spaces. */
const MAX_QR_INPUT_LENGTH = 2000;

/** The SEFAZ model of the NFC-e: only it carries this QR code. */
const NFCE_MODEL = "65";
const OFFLINE_EMISSION_TYPE = 9;

/** tpAmb: 1 produção, 2 homologação. A Map, so that a field such as '__proto__' finds nothing. */
const ENVIRONMENTS = new Map<string, NfceEnvironment>([
  ["1", "producao"],
  ["2", "homologacao"],
]);

type QrData = Omit<NfceQr, "url">;

/** vNF as the layouts write it: digits, a dot, up to two decimals ('84.36', '0', '14.5'); the schema allows 13 integer digits. */
function parseTotal(text: string | undefined): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text ?? "");
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The day of the month of issue (two digits), made a date with the key's year and month; null if that date does not exist. */
function issueDate(key: AccessKey, day: string | undefined): string | null {
  if (day === undefined || !/^\d{2}$/.test(day)) return null;
  const date = `${key.yearMonth}-${day}`;
  return isIsoDate(date) ? date : null;
}

function decodeHexAscii(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  let text = "";
  for (let i = 0; i < hex.length; i += 2)
    text += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16));
  return text;
}

/**
 * v1's dhEmi: the hex of the ASCII date-time with its offset ('2017-04-21T15:31:07-03:00').
 * The date is the issuer's local one, the same calendar the key's AAMM was taken from.
 */
function v1IssueDate(hex: string | undefined): string | null {
  if (hex === undefined || hex.length > 100) return null;
  const text = decodeHexAscii(hex);
  const match =
    text && /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:[+-]\d{2}:\d{2}|Z)?$/.exec(text);
  return match && isIsoDate(match[1] ?? "") ? (match[1] ?? null) : null;
}

/** The key inside a QR: a valid key of an NFC-e. */
function nfceKey(text: string | undefined): AccessKey | null {
  const key = parseAccessKey(text ?? "");
  return key !== null && key.model === NFCE_MODEL ? key : null;
}

function isOffline(key: AccessKey): boolean {
  return key.emissionType === OFFLINE_EMISSION_TYPE;
}

const HEX_40 = /^[0-9a-f]{40}$/i;
const CSC_ID = /^\d{1,6}$/;

/** Checks the fields after tpAmb of a pipe layout; true when their shapes are right for the version and mode. */
function pipeTailIsWellFormed(version: string, online: boolean, tail: readonly string[]): boolean {
  const [a = "", b = "", c = "", d = "", e = ""] = tail;
  if (version === "2" && online) return tail.length === 2 && CSC_ID.test(a) && HEX_40.test(b);
  if (version === "2")
    return tail.length === 5 && /^[0-9a-f]{56}$/i.test(c) && CSC_ID.test(d) && HEX_40.test(e);
  if (online) return tail.length === 0;
  // v3 offline: dia|vNF|tpIdDest|idDest|assinatura. idDest allows letters for the alphanumeric CNPJ.
  const buyerOk = c === "" ? d === "" : /^[123]$/.test(c) && /^([0-9A-Z]{3,14})?$/i.test(d);
  return tail.length === 5 && buyerOk && /^[A-Za-z0-9+/]+={0,2}$/.test(e);
}

/** v2 and v3: 'chave|versão|tpAmb|…'. The mode is told by the number of fields, then checked against the key. */
function parsePipeLayout(value: string): QrData | null {
  const fields = value.split("|");
  const [keyText, versionText = "", tpAmb = ""] = fields;
  const environment = ENVIRONMENTS.get(tpAmb);
  if (environment === undefined || (versionText !== "2" && versionText !== "3")) return null;
  const online = fields.length === (versionText === "2" ? 5 : 3);
  if (!online && fields.length !== 8) return null;
  if (!pipeTailIsWellFormed(versionText, online, fields.slice(3))) return null;
  const key = nfceKey(keyText);
  if (key === null || isOffline(key) === online) return null;
  const version = versionText === "2" ? 2 : 3;
  if (online) return { key, version, environment, online, totalCents: null, issuedOn: null };

  const issuedOn = issueDate(key, fields[3]);
  const totalCents = parseTotal(fields[4]);
  if (issuedOn === null || totalCents === null) return null;
  return { key, version, environment, online, totalCents, issuedOn };
}

/**
 * v1: named parameters. The total is vNF, the date dhEmi's; the date must fall in
 * the key's month, since the MOC builds AAMM from dhEmi and the SEFAZ refuses a note
 * whose key does not match its fields (rejeição 502, "Erro na Chave de Acesso"), so a
 * mismatch is a tampered or mistyped QR.
 */
function parseV1Layout(params: ReadonlyMap<string, string>): QrData | null {
  const environment = ENVIRONMENTS.get(params.get("tpamb") ?? "");
  if (params.get("nversao") !== "100" || environment === undefined) return null;
  const key = nfceKey(params.get("chnfe"));
  const issuedOn = v1IssueDate(params.get("dhemi"));
  const totalCents = parseTotal(params.get("vnf"));
  if (key === null || issuedOn === null || totalCents === null) return null;
  if (issuedOn.slice(0, 7) !== key.yearMonth) return null;
  return { key, version: 1, environment, online: !isOffline(key), totalCents, issuedOn };
}

function percentDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The query's parameters, names in lower case (people and states vary the case),
 * values percent-decoded. A '+' stays a '+': v3's signature is base64, where '+' is
 * a digit, not a space. A name given twice makes the query ambiguous, so it is refused.
 */
function queryParams(query: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = (equals < 0 ? pair : pair.slice(0, equals)).trim().toLowerCase();
    const value = percentDecode(equals < 0 ? "" : pair.slice(equals + 1));
    if (value === null || params.has(name)) return null;
    params.set(name, value.trim());
  }
  return params;
}

/**
 * Reads a query string, or the bare 'p=' value ('chave|2|…') people copy out of the
 * address: that one has a '|' before any '=' (v3's base64 signature may end in '=').
 */
function parseQuery(query: string): QrData | null {
  const decoded = percentDecode(query);
  if (decoded === null) return null;
  const pipe = decoded.indexOf("|");
  const equals = decoded.indexOf("=");
  if (pipe >= 0 && (equals < 0 || pipe < equals)) return parsePipeLayout(decoded.trim());
  const params = queryParams(query);
  if (params === null) return null;
  const p = params.get("p");
  if (p !== undefined) return parsePipeLayout(p);
  return params.has("chnfe") ? parseV1Layout(params) : null;
}

/**
 * The address kept for 'Consultar na SEFAZ': the approver opens it, so only an
 * http(s) page of a gov.br host, with no user name or password in it. Every
 * state's query page is under gov.br (the ENCAT list of NFC-e query addresses).
 */
function sefazUrl(text: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  const isHttp = parsed.protocol === "http:" || parsed.protocol === "https:";
  const hasCredentials = parsed.username !== "" || parsed.password !== "";
  const isGovBr = parsed.hostname.toLowerCase().endsWith(".gov.br");
  return isHttp && !hasCredentials && isGovBr ? text : null;
}

/**
 * What the NFC-e's QR code holds (or what people copied of it: the address, the
 * query, or just the 'p=' value), or null when it is none of the layouts above
 * with a valid key. Never throws.
 */
export function parseNfceQr(text: string): NfceQr | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > MAX_QR_INPUT_LENGTH) return null;
  const unescaped = trimmed.replace(/&amp;/gi, "&");
  const question = unescaped.indexOf("?");
  const query = (question < 0 ? unescaped : unescaped.slice(question + 1)).replace(/#.*$/s, "");
  const data = parseQuery(query);
  if (data === null) return null;
  const isAddress = /^https?:\/\//i.test(unescaped);
  return { url: isAddress && question >= 0 ? sefazUrl(unescaped) : null, ...data };
}
