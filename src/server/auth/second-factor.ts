import { passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { twoFactor } from "better-auth/plugins";
import { safeReturnPath } from "@/domain/auth/return-path";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@/domain/auth/second-factor-rules";

/** How long the second step of a sign-in waits for its code (better-auth's two-factor cookie). */
export const SECOND_STEP_MINUTES = 10;
/** Where an e-mailed link lands when the account has an authenticator app: /login's second step. */
export const SECOND_STEP_LANDING = "/login?etapa=codigo";
/** better-auth's two-factor cookie (its `two_factor`, under our prefix): it holds the pending step. */
const TWO_FACTOR_COOKIE = "two_factor";

/**
 * How a session began, kept on its row (`sessions.sign_in_method`, docs/decisions/055). Only these
 * better-auth paths create a session for a person who was not signed in; every other one (a
 * password change, switching the app on or off) replaces a session and keeps how it began.
 */
export type SignInMethod = "password" | "magic-link" | "second-factor" | "passkey" | "sso";

const SIGN_IN_PATHS: [RegExp, SignInMethod][] = [
  [/^\/sign-in\/email$/, "password"],
  [/^\/magic-link\/verify$/, "magic-link"],
  [/^\/two-factor\/verify-(totp|backup-code)$/, "second-factor"],
  [/^\/passkey\/verify-authentication$/, "passkey"],
  // An identity provider's callback (generic OAuth/OIDC or a social provider).
  [/^\/(oauth2\/)?callback\//, "sso"],
];

export function signInMethodOf(path: string | undefined, inherited: unknown): string | null {
  const found = SIGN_IN_PATHS.find(([pattern]) => pattern.test(path ?? ""));
  if (found) return found[1];
  return typeof inherited === "string" ? inherited : null;
}

/**
 * Whether the way this session began already proved a second factor, so a person who must have
 * one is let through even without one enrolled here (docs/decisions/055): the code after the
 * password or the e-mailed link, a passkey (something held and a fingerprint or PIN), or a sign-in
 * with the company's identity provider, whose own factor counts (decision 052: the provider
 * enforces its MFA). The SSO sign-in is told by its callback path (`signInMethodOf`); if the
 * identity-provider work marks its sessions some other way, this is the one place to read it.
 */
export function sessionSatisfiesSecondFactor(session: { signInMethod?: string | null }): boolean {
  const method = session.signInMethod;
  return method === "second-factor" || method === "passkey" || method === "sso";
}

/**
 * better-auth's two-factor plugin as Balcão uses it (docs/decisions/054): RFC 6238 codes of 6
 * digits every 30 s, one step either side accepted (its default window), the secret and the ten
 * recovery codes encrypted with AUTH_SECRET in `two_factors`. An account without a password
 * (it signs in by links) enrols without one: the first code from the app confirms it.
 */
export function secondFactorPlugins(publicUrl: string) {
  return [
    twoFactor({
      issuer: "Balcão",
      allowPasswordless: true,
      twoFactorCookieMaxAge: SECOND_STEP_MINUTES * 60,
      totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
      backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: 10, storeBackupCodes: "encrypted" },
      schema: { twoFactor: { modelName: "twoFactors" } },
    }),
    linkSecondStep(),
    passkeys(publicUrl),
  ] as const;
}

/** better-auth's refusal of a passkey that proved possession without the person (no PIN, no biometry). */
export const PASSKEY_NOT_VERIFIED = "PASSKEY_NOT_VERIFIED";
/** The same, at registration: such a passkey is not kept (docs/decisions/056). */
export const PASSKEY_USER_NOT_VERIFIED = "PASSKEY_USER_NOT_VERIFIED";

/**
 * better-auth's passkey plugin (docs/decisions/056): the relying party is PUBLIC_URL's host and
 * origin. A passkey is a sign-in and a second factor at once only when the authenticator verified
 * the person (PIN or biometry): registration asks for that and a discoverable credential (signing in
 * needs no e-mail typed), and a sign-in without it is refused, which the plugin does not do itself.
 */
function passkeys(publicUrl: string) {
  const url = new URL(publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: "Balcão",
    origin: url.origin,
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    // The plugin verifies a registration with `requireUserVerification: false`, whatever was asked:
    // a passkey the person never proved to would be kept, release the gate, then never sign in.
    registration: {
      afterVerification: async ({ verification }) => {
        if (verification.registrationInfo?.userVerified) return;
        throw new APIError("BAD_REQUEST", { code: PASSKEY_USER_NOT_VERIFIED, message: "user not verified" });
      },
    },
    authentication: {
      afterVerification: async ({ verification }) => {
        if (verification.authenticationInfo.userVerified) return;
        throw new APIError("UNAUTHORIZED", { code: PASSKEY_NOT_VERIFIED, message: "user not verified" });
      },
    },
    schema: { passkey: { modelName: "passkeys" } },
  });
}

/**
 * better-auth asks for the code after a password only (its two-factor hook matches the
 * /sign-in/* paths): an e-mailed link would sign an account with an app in on its own. This hook
 * does for /magic-link/verify what the plugin does for a password: the session just made is
 * deleted, the plugin's pending step (the same verification rows and signed cookie its
 * /two-factor/verify-* endpoints read) takes its place, and the browser lands on /login's second
 * step (docs/decisions/054).
 */
function linkSecondStep(): BetterAuthPlugin {
  return {
    id: "balcao-link-second-step",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === "/magic-link/verify",
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!(created?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(created!.session.token);
            ctx.context.setNewSession(null);
            const maxAge = SECOND_STEP_MINUTES * 60;
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + maxAge * 1000);
            const { internalAdapter } = ctx.context;
            await internalAdapter.createVerificationValue({ value: created!.user.id, identifier, expiresAt });
            await internalAdapter.createVerificationValue({
              value: "0",
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            // An e-mailed request's link still lands on that request once the code is given (decision 011).
            const next = safeReturnPath(ctx.query?.callbackURL);
            throw ctx.redirect(
              next ? `${SECOND_STEP_LANDING}&next=${encodeURIComponent(next)}` : SECOND_STEP_LANDING,
            );
          }),
        },
      ],
    },
  };
}
