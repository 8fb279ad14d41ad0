import { createMagicLinks, type MagicLinkDeps } from "./magic-link.service";
import { createSignIn, type SignInDeps } from "./password-sign-in.service";
import { createSignUp, type SignUpDeps } from "./sign-up.service";
import { type ConfirmationDeps, createConfirmations } from "./sign-up-confirmation.service";

/*
 * Sign-up, its confirmation link, sign-in with a password and with an e-mailed link, each in its
 * own file; the limits and refusals they share are re-exported here for the password, SSO and
 * second-factor modules.
 */
export { addressOf, enforceLimits, refuseWhileLimited } from "./auth-limits";
export { authErrorCode } from "./auth-refusals";

export type AuthServiceDeps = SignUpDeps & ConfirmationDeps & SignInDeps & MagicLinkDeps;

export function createAuthService(deps: AuthServiceDeps) {
  return {
    ...createSignUp(deps),
    ...createConfirmations(deps),
    ...createSignIn(deps),
    ...createMagicLinks(deps),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
