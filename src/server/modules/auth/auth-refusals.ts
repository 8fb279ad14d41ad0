import type { User } from "@/domain/auth/auth.schema";
import { authMessages } from "@/domain/messages";
import { ACCOUNT_DEACTIVATED } from "../../auth/auth";
import { AppError } from "../../http/errors";

/* The refusals and the public account the sign-up, confirmation and sign-in answers share. */

type BetterAuthError = { statusCode?: number; body?: { code?: string; message?: string }; message?: string };

export const accountDeactivated = () =>
  new AppError(403, ACCOUNT_DEACTIVATED, authMessages.accountDeactivated);

export function authErrorCode(err: unknown): string | undefined {
  return (err as BetterAuthError)?.body?.code;
}

/** What the sign-up and sign-in answers tell of an account: its id, address and name, nothing else. */
export const publicUser = (u: { id: string; email: string; name: string }): User => ({
  id: u.id,
  email: u.email,
  name: u.name,
});

export function linkInvalid(status: 400 | 404) {
  return new AppError(status, "LINK_INVALID", authMessages.linkInvalid);
}

export function emailTaken() {
  const m = authMessages.emailTaken;
  return new AppError(409, "EMAIL_TAKEN", m, { email: m.description });
}
