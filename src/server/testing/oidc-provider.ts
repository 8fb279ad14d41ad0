import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/*
 * A real OpenID provider on loopback for the SSO tests (docs/decisions/052): panva's
 * `oidc-provider` with one confidential client and people whose claims a test chooses
 * (`email_verified`, Google's `hd`), driven with plain HTTP through its development
 * login and consent pages. The ID token carries the claims, as Google's does.
 */

export type OidcPerson = { email: string; emailVerified?: boolean; hd?: string; name?: string };

export type OidcProvider = {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces the person who signs in as `login` (their `sub`). */
  person(login: string, claims: OidcPerson): void;
  /**
   * Follows an authorization URL as a browser would, signing in as `login` and consenting,
   * and answers where the provider sends the browser back (the callback, with code and state).
   */
  authorize(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
};

export async function startOidcProvider(options: {
  redirectUris: string[];
  /** Anyone whose login is an e-mail address signs in as that verified address (the e2e walk types it). */
  anyAddress?: boolean;
}): Promise<OidcProvider> {
  const people = new Map<string, OidcPerson>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const clientId = "balcao-test";
  const clientSecret = "balcao-test-secret-balcao-test-secret";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), alg: "RS256", use: "sig", kid: "test" }] },
    claims: { openid: ["sub"], email: ["email", "email_verified", "hd"], profile: ["name"] },
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-cookie-key-test-cookie-key"] },
    async findAccount(_ctx, sub) {
      const found = people.get(sub) ?? (options.anyAddress && sub.includes("@") ? { email: sub } : undefined);
      if (!found) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: found.email,
            email_verified: found.emailVerified ?? true,
            name: found.name ?? "Pessoa SSO",
            ...(found.hd ? { hd: found.hd } : {}),
          };
        },
      };
    },
  });
  server.on("request", provider.callback());

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    person: (login, claims) => people.set(login, claims),
    authorize: (url, login) => followAsBrowser(url, login, options.redirectUris),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's cookies of one browser, sent back on every request (paths ignored: a test's jar). */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

async function followAsBrowser(start: string, login: string, redirectUris: string[]): Promise<string> {
  const jar = cookieJar();
  let url = start;
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 12; step++) {
    const response: Response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: jar.header(),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    jar.take(response);
    form = null;
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url).toString();
      if (redirectUris.some((uri) => next.startsWith(uri))) return next;
      url = next;
      continue;
    }
    const page: string = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status}: ${page}`);
    // The development pages: the login form, then the consent form, both posting to the page's URL.
    form = /name="prompt" value="login"/.test(page)
      ? new URLSearchParams({ prompt: "login", login, password: "any" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("the provider never sent the browser back");
}
