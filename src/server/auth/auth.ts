import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { magicLink } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { isAllowedEmailDomain } from "@/domain/auth/email-domain";
import { isMailbox } from "@/domain/auth/mailbox";
import { safeReturnPath } from "@/domain/auth/return-path";
import { defaultUserName } from "@/domain/auth/user-name";
import { authMessages } from "@/domain/messages";
import type { SsoProvider } from "../config-sso";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { magicLinkEmail, passwordResetEmail } from "../mail/templates";
import {
  deleteOtherResetTokens,
  PASSWORD_RESET_MINUTES,
  resetPagePath,
  storedResetIdentifier,
} from "./password-reset";
import { secondFactorPlugins, signInMethodOf } from "./second-factor";
import { markSsoSession, ssoGate, ssoPlugins, withoutProviderTokens } from "./sso";

export const AUTH_BASE_PATH = "/api/auth";
/** better-auth's error code for a session refused to a deactivated account (docs/decisions/048). */
export const ACCOUNT_DEACTIVATED = "ACCOUNT_DEACTIVATED";
export const MAGIC_LINK_MINUTES = 10;
/** Where the browser lands after following an e-mailed link; the login page reads these. */
export const LINK_LANDING = {
  confirmed: "/login?confirmed=1",
  failed: "/login?error=link",
  signedIn: "/",
  /** The SPA's confirmation page: one click in the browser that registered, else the set-password form. */
  confirmationPage: (token: string) => `/confirmar-email?token=${encodeURIComponent(token)}`,
  /** The SPA's page an e-mailed sign-in link opens: its button, not the link, signs in. */
  magicLinkPage: (token: string, next: string | null) =>
    `/link-de-acesso?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`,
};

/** How passwords are hashed and checked: better-auth's shape for `emailAndPassword.password`. */
export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  allowedEmailDomains: string[];
  requireEmailVerification: boolean;
  /** The identity providers people may sign in with (docs/decisions/052). */
  sso: SsoProvider[];
  mailer: Mailer;
  /** Defaults to better-auth's scrypt; only the API tests pass a cheaper one (docs/decisions/057). */
  passwordHasher?: PasswordHasher;
  /** better-auth's own messages go to our log instead of the console. */
  log: (level: "info" | "warn" | "error" | "debug", message: string) => void;
};

/** better-auth as Balcão uses it; app.ts wraps it in quietAsyncContext (a seam, decision 026). */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: "Balcão",
    baseURL: options.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, { provider: "pg", schema }),
    // Who may come in by an identity provider (docs/decisions/052).
    user: { modelName: "users", validateUserInfo: ssoGate(options.allowedEmailDomains, options.db) },
    session: {
      modelName: "sessions",
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // How the session began: what the second-factor gate reads (second-factor.ts, docs/decisions/055).
      additionalFields: { signInMethod: { type: "string", required: false, input: false } },
    },
    /*
     * A provider's sign-in links to the account of the same address only when the provider vouches
     * for it (no trusted providers). An unconfirmed account too: the provider proves the mailbox,
     * and the sign-up pending on it gives way (sso.ts, `replaceUnconfirmedSignUp`). Its tokens are
     * not kept, and not refreshed at each sign-in (docs/decisions/052).
     */
    account: {
      modelName: "accounts",
      updateAccountOnSignIn: false,
      accountLinking: { requireLocalEmailVerified: false },
    },
    verification: {
      modelName: "verifications",
      // Reset tokens are kept hashed (password-reset.ts); the magic link hashes its own (storeToken).
      storeIdentifier: {
        default: "plain",
        overrides: { "reset-password:": { hash: async (id) => storedResetIdentifier(id) } },
      },
    },
    advanced: {
      cookiePrefix: "balcao",
      // Our routes put their own per-IP and per-e-mail limits in the database (rate-limit.ts).
      ipAddress: { disableIpTracking: false },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message) => options.log(level, `better-auth: ${message}`),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: options.requireEmailVerification,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      ...(options.passwordHasher ? { password: options.passwordHasher } : {}),
      // 'Esqueci minha senha' (docs/decisions/050): reached through modules/password only.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        // Only the newest link works: asking again kills the older ones.
        await deleteOtherResetTokens(options.db, user.id, token);
        await options.mailer.send(
          passwordResetEmail({
            to: user.email,
            name: user.name,
            url: `${options.publicUrl}${resetPagePath(token)}`,
            expiresInMinutes: PASSWORD_RESET_MINUTES,
          }),
        );
      },
    },
    emailVerification: {
      /*
       * Confirmation is ours (modules/auth/pending-sign-ups.ts, docs/decisions/009):
       * better-auth sends no confirmation e-mail, and its /verify-email is not
       * reachable from outside (auth.plugin.ts).
       */
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
    },
    databaseHooks: accountHooks(options),
    plugins: [
      magicLinkPlugin(options),
      ...secondFactorPlugins(options.publicUrl),
      ...ssoPlugins(options.sso),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Sign-in links for registered addresses only (spec §5), e-mailed as our page's address. */
function magicLinkPlugin(options: AuthOptions) {
  return magicLink({
    // Never create a user from a link (spec §5: magic links only for registered e-mails).
    disableSignUp: true,
    expiresIn: MAGIC_LINK_MINUTES * 60,
    storeToken: "hashed",
    async sendMagicLink({ email, url, token }) {
      const user = await options.db.query.users.findFirst({
        where: (u, { eq }) => eq(u.email, email.toLowerCase()),
        columns: { name: true },
      });
      // Our page, not better-auth's verify: mail scanners open every link first (auth.plugin.ts).
      const next = safeReturnPath(new URL(url).searchParams.get("callbackURL"));
      const page = `${options.publicUrl}${LINK_LANDING.magicLinkPage(token, next)}`;
      await options.mailer.send(
        magicLinkEmail({
          to: email,
          name: user?.name ?? "",
          url: page,
          expiresInMinutes: MAGIC_LINK_MINUTES,
        }),
      );
    },
  });
}

/** Who may exist and who may sign in, whatever better-auth path creates the user or the session. */
function accountHooks(options: AuthOptions): BetterAuthOptions["databaseHooks"] {
  return {
    session: {
      create: {
        /*
         * Every sign-in, by password or by an e-mailed link, ends here: an account
         * whose stored address is not one mailbox gets no session (docs/decisions/028).
         * better-auth then answers its "failed to create session".
         */
        async before(session, context) {
          const user = await options.db.query.users.findFirst({
            where: (u, { eq }) => eq(u.id, session.userId),
            columns: { email: true, deactivatedAt: true },
          });
          // Switched off by an administrator: password, e-mailed link, any way in (docs/decisions/048).
          if (user?.deactivatedAt)
            throw new APIError("FORBIDDEN", {
              code: ACCOUNT_DEACTIVATED,
              message: authMessages.accountDeactivated.title,
            });
          if (user && isMailbox(user.email)) {
            const inherited = (session as { signInMethod?: unknown }).signInMethod;
            return { data: { ...session, signInMethod: signInMethodOf(context?.path, inherited) } };
          }
          options.log("warn", "sign-in refused: the account's address is not one mailbox");
          return false;
        },
        // 'Pessoas' shows when each person last came in; the second factor asks how (docs/decisions/052).
        async after(session, context) {
          await options.db
            .update(schema.users)
            .set({ lastSignInAt: new Date() })
            .where(eq(schema.users.id, session.userId));
          await markSsoSession(options.db, session, context);
        },
      },
    },
    account: { create: { before: async (account) => ({ data: withoutProviderTokens(account) }) } },
    user: {
      create: {
        // The last word on who may exist, whatever better-auth path tried to create the user (spec §1, §6).
        // Pending sign-ups are written by modules/auth/pending-sign-ups.ts after the same check.
        async before(user) {
          if (!isAllowedEmailDomain(user.email, options.allowedEmailDomains)) {
            throw new APIError("BAD_REQUEST", {
              code: "DOMAIN_NOT_ALLOWED",
              message: authMessages.domainNotAllowed(options.allowedEmailDomains).title,
            });
          }
          return {
            data: {
              ...user,
              name: defaultUserName(user.name, user.email),
              /*
               * With confirmation off the sign-up's e-mail is taken as given. Left
               * "unverified", better-auth would drop the password at the first
               * magic-link sign-in (its guard against unproven accounts).
               */
              emailVerified: options.requireEmailVerification ? user.emailVerified : true,
            },
          };
        },
      },
    },
  };
}
