import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app";
import { cookieHeader } from "../../testing/auth-helpers";
import { type OidcProvider, startOidcProvider } from "../../testing/oidc-provider";
import { joinTeam, person } from "../../testing/people";
import { describeWithApp } from "../../testing/test-app";

/*
 * An SSO sign-in counts as the identity provider's own factor (docs/decisions/052, 055): a
 * Financeiro member who signs in with the company's provider is not sent to enrol; the same
 * person signing in with a password is.
 */

const PUBLIC_URL = "http://localhost:3000";
let idp: OidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`] });
});
afterAll(() => idp?.close());

async function ssoSignIn(app: App, login: string) {
  const begun = await app.inject({ method: "POST", url: "/api/sso/google", payload: {} });
  const url = new URL(await idp.authorize(begun.json().url, login));
  const landed = await app.inject({
    url: `${url.pathname}${url.search}`,
    headers: { cookie: cookieHeader(begun.headers["set-cookie"]) },
  });
  expect(landed.headers.location).toBe("/");
  return cookieHeader(landed.headers["set-cookie"]);
}

describeWithApp(
  "an SSO sign-in and the required second factor (docs/decisions/055)",
  {
    env: { REQUIRE_SECOND_FACTOR: "true", ALLOWED_EMAIL_DOMAINS: "agencia.digital" },
    config: (config) => ({
      ...config,
      sso: [
        {
          id: "google",
          name: "Google",
          discoveryUrl: idp.discoveryUrl,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
        },
      ],
    }),
  },
  (ctx) => {
    it("lets a Financeiro member in by SSO without enrolling; by password they must enrol", async () => {
      const app = ctx().app;
      await joinTeam(ctx(), "financeiro", "fin@agencia.digital");
      const byPassword = await person(ctx(), "fin@agencia.digital", "Fernanda Dias");
      expect(
        (await app.inject({ url: "/api/caixa", headers: { cookie: byPassword.cookie } })).statusCode,
      ).toBe(403);

      // The provider vouches for the same address: her account is linked, and that session counts.
      idp.person("fin-sub", { email: "fin@agencia.digital", hd: "agencia.digital", name: "Fernanda Dias" });
      const sso = await ssoSignIn(app, "fin-sub");
      const me = await app.inject({ url: "/api/me", headers: { cookie: sso } });
      expect(me.json()).toMatchObject({
        user: { id: byPassword.user.id },
        secondFactor: { required: true, enrolled: false, pending: false },
      });
      expect((await app.inject({ url: "/api/caixa", headers: { cookie: sso } })).statusCode).toBe(200);
      // Her password session is still held to enrol.
      expect(
        (await app.inject({ url: "/api/caixa", headers: { cookie: byPassword.cookie } })).statusCode,
      ).toBe(403);
    });
  },
);
