import type { User } from "@/domain/auth/auth.schema";
import { checkPersonName, normalizePersonName } from "@/domain/auth/person-name";
import { authMessages } from "@/domain/messages";
import type { Auth } from "../../auth/auth";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { AppError, unauthorized } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { updateUserName } from "./account.queries";

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

  return { updateName, signOutEverywhere };
}

export type AccountService = ReturnType<typeof createAccountService>;
