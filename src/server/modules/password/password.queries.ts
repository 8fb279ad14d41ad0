import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, users } from "../../db/schema";

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
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
