import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Auth } from "../../auth/auth";
import type { Db } from "../../db/client";
import { accounts, pendingSignUps, sessions, users } from "../../db/schema";

/*
 * Sign-ups waiting for their e-mail to be proven (docs/decisions/009-pending-sign-ups.md).
 *
 * - A sign-up creates the unconfirmed user and ONE pending record: the hash of
 *   the e-mailed token, the hash of a nonce given to the registering browser as
 *   a cookie, the hash of the password chosen, and an expiry 24 h on.
 * - Registering the address again, or asking for a new link, replaces the token
 *   (older links die). A confirmed address is never touched.
 * - The link opened in the browser holding the nonce confirms at once and keeps
 *   the password. Opened anywhere else it changes nothing: the person chooses
 *   the password on a page whose POST spends the token. Nobody's password
 *   reaches an account without the proof of the mailbox AND of the browser.
 */

export const PENDING_SIGN_UP_HOURS = 24;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");
const expiry = () => sql`now() + make_interval(hours => ${PENDING_SIGN_UP_HOURS})`;

function sameHash(hashHex: string | null, value: string | undefined): boolean {
  if (!hashHex || !value) return false;
  const given = Buffer.from(sha256(value), "hex");
  const expected = Buffer.from(hashHex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type PendingUser = { id: string; email: string; name: string };

export function createPendingSignUps(deps: { db: Db; auth: Auth }) {
  const { db, auth } = deps;

  async function newId(model: "user" | "account") {
    const context = await auth.$context;
    return context.generateId({ model }) || crypto.randomUUID();
  }

  /** The password as better-auth stores it (scrypt), so its sign-in can check it. */
  async function hashPassword(password: string) {
    return (await auth.$context).password.hash(password);
  }

  /** Sets the user's e-mail-and-password credential, whether or not one exists. */
  async function setCredential(tx: Tx, userId: string, passwordHash: string) {
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length > 0) return;
    await tx.insert(accounts).values({
      id: await newId("account"),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
    });
  }

  /**
   * Registers `email` as a pending sign-up, or replaces the pending sign-up it
   * already has (new name, password, token and nonce). "taken" when the
   * address belongs to a confirmed account, which is left as it is.
   */
  async function start(input: { name: string; email: string; password: string }) {
    const passwordHash = await hashPassword(input.password);
    const token = newSecret();
    const nonce = newSecret();
    const id = await newId("user");
    // One transaction, serialised per address by the row lock the upsert takes:
    // the name, password, token and nonce of a pending sign-up come from one request.
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ id, name: input.name, email: input.email, emailVerified: false })
        .onConflictDoUpdate({
          target: users.email,
          set: { name: input.name, updatedAt: new Date() },
          setWhere: eq(users.emailVerified, false),
        })
        .returning({ id: users.id, email: users.email, name: users.name });
      if (!row) return null;
      // Nothing an earlier sign-up chose may outlive it: no password, no session.
      await tx
        .delete(accounts)
        .where(and(eq(accounts.userId, row.id), eq(accounts.providerId, "credential")));
      await tx.delete(sessions).where(eq(sessions.userId, row.id));
      const record = {
        tokenHash: sha256(token),
        browserNonceHash: sha256(nonce),
        passwordHash,
        expiresAt: expiry(),
        createdAt: sql`now()`,
      };
      await tx
        .insert(pendingSignUps)
        .values({ userId: row.id, ...record })
        .onConflictDoUpdate({ target: pendingSignUps.userId, set: record });
      return row;
    });
    if (!user) return "taken" as const;
    return { user, token, nonce };
  }

  /**
   * A fresh link for the pending sign-up of `email` (older links die). The
   * browser nonce and the password stay: the browser that registered still
   * confirms in one click. Null when the address has no unconfirmed account.
   */
  async function renew(email: string) {
    const token = newSecret();
    return db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.email, email), eq(users.emailVerified, false)))
        .for("update");
      if (!user) return null;
      // An account left unconfirmed before pending sign-ups existed has no record:
      // its link always goes through the set-password page.
      const [record] = await tx
        .insert(pendingSignUps)
        .values({ userId: user.id, tokenHash: sha256(token), expiresAt: expiry() })
        .onConflictDoUpdate({
          target: pendingSignUps.userId,
          set: { tokenHash: sha256(token), expiresAt: expiry() },
        })
        .returning({ browserNonceHash: pendingSignUps.browserNonceHash });
      return { user, token, browserNonceHash: record?.browserNonceHash ?? null };
    });
  }

  /** Undoes `start` when its e-mail could not be sent, unless a later sign-up replaced it meanwhile. */
  async function abandon(userId: string, token: string) {
    await db.execute(sql`
      delete from ${users} where ${users.id} = ${userId} and ${users.emailVerified} = false
        and exists (select 1 from ${pendingSignUps} p where p.user_id = ${userId} and p.token_hash = ${sha256(token)})`);
  }

  async function findValid(token: string) {
    if (!token) return null;
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
      .where(and(eq(pendingSignUps.tokenHash, sha256(token)), sql`${pendingSignUps.expiresAt} > now()`));
    return row ?? null;
  }

  /** Spends the token (single use, also under concurrent requests); the user id, or null when it is not valid. */
  async function spend(tx: Tx, token: string) {
    const [row] = await tx
      .delete(pendingSignUps)
      .where(and(eq(pendingSignUps.tokenHash, sha256(token)), sql`${pendingSignUps.expiresAt} > now()`))
      .returning({ userId: pendingSignUps.userId, passwordHash: pendingSignUps.passwordHash });
    return row ?? null;
  }

  /**
   * The e-mailed link was opened. "confirmed" only in the browser holding the
   * sign-up's nonce (the password chosen at sign-up is kept); "choose-password"
   * anywhere else, with nothing changed, so a mail scanner's GET burns nothing.
   */
  async function open(token: string, nonce: string | undefined) {
    const pending = await findValid(token);
    if (!pending) return { outcome: "invalid" as const };
    if (!pending.passwordHash || !sameHash(pending.browserNonceHash, nonce)) {
      return { outcome: "choose-password" as const };
    }
    const confirmed = await db.transaction(async (tx) => {
      const spent = await spend(tx, token);
      if (!spent?.passwordHash) return false;
      await setCredential(tx, spent.userId, spent.passwordHash);
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, spent.userId));
      return true;
    });
    return confirmed
      ? { outcome: "confirmed" as const, userId: pending.userId }
      : { outcome: "invalid" as const };
  }

  /**
   * The set-password page: spends the token, confirms the e-mail, and sets the
   * name and password given here. The password chosen at sign-up is dropped.
   */
  async function confirmWithPassword(token: string, input: { name: string; password: string }) {
    if (!token || !(await findValid(token))) return null;
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const spent = await spend(tx, token);
      if (!spent) return null;
      await setCredential(tx, spent.userId, passwordHash);
      const [user] = await tx
        .update(users)
        .set({ emailVerified: true, name: input.name })
        .where(eq(users.id, spent.userId))
        .returning({ id: users.id, email: users.email, name: users.name });
      await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
      return user ?? null;
    });
  }

  /**
   * Deletes the unconfirmed users whose latest link has expired (and those left
   * unconfirmed for more than a day before pending sign-ups existed). A user a
   * sign-up is replacing right now is locked, so skipped until the next sweep.
   */
  async function sweep(): Promise<number> {
    const result = await db.execute(sql`
      with doomed as (
        select u.id from ${users} u
        where u.email_verified = false and (
          exists (select 1 from ${pendingSignUps} p where p.user_id = u.id and p.expires_at <= now())
          or (not exists (select 1 from ${pendingSignUps} p where p.user_id = u.id)
              and u.created_at < now() - make_interval(hours => ${PENDING_SIGN_UP_HOURS}))
        )
        for update of u skip locked
      )
      delete from ${users} where id in (select id from doomed) returning id`);
    return result.rows.length;
  }

  return { start, renew, abandon, open, findValid, confirmWithPassword, sweep, sameHash };
}

export type PendingSignUps = ReturnType<typeof createPendingSignUps>;
