import type { User } from "@/domain/auth/auth.schema";
import { checkPersonName, normalizePersonName } from "@/domain/auth/person-name";
import type { AccountSession } from "@/domain/auth/security.schema";
import { authMessages, passwordMessages } from "@/domain/messages";
import type { Auth } from "../../auth/auth";
import { sessionKeyOf } from "../../auth/session-cache";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { AppError, unauthorized } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { findOwnSessionToken, listActiveSessions, updateUserName } from "./account.queries";
import { describeUserAgent } from "./device";

/** 'Minha conta': what a signed-in user may change about themselves, and nothing about anyone else. */
export function createAccountService(deps: { db: Db; auth: Auth; sessions: SessionRevoker }) {
  const { db, auth, sessions } = deps;

  /** The one name rule (domain/auth/person-name.ts), as at sign-up; only ever the session's own user. */
  async function updateName(context: SignedInContext, name: string): Promise<User> {
    const userId = context.user.id;
    const problem = checkPersonName(name);
    if (problem) {
      throw new AppError(
        400,
        "NAME_INVALID",
        { ...authMessages.nameInvalid, description: problem },
        { name: problem },
      );
    }
    const user = await updateUserName(db, userId, normalizePersonName(name));
    if (!user) throw unauthorized();
    // The cached sessions carry the name the pages show (decision 012).
    await sessions.revoke({ type: "user", userId });
    context.log.info({ userId }, "name changed");
    return user;
  }

  /** Ends every session of the session's user on the server (this one too) and clears its cookie. */
  async function signOutEverywhere(context: SignedInContext) {
    const { headers: out } = await auth.api.revokeSessions({ headers: context.headers, returnHeaders: true });
    await sessions.revoke({ type: "user", userId: context.user.id });
    context.log.info({ userId: context.user.id }, "signed out of every session");
    return { headers: out };
  }

  return { updateName, signOutEverywhere, ...createSessionList(deps) };
}

/** 'Sessões' (docs/decisions/051): the person's own active sessions, and ending one of them. */
function createSessionList({ db, auth, sessions }: { db: Db; auth: Auth; sessions: SessionRevoker }) {
  /** The session this request came with, by its cache key: the token never leaves the server. */
  const currentKey = (context: SignedInContext) => sessions.keyOfCookie(context.headers.get("cookie"));

  async function listSessions(context: SignedInContext): Promise<{ sessions: AccountSession[] }> {
    const current = currentKey(context);
    const rows = await listActiveSessions(db, context.user.id);
    const listed = rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      ip: row.ipAddress || null,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.updatedAt.toISOString(),
      current: current !== null && sessionKeyOf(row.token) === current,
    }));
    // 'Este dispositivo' first, then the most recently used.
    return { sessions: [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)] };
  }

  /**
   * 'Encerrar': only a session of the signed-in person (another's id is 404, as
   * one already ended), and not this one ('Sair' does that). better-auth's
   * revokeSession deletes it; every instance then forgets it (decision 012).
   */
  async function endSession(context: SignedInContext, id: string) {
    const token = await findOwnSessionToken(db, context.user.id, id);
    if (!token) throw new AppError(404, "SESSION_NOT_FOUND", passwordMessages.sessionNotFound);
    const key = sessionKeyOf(token);
    if (key === currentKey(context))
      throw new AppError(400, "CURRENT_SESSION", passwordMessages.currentSession);
    await auth.api.revokeSession({ body: { token }, headers: context.headers });
    await sessions.revoke({ type: "session", key });
    context.log.info({ userId: context.user.id }, "one session ended from 'Minha conta'");
  }

  return { listSessions, endSession };
}

export type AccountService = ReturnType<typeof createAccountService>;
