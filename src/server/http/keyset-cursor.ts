import { httpMessages } from "@/domain/messages";
import { AppError } from "./errors";
import { isUnstorableText } from "./unstorable-text";
import { UUID_PATTERN } from "./validate";

/*
 * Keyset pages: a page ends at its last row, and the next page starts after
 * that row's sort key and id (the id breaks ties). The cursor is opaque to
 * clients: base64url of "key|id". The id is a UUID, so the key may hold "|".
 * A crafted cursor is refused here, in one place, before any list sends it to
 * the database: a key PostgreSQL cannot compare must not become a 500.
 */

/** A cursor for the row with sort `key` and `id`. */
export function encodeKeyset(key: string, id: string): string {
  return Buffer.from(`${key}|${id}`).toString("base64url");
}

function invalidCursor() {
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: "Página inválida" },
    { cursor: "Página inválida" },
  );
}

/**
 * The key and id of a cursor from the query string; `isKey` says whether the
 * key is one this list sorts by. Anything that is not one of ours answers 400
 * 'Página inválida'.
 */
export function decodeKeyset(
  cursor: string | undefined,
  isKey: (key: string) => boolean,
): { key: string; id: string } | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, "base64url").toString();
  const bar = text.lastIndexOf("|");
  const key = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 1 || !UUID_PATTERN.test(id) || isUnstorableText(key) || !isKey(key)) throw invalidCursor();
  return { key, id };
}

/** Where a newest-first page ended: the last row's creation instant and id. */
export type Cursor = { createdAt: string; id: string };

/** `createdAt` should keep the database's microseconds, or rows created in the same millisecond are skipped. */
export function encodeCursor(cursor: { createdAt: Date | string; id: string }): string {
  const createdAt = cursor.createdAt instanceof Date ? cursor.createdAt.toISOString() : cursor.createdAt;
  return encodeKeyset(createdAt, cursor.id);
}

/*
 * The instants our cursors hold: `toISOString()`, the database's
 * `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`, or its own text for a timestamptz. Date.parse
 * is no test: it takes "foo 1" and February 31, which PostgreSQL refuses.
 */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

function isInstant(key: string): boolean {
  const match = INSTANT.exec(key);
  if (!match) return false;
  const parts = match.slice(1, 7).map(Number);
  // A calendar date and a time of day only if nothing rolls over (no February 31, no 24:00).
  const date = new Date(0);
  date.setUTCFullYear(parts[0]!, parts[1]! - 1, parts[2]!);
  date.setUTCHours(parts[3]!, parts[4]!, parts[5]!);
  const read = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  read.push(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return read.join() === parts.join() && Number(match[7] ?? 0) <= 15 && Number(match[8] ?? 0) < 60;
}

/** A newest-first cursor from the query string; anything that is not one of ours answers 400 'Página inválida'. */
export function decodeCursor(cursor: string | undefined): Cursor | null {
  const decoded = decodeKeyset(cursor, isInstant);
  return decoded && { createdAt: decoded.key, id: decoded.id };
}
