import { httpMessages } from "@/domain/messages";
import { AppError } from "./errors";
import { UUID_PATTERN } from "./validate";

/*
 * Keyset pages: a page ends at its last row, and the next page starts after
 * that row's sort key and id (the id breaks ties). The cursor is opaque to
 * clients: base64url of "key|id". The id is a UUID, so the key may hold "|".
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
  if (bar < 1 || !UUID_PATTERN.test(id) || !isKey(key)) throw invalidCursor();
  return { key, id };
}

/** Where a newest-first page ended: the last row's creation instant and id. */
export type Cursor = { createdAt: string; id: string };

/** `createdAt` should keep the database's microseconds, or rows created in the same millisecond are skipped. */
export function encodeCursor(cursor: { createdAt: Date | string; id: string }): string {
  const createdAt = cursor.createdAt instanceof Date ? cursor.createdAt.toISOString() : cursor.createdAt;
  return encodeKeyset(createdAt, cursor.id);
}

/** A newest-first cursor from the query string; anything that is not one of ours answers 400 'Página inválida'. */
export function decodeCursor(cursor: string | undefined): Cursor | null {
  const decoded = decodeKeyset(cursor, (key) => !Number.isNaN(Date.parse(key)));
  return decoded && { createdAt: decoded.key, id: decoded.id };
}
