import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isMailbox } from "@/domain/auth/mailbox";
import type { Auth } from "../../auth/auth";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db, Tx } from "../../db/client";
import {
  confirmUserWithName,
  deleteCredential,
  deleteExpiredSignUps,
  deleteSessions,
  deleteUnconfirmedUserWithToken,
  deleteValidPendingSignUp,
  findValidPendingSignUp,
  insertCredential,
  lockUnconfirmedUser,
  lockUser,
  markEmailVerified,
  renewPendingToken,
  updateCredentialPassword,
  upsertPendingSignUp,
  upsertUnconfirmedUser,
} from "./auth.queries";

/*
 * Sign-ups waiting for their e-mail to be proven (docs/decisions/009-pending-sign-ups.md).
 *
 * - A sign-up creates the unconfirmed user and ONE pending record: the hash of
 *   the e-mailed token, the hash of a nonce given to the registering browser as
 *   a cookie, the hash of the password chosen, and an expiry 24 h on.
 * - Registering the address again, or asking for a new link, replaces the token
 *   (older links die). A confirmed address is never touched.
 * - Opening the link changes nothing (mail scanners open it first): it shows a
 *   page. In the browser holding the nonce, its one click confirms and keeps the
 *   password; anywhere else the person chooses the password there. Only the
 *   page's POST spends the token. Nobody's password reaches an account without
 *   the proof of the mailbox AND of the browser.
 */

export const PENDING_SIGN_UP_HOURS = 24;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");

function sameHash(hashHex: string | null, value: string | undefined): boolean {
  if (!hashHex || !value) return false;
  const given = Buffer.from(sha256(value), "hex");
  const expected = Buffer.from(hashHex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type PendingUser = { id: string; email: string; name: string };

type Deps = { db: Db; auth: Auth; sessions: SessionRevoker };

export function createPendingSignUps(deps: Deps) {
  const credentials = createCredentials(deps.auth);
  return {
    ...createSignUpStarts(deps, credentials),
    ...createSignUpConfirmations(deps, credentials),
    sameHash,
  };
}

/** Ids and passwords as better-auth makes them, and the credential that holds the password. */
function createCredentials(auth: Auth) {
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
    if (await updateCredentialPassword(tx, userId, passwordHash)) return;
    await insertCredential(tx, { id: await newId("account"), userId, passwordHash });
  }

  return { newId, hashPassword, setCredential };
}

type Credentials = ReturnType<typeof createCredentials>;

/** Starting, renewing, abandoning and sweeping sign-ups. */
function createSignUpStarts({ db, sessions }: Deps, { newId, hashPassword }: Credentials) {
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
      const row = await upsertUnconfirmedUser(tx, { id, name: input.name, email: input.email });
      if (!row) return null;
      // Nothing an earlier sign-up chose may outlive it: no password, no session.
      await deleteCredential(tx, row.id);
      await deleteSessions(tx, row.id);
      await upsertPendingSignUp(
        tx,
        row.id,
        { tokenHash: sha256(token), browserNonceHash: sha256(nonce), passwordHash },
        PENDING_SIGN_UP_HOURS,
      );
      return row;
    });
    if (!user) return "taken" as const;
    await sessions.revoke({ type: "user", userId: user.id });
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
      const user = await lockUnconfirmedUser(tx, email);
      if (!user) return null;
      // An account left unconfirmed before pending sign-ups existed has no record:
      // its link always goes through the set-password page.
      const browserNonceHash = await renewPendingToken(tx, user.id, sha256(token), PENDING_SIGN_UP_HOURS);
      return { user, token, browserNonceHash };
    });
  }

  /** Undoes `start` when its e-mail could not be sent, unless a later sign-up replaced it meanwhile. */
  async function abandon(userId: string, token: string) {
    await deleteUnconfirmedUserWithToken(db, userId, sha256(token));
  }

  /**
   * Deletes the unconfirmed users whose latest link has expired (and those left
   * unconfirmed for more than a day before pending sign-ups existed). A user a
   * sign-up is replacing right now is locked, so skipped until the next sweep.
   */
  async function sweep(): Promise<number> {
    return deleteExpiredSignUps(db, PENDING_SIGN_UP_HOURS);
  }

  return { start, renew, abandon, sweep };
}

/** The e-mailed link: opened, or spent on the set-password page. */
function createSignUpConfirmations({ db, sessions }: Deps, { hashPassword, setCredential }: Credentials) {
  /** The valid pending sign-up of `token`; none for an address that is not one mailbox (docs/decisions/028). */
  async function findValid(token: string) {
    if (!token) return null;
    const pending = await findValidPendingSignUp(db, sha256(token));
    return pending && isMailbox(pending.email) ? pending : null;
  }

  /**
   * Spends the token (single use, also under concurrent requests); the user id, or null when it is
   * not valid. The user's row is locked first, in the order a new sign-up of the address takes.
   */
  async function spend(tx: Tx, token: string, userId: string) {
    await lockUser(tx, userId);
    return deleteValidPendingSignUp(tx, sha256(token));
  }

  /** Whether `nonce` is the cookie of the browser that registered this sign-up, with its password kept. */
  function inRegisteringBrowser(
    pending: { passwordHash: string | null; browserNonceHash: string | null },
    nonce: string | undefined,
  ) {
    return Boolean(pending.passwordHash) && sameHash(pending.browserNonceHash, nonce);
  }

  /** The link's sign-up, and whether this browser registered it; changes nothing (a scanner may ask). */
  async function inspect(token: string, nonce: string | undefined) {
    const pending = await findValid(token);
    return pending ? { pending, sameBrowser: inRegisteringBrowser(pending, nonce) } : null;
  }

  /**
   * The click on the confirmation page of the browser that registered: spends the token and keeps
   * the password chosen at sign-up. Null anywhere else, or when the link is no longer valid.
   */
  async function confirmInBrowser(token: string, nonce: string | undefined) {
    const pending = await findValid(token);
    if (!pending || !inRegisteringBrowser(pending, nonce)) return null;
    const confirmed = await db.transaction(async (tx) => {
      const spent = await spend(tx, token, pending.userId);
      if (!spent?.passwordHash) return false;
      await setCredential(tx, spent.userId, spent.passwordHash);
      await markEmailVerified(tx, spent.userId);
      return true;
    });
    return confirmed ? { userId: pending.userId, email: pending.email } : null;
  }

  /**
   * The set-password page: spends the token, confirms the e-mail, and sets the
   * name and password given here. The password chosen at sign-up is dropped.
   */
  async function confirmWithPassword(token: string, input: { name: string; password: string }) {
    const pending = token ? await findValid(token) : null;
    if (!pending) return null;
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction(async (tx) => {
      const spent = await spend(tx, token, pending.userId);
      if (!spent) return null;
      await setCredential(tx, spent.userId, passwordHash);
      const confirmed = await confirmUserWithName(tx, spent.userId, input.name);
      await deleteSessions(tx, spent.userId);
      return confirmed;
    });
    // The deleted sessions leave every instance's cache too (decision 012).
    if (user) await sessions.revoke({ type: "user", userId: user.id });
    return user;
  }

  return { inspect, confirmInBrowser, findValid, confirmWithPassword };
}

export type PendingSignUps = ReturnType<typeof createPendingSignUps>;
