import { and, eq, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client";
import { accounts, pendingSignUps, sessions, users } from "../../db/schema";

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/** The user's e-mail-and-password credential: its password set, or false when it has none yet. */
export async function updateCredentialPassword(tx: Tx, userId: string, passwordHash: string) {
  const updated = await tx
    .update(accounts)
    .set({ password: passwordHash })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .returning({ id: accounts.id });
  return updated.length > 0;
}

export async function insertCredential(tx: Tx, input: { id: string; userId: string; passwordHash: string }) {
  await tx.insert(accounts).values({
    id: input.id,
    accountId: input.userId,
    providerId: "credential",
    userId: input.userId,
    password: input.passwordHash,
  });
}

export async function deleteCredential(tx: Tx, userId: string) {
  await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
}

export async function deleteSessions(tx: Executor, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Inserts the unconfirmed user, or renames the unconfirmed one already at this
 * address (taking its row lock); undefined when the address is confirmed.
 */
export async function upsertUnconfirmedUser(tx: Tx, user: { id: string; name: string; email: string }) {
  const [row] = await tx
    .insert(users)
    .values({ id: user.id, name: user.name, email: user.email, emailVerified: false })
    .onConflictDoUpdate({
      target: users.email,
      set: { name: user.name, updatedAt: new Date() },
      setWhere: eq(users.emailVerified, false),
    })
    .returning({ id: users.id, email: users.email, name: users.name });
  return row;
}

/** The unconfirmed user at this address, locked for the transaction; undefined when there is none. */
export async function lockUnconfirmedUser(tx: Tx, email: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, false)))
    .for("update");
  return user;
}

/**
 * The user's row, locked until the transaction ends. Whatever changes a sign-up takes this lock
 * first, as a new sign-up of the address does (its upsert): the two then wait for each other in
 * one order instead of deadlocking on PostgreSQL (docs/decisions/009).
 */
export async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export async function markEmailVerified(tx: Tx, userId: string) {
  await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** Confirms the e-mail and sets the name; the user as the API shows it. */
export async function confirmUserWithName(tx: Tx, userId: string, name: string) {
  const [user] = await tx
    .update(users)
    .set({ emailVerified: true, name })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, name: users.name });
  return user ?? null;
}

/** `hours` from now. */
const expiry = (hours: number) => sql`now() + make_interval(hours => ${hours})`;

/** Writes the user's pending sign-up record, valid for `hours`, replacing the one it has. */
export async function upsertPendingSignUp(
  tx: Tx,
  userId: string,
  record: { tokenHash: string; browserNonceHash: string; passwordHash: string },
  hours: number,
) {
  const values = { ...record, expiresAt: expiry(hours), createdAt: sql`now()` };
  await tx
    .insert(pendingSignUps)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pendingSignUps.userId, set: values });
}

/** A new token, valid for `hours`, for the user's pending sign-up (or a first record); the browser nonce hash it keeps. */
export async function renewPendingToken(tx: Tx, userId: string, tokenHash: string, hours: number) {
  const [record] = await tx
    .insert(pendingSignUps)
    .values({ userId, tokenHash, expiresAt: expiry(hours) })
    .onConflictDoUpdate({
      target: pendingSignUps.userId,
      set: { tokenHash, expiresAt: expiry(hours) },
    })
    .returning({ browserNonceHash: pendingSignUps.browserNonceHash });
  return record?.browserNonceHash ?? null;
}

/** Deletes the user if still unconfirmed and still holding the sign-up of `tokenHash`. */
export async function deleteUnconfirmedUserWithToken(db: Db, userId: string, tokenHash: string) {
  await db.execute(sql`
      delete from ${users} where ${users.id} = ${userId} and ${users.emailVerified} = false
        and exists (select 1 from ${pendingSignUps} p where p.user_id = ${userId} and p.token_hash = ${tokenHash})`);
}

/** The pending sign-up holding `tokenHash`, while it is valid, with its user's e-mail and name. */
export async function findValidPendingSignUp(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: pendingSignUps.userId,
      browserNonceHash: pendingSignUps.browserNonceHash,
      passwordHash: pendingSignUps.passwordHash,
      email: users.email,
      name: users.name,
    })
    .from(pendingSignUps)
    .innerJoin(users, eq(users.id, pendingSignUps.userId))
    .where(and(eq(pendingSignUps.tokenHash, tokenHash), sql`${pendingSignUps.expiresAt} > now()`));
  return row ?? null;
}

/** Deletes the valid pending sign-up holding `tokenHash` (once, also under concurrent calls). */
export async function deleteValidPendingSignUp(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .delete(pendingSignUps)
    .where(and(eq(pendingSignUps.tokenHash, tokenHash), sql`${pendingSignUps.expiresAt} > now()`))
    .returning({ userId: pendingSignUps.userId, passwordHash: pendingSignUps.passwordHash });
  return row ?? null;
}

/**
 * Deletes the unconfirmed users whose latest link has expired, and those left
 * unconfirmed for more than `hours` without a record; locked ones are skipped.
 * How many went.
 */
export async function deleteExpiredSignUps(db: Db, hours: number): Promise<number> {
  const result = await db.execute(sql`
      with doomed as (
        select u.id from ${users} u
        where u.email_verified = false and (
          exists (select 1 from ${pendingSignUps} p where p.user_id = u.id and p.expires_at <= now())
          or (not exists (select 1 from ${pendingSignUps} p where p.user_id = u.id)
              and u.created_at < now() - make_interval(hours => ${hours}))
        )
        for update of u skip locked
      )
      delete from ${users} where id in (select id from doomed) returning id`);
  return result.rows.length;
}

/** Every account's id and stored address (the start's one-mailbox check reads them all). */
export async function listUserAddresses(db: Db) {
  return db.select({ id: users.id, email: users.email }).from(users);
}
