import { ofxMessages } from "./messages";

/*
 * Bytes to text. An OFX file says how it is written before any accented
 * letter appears: OFX 1.0.3 ('Open Financial Exchange Headers') opens with
 * plain ASCII 'KEY:VALUE' lines whose ENCODING and CHARSET name the character
 * set; OFX 2.2 opens with an XML declaration whose encoding attribute does,
 * UTF-8 when absent (XML 1.0). So the first bytes are read as ASCII to find
 * the header, and only then is the whole file decoded. A UTF-8 byte order mark
 * outranks both.
 */

export type DecodedOfx = { ok: true; version: 1 | 2; text: string } | { ok: false; message: string };

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
/** Enough for any real header: OFX 1.x has nine short lines, OFX 2.x two declarations. */
const HEADER_PEEK_BYTES = 4096;

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((value, index) => bytes[index] === value);
}

/** True when the bytes are well-formed UTF-8 and hold at least one letter beyond ASCII. */
function isMultibyteUtf8(bytes: Uint8Array): boolean {
  if (!bytes.some((value) => value >= 0x80)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The WHATWG label for what the header declares, null when it declares nothing
 * usable (OFX 1.0.3 allows ENCODING:USASCII with CHARSET:NONE, and Brazilian
 * banks still write accented names under it).
 */
function v1Label(fields: Map<string, string>): string | null {
  const encoding = (fields.get("ENCODING") ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (encoding === "UTF8" || encoding === "UNICODE") return "utf-8";
  const charset = (fields.get("CHARSET") ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (charset === "1252" || charset === "WINDOWS1252" || charset === "CP1252") return "windows-1252";
  if (charset === "88591" || charset === "ISO88591" || charset === "LATIN1") return "iso-8859-1";
  return null;
}

function readV1Header(head: string): Map<string, string> {
  const block = head.slice(0, head.includes("<") ? head.indexOf("<") : head.length);
  const fields = new Map<string, string>();
  for (const match of block.matchAll(/([A-Za-z]+)\s*:\s*([^\s<]*)/g)) {
    fields.set((match[1] ?? "").toUpperCase(), match[2] ?? "");
  }
  return fields;
}

function xmlAttribute(declaration: string, name: string): string | null {
  const match = new RegExp(`${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(declaration);
  return match ? (match[1] ?? "") : null;
}

type Sniffed = { ok: true; version: 1 | 2; label: string | null } | { ok: false; message: string };

function sniff(head: string): Sniffed {
  if (/^OFXHEADER\s*:/i.test(head)) {
    const fields = readV1Header(head);
    const header = fields.get("OFXHEADER") ?? "";
    if (header !== "100") return { ok: false, message: ofxMessages.headerVersion(header) };
    return { ok: true, version: 1, label: v1Label(fields) };
  }
  if (head.startsWith("<?")) {
    const ofxDeclaration = /<\?OFX\b[^>]*\?>/i.exec(head)?.[0] ?? "";
    const header = xmlAttribute(ofxDeclaration, "OFXHEADER");
    if (header !== null && header !== "200") return { ok: false, message: ofxMessages.headerVersion(header) };
    if (!ofxDeclaration && !/<OFX>/i.test(head)) return { ok: false, message: ofxMessages.notOfx };
    const xmlDeclaration = /^<\?xml\b[^>]*\?>/i.exec(head)?.[0] ?? "";
    return { ok: true, version: 2, label: xmlAttribute(xmlDeclaration, "encoding") ?? "utf-8" };
  }
  // A file that starts straight at <OFX> has lost its header; the tag reader
  // takes both syntaxes, so it is read as OFX 1.x, the syntax that allows more.
  if (/^<OFX>/i.test(head)) return { ok: true, version: 1, label: null };
  return { ok: false, message: ofxMessages.notOfx };
}

/**
 * The declared character set, unless the bytes contradict it: a file declared
 * single-byte (1252, 8859-1) whose bytes are well-formed multibyte UTF-8 was
 * written in UTF-8 (in 1252, 'Ã' followed by a byte 0x80–0xBF is almost never
 * text), and a file declared UTF-8 that is not well-formed UTF-8 was written in
 * 1252, the character set of Brazilian Windows. Nothing declared: UTF-8 when the
 * bytes are UTF-8, else 1252.
 */
function chooseLabel(declared: string | null, bytes: Uint8Array): string {
  const utf8 = isMultibyteUtf8(bytes);
  if (declared === null) return utf8 ? "utf-8" : "windows-1252";
  const normalized = declared.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (normalized === "utf8") {
    const ascii = !bytes.some((value) => value >= 0x80);
    return ascii || utf8 ? "utf-8" : "windows-1252";
  }
  const singleByte = ["windows1252", "cp1252", "iso88591", "latin1", "usascii", "ascii"];
  if (singleByte.includes(normalized) && utf8) return "utf-8";
  return declared;
}

export function decodeOfx(bytes: Uint8Array): DecodedOfx {
  const bom = hasUtf8Bom(bytes);
  const body = bom ? bytes.subarray(UTF8_BOM.length) : bytes;
  const head = new TextDecoder("windows-1252").decode(body.subarray(0, HEADER_PEEK_BYTES)).trimStart();
  if (head === "") return { ok: false, message: ofxMessages.empty };
  const sniffed = sniff(head);
  if (!sniffed.ok) return sniffed;
  const label = bom ? "utf-8" : chooseLabel(sniffed.label, body);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return { ok: false, message: ofxMessages.unknownEncoding(label) };
  }
  return { ok: true, version: sniffed.version, text: decoder.decode(body) };
}
