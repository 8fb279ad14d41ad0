/*
 * `Content-Disposition: attachment` with the stored file's original name (ASVS
 * 5.4.1): a plain-ASCII `filename` for old clients and the exact name as
 * UTF-8 in `filename*` (RFC 6266 §4.3, RFC 8187). The name is user input, so
 * control characters (CR/LF would split the header), quotes, backslashes and
 * path separators never reach the header as they are.
 */

const FALLBACK_NAME = "arquivo";
const MAX_LENGTH = 200;

export function attachmentDisposition(fileName: string): string {
  const name = cleanName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

function cleanName(fileName: string): string {
  const cleaned = fileName
    // A lone surrogate would make encodeURIComponent throw.
    .replace(/[\uD800-\uDFFF]/gu, "\uFFFD")
    .normalize("NFC")
    // Cc is C0, DEL and C1 (CR and LF among them); then the line and paragraph separators.
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/[/\\]/g, "_")
    .replace(/\s+/g, " ")
    .trim();
  // By code point, so a cut never splits a surrogate pair.
  const limited = Array.from(cleaned).slice(0, MAX_LENGTH).join("").trim();
  return limited === "" || limited === "." || limited === ".." ? FALLBACK_NAME : limited;
}

function asciiFallback(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      // RFC 6266 §4.3 advises against "%" in filename (some agents decode it); '"' and '\' would need escaping.
      .replace(/[^\x20-\x7e]|["\\%]/gu, "_")
  );
}

/* RFC 8187 §3.2.1: everything but attr-char is percent-encoded; encodeURIComponent leaves ' ( ) * bare. */
function encodeRfc8187(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
