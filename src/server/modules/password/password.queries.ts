import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, sessions, users } from "../../db/schema";

/** Whether the person has an e-mail-and-password credential with a password set. */
export async function hasCredentialPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)),
    )
    .limit(1);
  return Boolean(row);
}

export async function findUserById(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The tokens of every session the person has now (to evict each from the caches once deleted). */
export async function sessionTokensOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.token);
}
