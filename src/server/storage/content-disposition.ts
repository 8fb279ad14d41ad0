import { cleanDisplayName } from "@/domain/file-name";

/*
 * `Content-Disposition: attachment` with the stored file's original name (ASVS
 * 5.4.1): a plain-ASCII `filename` for old clients and the exact name as
 * UTF-8 in `filename*` (RFC 6266 §4.3, RFC 8187). The name is user input, so it
 * goes through the same cleaning as when it was stored (cleanDisplayName: no
 * control characters — CR/LF would split the header —, no bidi or other format
 * characters, no path separators, at most 200 characters); quotes, backslashes
 * and '%' never reach the quoted fallback.
 */

export function attachmentDisposition(fileName: string): string {
  const name = cleanDisplayName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc8187(name)}`;
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
