import { FILE_KINDS, type FileKind } from "./file-kinds";

export { FILE_KINDS, type FileKind, fileKindOfContentType } from "./file-kinds";

/*
 * Names under which uploads are stored (spec §7 Storage: {timestamp}_{sanitised
 * name}; spec §5 Upload file names). The user's name is never used as is
 * (facts.md: stored under server-generated names).
 */

/** Longest sanitised name we keep, extension included; the timestamp prefix comes on top. */
export const MAX_FILE_NAME_LENGTH = 150;

/** What a name with nothing left after sanitising is called. */
export const FALLBACK_FILE_NAME = "arquivo";

/**
 * Spec §5: accents are stripped (NFD, then the combining marks dropped) and every
 * character other than letters, digits, '_', '.' or '-' becomes '_'.
 * 'Relatório de Março (final)#2.pdf' → 'Relatorio_de_Marco__final__2.pdf'.
 * Ours: an empty result (or one made of dots only, such as '..') becomes
 * 'arquivo', and the name is cut to 150 characters keeping its extension.
 */
export function sanitizeFileName(name: string): string {
  const sanitized = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9_.-]/gu, "_");
  if (/^\.*$/.test(sanitized)) return FALLBACK_FILE_NAME;
  if (sanitized.length <= MAX_FILE_NAME_LENGTH) return sanitized;
  const dot = sanitized.lastIndexOf(".");
  const extension = dot > 0 && sanitized.length - dot <= 16 ? sanitized.slice(dot) : "";
  return sanitized.slice(0, MAX_FILE_NAME_LENGTH - extension.length) + extension;
}

/** `${timestampMs}_${sanitised name}`, the object name of an upload (spec §7 Storage). */
export function storedFileName(name: string, timestampMs: number): string {
  return `${timestampMs}_${sanitizeFileName(name)}`;
}

/** Longest name shown for an upload (code points, extension included). */
export const MAX_DISPLAY_NAME_LENGTH = 200;

/*
 * Ours: the name people see (`nome_original`, the download's Content-Disposition)
 * is the user's own, accents and spaces included, but never one that lies about
 * itself. Format characters (Unicode Cf) are dropped: the bidirectional
 * overrides, embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069,
 * U+200E, U+200F, U+061C) would make 'recibo' + U+202E + 'gnp.php' display as
 * 'recibophp.png', and zero-width ones hide text. Controls (Cc: NUL, CR, LF, tab,
 * ESC, C1) and the line and paragraph separators become a space. Lone surrogates
 * become U+FFFD; slashes an underscore (the name is never a path).
 */
export function cleanDisplayName(name: string): string {
  return limitDisplayName(cleanText(name));
}

function cleanText(name: string): string {
  return name
    .replace(/\p{Cs}/gu, "\uFFFD")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\p{Cf}+/gu, "")
    .replace(/[/\\]/g, "_")
    .replace(/\s+/g, " ")
    .trim();
}

function limitDisplayName(name: string): string {
  const chars = Array.from(name);
  let limited = name;
  if (chars.length > MAX_DISPLAY_NAME_LENGTH) {
    const extension = extensionOf(name);
    const tail = extension === undefined ? 0 : extension.length + 1;
    limited = (
      chars.slice(0, MAX_DISPLAY_NAME_LENGTH - tail).join("") +
      (extension === undefined ? "" : `.${extension}`)
    ).trim();
  }
  return limited === "" || /^\.+$/.test(limited) ? FALLBACK_FILE_NAME : limited;
}

/** The part after the last dot when it reads as an extension: 1–5 letters or digits, at least one letter. */
function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return undefined;
  const candidate = name.slice(dot + 1);
  return /^(?=.*\p{L})[\p{L}\p{N}]{1,5}$/u.test(candidate) ? candidate : undefined;
}

/**
 * Ours: the extension a name ends in is what the operating system opens the
 * downloaded file with, so it must say what the content is. A name already
 * ending in one of the kind's extensions is kept ('foto.jpeg', 'Recibo.PDF');
 * a wrong one is replaced, not followed, by the right one: 'recibo.html'
 * holding a PDF becomes 'recibo.pdf' rather than 'recibo.html.pdf', whose
 * double extension is the classic disguise ('fatura.pdf.exe') and shows as
 * 'recibo.html' where extensions are hidden. What does not read as an
 * extension ('versão 1.2', 'Dr. Silva') stays, and the right one is added.
 */
export function nameForContent(name: string, kind: FileKind): string {
  const extensions: readonly string[] = FILE_KINDS[kind].extensions;
  const isRight = (extension: string | undefined) =>
    extension !== undefined && extensions.includes(extension.toLowerCase());
  const extension = extensionOf(name);
  if (isRight(extension)) return name;
  let base = name.endsWith(".") ? name.slice(0, -1) : name;
  if (extension !== undefined) base = name.slice(0, name.length - extension.length - 1);
  // 'recibo.pdf.html' holding a PDF: the name was right one extension earlier.
  if (isRight(extensionOf(base))) return base;
  return `${base.trim() || FALLBACK_FILE_NAME}.${extensions[0]}`;
}

/** What an upload is called for people: cleaned, then tied to its content when the kind is known. */
export function displayFileName(name: string, kind: FileKind | undefined): string {
  const cleaned = cleanText(name);
  return limitDisplayName(kind === undefined ? cleaned : nameForContent(cleaned, kind));
}
