import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys, sessions, twoFactors, users } from "../../db/schema";

/** The authenticator app as the account has it: confirmed, waiting for its first code, or none. */
export async function totpStateOf(db: Db, userId: string): Promise<"enabled" | "unconfirmed" | "none"> {
  const [user] = await db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (user?.enabled) return "enabled";
  const [row] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  return row ? "unconfirmed" : "none";
}

/** The person's passkeys, oldest first, without their key material. */
export async function passkeysOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? "",
    createdAt: row.createdAt ? row.createdAt.toISOString() : null,
  }));
}

/** The session better-auth made for a code already used: gone before anyone sees its cookie. */
export async function deleteSessionByToken(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.token, token));
}

/** How the session was opened (a passkey's sign-in names itself, docs/decisions/056). */
export async function markSession(db: Db, sessionId: string, signInMethod: string) {
  await db.update(sessions).set({ signInMethod }).where(eq(sessions.id, sessionId));
}
