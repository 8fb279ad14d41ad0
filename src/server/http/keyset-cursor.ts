import { httpMessages } from "@/domain/messages";
import { AppError } from "./errors";
import { UUID_PATTERN } from "./validate";

/** Where a newest-first page ended: the last row's creation instant and id. */
export type Cursor = { createdAt: string; id: string };

/** `createdAt` should keep the database's microseconds, or rows created in the same millisecond are skipped. */
export function encodeCursor(cursor: { createdAt: Date | string; id: string }): string {
  const createdAt = cursor.createdAt instanceof Date ? cursor.createdAt.toISOString() : cursor.createdAt;
  return Buffer.from(`${createdAt}|${cursor.id}`).toString("base64url");
}

/** A cursor from the query string; anything that is not one of ours answers 400 'Página inválida'. */
export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!createdAt || !id || !UUID_PATTERN.test(id) || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError(
      400,
      "VALIDATION",
      { title: httpMessages.badRequest, description: "Página inválida" },
      { cursor: "Página inválida" },
    );
  }
  return { createdAt, id };
}
