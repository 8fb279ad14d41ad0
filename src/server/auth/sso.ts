import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import { and, eq, gt } from "drizzle-orm";
import { isAllowedEmailDomain } from "@/domain/auth/email-domain";
import { isMailbox } from "@/domain/auth/mailbox";
import { SSO_LOGIN_PARAM, type SsoRefusal } from "@/domain/auth/sso-refusals";
import { defaultUserName } from "@/domain/auth/user-name";
import type { SsoProvider, SsoProviderId } from "../config-sso";
import type { Db } from "../db/client";
import { accounts, pendingSignUps, sessions, users, verifications } from "../db/schema";

/*
 * Sign-in with the company's identity provider (docs/decisions/052): better-auth's generic OAuth
 * plugin for Google, Microsoft and any OpenID issuer alike, each found by its discovery document.
 * The plugin does the protocol (authorization code with PKCE, `state` kept server-side and bound
 * to a signed cookie, the ID token's signature, issuer, audience, expiry and `nonce` checked
 * against the discovered JWKS); this file says who may come in, and where a refusal lands.
 */

/** The scopes asked for: who the person is and their address, nothing of their mailbox or files. */
const SCOPES = ["openid", "email", "profile"];

export const ssoCallbackPath = (basePath: string, id: string) => `${basePath}/callback/${id}`;

/** better-auth's route for every provider's callback, as its hooks see it. */
const CALLBACK_ROUTE = "/callback/:id";

const isTrue = (value: unknown) => value === true || value === "true";

/**
 * Whether the provider vouches for the address. Entra ID sends no `email_verified`: its
 * `xms_edov` (an optional claim, docs/sso.md) says the address's domain is one the tenant proved.
 */
function addressVerified(id: SsoProviderId, profile: Record<string, unknown>): boolean {
  if (isTrue(profile.email_verified)) return true;
  return id === "microsoft" && (isTrue(profile.xms_edov) || profile.xms_edov === 1);
}

export function ssoPlugins(providers: SsoProvider[]): BetterAuthPlugin[] {
  if (providers.length === 0) return [];
  return [
    genericOAuth({
      config: providers.map((provider) => ({
        providerId: provider.id,
        name: provider.name,
        discoveryUrl: provider.discoveryUrl,
        // A provider whose discovery gives no issuer and JWKS is skipped, never trusted unverified.
        requireIdTokenVerification: true,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scopes: SCOPES,
        pkce: true,
        // The account is created confirmed only when the provider vouches for the address.
        mapProfileToUser: (profile) => ({ emailVerified: addressVerified(provider.id, profile) }),
      })),
    }),
  ];
}

/** A provider's tokens are not kept: Balcão calls nothing of the provider after the sign-in. */
export function withoutProviderTokens<T extends Record<string, unknown>>(account: T): T {
  return { ...account, accessToken: null, refreshToken: null, idToken: null };
}

/** The refusals the gate below gives, as better-auth carries them to the callback's error URL. */
const GATE_CODES = {
  sso_domain_not_allowed: "dominio",
  sso_email_not_verified: "nao-verificado",
  sso_hosted_domain: "workspace",
} as const satisfies Record<string, SsoRefusal>;

type GateCode = keyof typeof GATE_CODES;

/**
 * Who may come in by a provider, asked by better-auth before it creates the user, links the
 * provider to an existing one, or signs a linked one in again (with the claims of this sign-in):
 * an address of ALLOWED_EMAIL_DOMAINS the provider vouches for, and for Google a Workspace
 * account (`hd`) of an allowed domain too. Other ways in are not asked here.
 */
export function ssoGate(
  allowedEmailDomains: string[],
  db: Db,
): NonNullable<BetterAuthOptions["user"]>["validateUserInfo"] {
  return async ({ user, source }) => {
    if (source.method !== "oauth" || !source.oauth) return;
    const refuse = (error: GateCode) => ({ error });
    const profile = source.oauth.profile ?? {};
    const id = source.oauth.providerId as SsoProviderId;
    const email = typeof user.email === "string" ? user.email : "";
    if (!isMailbox(email) || !isAllowedEmailDomain(email, allowedEmailDomains))
      return refuse("sso_domain_not_allowed");
    if (!addressVerified(id, profile)) return refuse("sso_email_not_verified");
    if (id === "google") {
      const hd = typeof profile.hd === "string" ? profile.hd.toLowerCase() : "";
      if (!allowedEmailDomains.includes(hd)) return refuse("sso_hosted_domain");
    }
    // Asked right before better-auth links the provider to the account of that address.
    if (source.action === "link-account" && typeof user.id === "string") {
      await replaceUnconfirmedSignUp(db, user.id, defaultUserName(user.name as string | undefined, email));
    }
    return;
  };
}

/**
 * A provider that vouches for the address proves the mailbox: an unconfirmed sign-up of it (which
 * never had a session: docs/decisions/009) gives way, so whoever registered a colleague's address
 * can neither keep them out of their SSO nor sign in later with the password they chose. Its
 * pending record (the password and the link), any credential and the name it chose go; the
 * provider's name takes the name's place. A confirmed account, or an unconfirmed one without a
 * pending sign-up (confirmation switched off), is left as it is.
 */
async function replaceUnconfirmedSignUp(db: Db, userId: string, name: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user || user.verified) return;
    const pending = await tx
      .delete(pendingSignUps)
      .where(eq(pendingSignUps.userId, userId))
      .returning({ userId: pendingSignUps.userId });
    if (pending.length === 0) return;
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.update(users).set({ name }).where(eq(users.id, userId));
  });
}

/** better-auth's error codes that have their own message on /login; anything else failed. */
const CALLBACK_CODES: Record<string, SsoRefusal> = {
  ...GATE_CODES,
  DOMAIN_NOT_ALLOWED: "dominio",
  ACCOUNT_DEACTIVATED: "desativada",
  // An account with this address exists and the provider did not vouch for it.
  account_not_linked: "nao-verificado",
};

/** Where the browser goes after a callback: on, if better-auth signed it in; else /login with why not. */
export function ssoLanding(location: string | null, baseUrl: string): { to: string; refusal?: string } {
  if (location) {
    const target = new URL(location, baseUrl);
    const error = target.searchParams.get("error");
    if (error === null && target.origin === new URL(baseUrl).origin) return { to: location };
    const refusal = CALLBACK_CODES[error ?? ""] ?? "falhou";
    // The code only, cut short: a provider's `error` reaches here as it sent it.
    return { to: `/login?${SSO_LOGIN_PARAM}=${refusal}`, refusal: (error ?? "elsewhere").slice(0, 60) };
  }
  return { to: `/login?${SSO_LOGIN_PARAM}=falhou`, refusal: "no-redirect" };
}

/*
 * Which sessions an SSO sign-in made, for the second factor (an SSO sign-in counts as the
 * provider's factor, docs/decisions/052): one `verifications` row per such session, so that no
 * migration is needed. It outlives the session's first week by far; once it is gone (a session
 * kept alive for more than a year) the session is treated as a password one, the safer side.
 */
const MARK_PREFIX = "sso-session:";
const MARK_DAYS = 400;

type HookContext = { path?: string; params?: Record<string, unknown> } | null | undefined;

/** From the session's create hook: records the provider when the session comes from a callback. */
export async function markSsoSession(db: Db, session: { id: string }, context: HookContext) {
  const provider = context?.path === CALLBACK_ROUTE ? context.params?.id : undefined;
  if (typeof provider !== "string") return;
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `${MARK_PREFIX}${session.id}`,
    value: provider,
    expiresAt: new Date(Date.now() + MARK_DAYS * 24 * 60 * 60 * 1000),
  });
}

/** The provider a session was signed in with (`google`, `microsoft`, `oidc`), or null: password, link, passkey. */
export async function ssoProviderOfSession(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, `${MARK_PREFIX}${sessionId}`),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.value ?? null;
}
