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
