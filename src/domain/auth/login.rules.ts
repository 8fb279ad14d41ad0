import { authMessages, type Notice } from "../messages";
import { isMailbox } from "./mailbox";

/*
 * The sign-in rules, apart from the sign-up's (auth.rules.ts): /login downloads only these
 * (docs/decisions/025), without zod or the name and password-choice rules.
 */

export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's limit (auth.ts `maxPasswordLength`): a longer password could never sign in. */
export const MAX_PASSWORD_LENGTH = 128;

export type LoginInput = { email?: string; password?: string };

export type LoginFailure = Notice & {
  rule: "REQUIRED_FIELDS" | "EMAIL_INVALID";
  fields: Partial<Record<"email" | "password", string>>;
};

/**
 * Spec §5 Login: e-mail first, then the password (password mode only). The
 * e-mail must be one mailbox (ours, docs/decisions/028).
 */
export function checkLogin(input: LoginInput, mode: "password" | "magic-link"): LoginFailure | null {
  if (!input.email?.trim()) {
    const m = authMessages.emailRequired;
    return { ...m, rule: "REQUIRED_FIELDS", fields: { email: m.description } };
  }
  if (!isMailbox(input.email)) {
    const m = authMessages.emailInvalid;
    return { ...m, rule: "EMAIL_INVALID", fields: { email: m.description } };
  }
  if (mode === "password" && !input.password) {
    const m = authMessages.passwordRequired;
    return { ...m, rule: "REQUIRED_FIELDS", fields: { password: m.description } };
  }
  return null;
}
