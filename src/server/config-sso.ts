import { z } from "zod";

/*
 * Sign-in with the company's identity provider (docs/decisions/052): Google Workspace, Microsoft
 * Entra ID and any OpenID Connect issuer, each on when its variables are set. config.ts spreads
 * `SsoEnvShape` into its schema and calls `ssoConfig`; a provider set by halves stops the start
 * with one line naming the variable that is missing.
 */

export type SsoProviderId = "google" | "microsoft" | "oidc";

export type SsoProvider = {
  /** better-auth's provider id: the callback is `/api/auth/callback/<id>`. */
  id: SsoProviderId;
  /** The button's 'Entrar com <name>'. */
  name: string;
  /** The issuer's OpenID configuration: endpoints, issuer and JWKS (the ID token is checked against them). */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https, or http on this machine only (a provider started by the tests, a local Keycloak). */
const issuerUrl = z
  .url({ protocol: /^https?$/, error: "must be an https:// URL (the issuer, as its tokens name it)" })
  .refine((value) => value.startsWith("https://") || LOOPBACK.has(new URL(value).hostname), {
    error: "must be an https:// URL (http:// only on localhost)",
  });

const TENANT_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SsoEnvShape = {
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /*
   * One directory, by its ID: the ID token's issuer is checked against it, which `common` or
   * `organizations` (an issuer per tenant) would not allow.
   */
  MICROSOFT_TENANT_ID: z
    .string()
    .regex(TENANT_GUID, {
      error:
        "must be the directory (tenant) ID, a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47; common, organizations and consumers are not accepted",
    })
    .optional(),
  OIDC_ISSUER: issuerUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z
    .string()
    .trim()
    .min(1)
    .max(40, { error: "must be a short name of at most 40 characters (the button's 'Entrar com …')" })
    .optional(),
};

type SsoEnv = { [K in keyof typeof SsoEnvShape]?: z.output<(typeof SsoEnvShape)[K]> };

type Refuse = (message: string) => Error;

/** All of a provider's variables, or none: the first one missing is named. */
function allOrNone(env: SsoEnv, names: (keyof SsoEnv)[], refuse: Refuse): boolean {
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length === 0) return false;
  const missing = names.find((name) => env[name] === undefined);
  if (missing) {
    throw refuse(
      `Invalid configuration: ${set.join(", ")} ${set.length === 1 ? "is" : "are"} set, so ${missing} is required`,
    );
  }
  return true;
}

/** `refuse` makes config.ts's start error. */
export function ssoConfig(env: SsoEnv, refuse: Refuse): SsoProvider[] {
  const providers: SsoProvider[] = [];
  if (allOrNone(env, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"], refuse)) {
    providers.push({
      id: "google",
      name: "Google",
      discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
      clientId: env.GOOGLE_CLIENT_ID!,
      clientSecret: env.GOOGLE_CLIENT_SECRET!,
    });
  }
  if (allOrNone(env, ["MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET", "MICROSOFT_TENANT_ID"], refuse)) {
    const tenant = env.MICROSOFT_TENANT_ID!.toLowerCase();
    providers.push({
      id: "microsoft",
      name: "Microsoft",
      discoveryUrl: `https://login.microsoftonline.com/${tenant}/v2.0/.well-known/openid-configuration`,
      clientId: env.MICROSOFT_CLIENT_ID!,
      clientSecret: env.MICROSOFT_CLIENT_SECRET!,
    });
  }
  if (allOrNone(env, ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME"], refuse)) {
    providers.push({
      id: "oidc",
      name: env.OIDC_NAME!,
      discoveryUrl: `${env.OIDC_ISSUER!.replace(/\/+$/, "")}/.well-known/openid-configuration`,
      clientId: env.OIDC_CLIENT_ID!,
      clientSecret: env.OIDC_CLIENT_SECRET!,
    });
  }
  return providers;
}
