import { createHash } from "node:crypto";
import { and, eq, gt, like, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { verifications } from "../db/schema";

/*
 * 'Esqueci minha senha' on better-auth's own reset (requestPasswordReset and
 * resetPassword), with what it leaves to us (docs/decisions/050):
 * - its token is kept hashed: `verification.storeIdentifier` hashes the
 *   identifier `reset-password:<token>`, and keeps the prefix in front of the
 *   hash so a person's older links can be found and dropped;
 * - the e-mailed link is our page, `/redefinir-senha?token=…` (a query
 *   parameter the request log redacts), never better-auth's
 *   `/api/auth/reset-password/<token>`, whose token sits in the path and
 *   which auth.plugin.ts keeps unreachable.
 */

export const PASSWORD_RESET_MINUTES = 30;
const PREFIX = "reset-password:";

/** How better-auth stores the identifier `reset-password:<token>` (its `storeIdentifier` hash). */
export function storedResetIdentifier(identifier: string): string {
  return PREFIX + createHash("sha256").update(identifier).digest("base64url");
}

export const resetIdentifierOfToken = (token: string) => storedResetIdentifier(`${PREFIX}${token}`);

/** The SPA page the e-mail links to. */
export const resetPagePath = (token: string) => `/redefinir-senha?token=${encodeURIComponent(token)}`;

/** Only the newest link works: every other reset token of the person goes. */
export async function deleteOtherResetTokens(db: Db, userId: string, keepToken: string) {
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, `${PREFIX}%`),
        eq(verifications.value, userId),
        ne(verifications.identifier, resetIdentifierOfToken(keepToken)),
      ),
    );
}

/** The person a reset token belongs to while it is valid, else null. */
export async function findResetTokenOwner(db: Db, token: string): Promise<string | null> {
  if (!token) return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, resetIdentifierOfToken(token)),
        gt(verifications.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}
