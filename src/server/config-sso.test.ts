import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

describe("identity providers in the configuration (docs/decisions/052)", () => {
  it("has none by default; each provider is on when all its variables are set", () => {
    expect(loadConfig({}).sso).toEqual([]);
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "g-id",
      GOOGLE_CLIENT_SECRET: "g-secret",
      MICROSOFT_CLIENT_ID: "m-id",
      MICROSOFT_CLIENT_SECRET: "m-secret",
      MICROSOFT_TENANT_ID: TENANT.toUpperCase(),
      OIDC_ISSUER: "https://sso.agencia.digital/realms/agencia/",
      OIDC_CLIENT_ID: "o-id",
      OIDC_CLIENT_SECRET: "o-secret",
      OIDC_NAME: " Keycloak ",
    });
    expect(config.sso).toEqual([
      {
        id: "google",
        name: "Google",
        discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
        clientId: "g-id",
        clientSecret: "g-secret",
      },
      {
        id: "microsoft",
        name: "Microsoft",
        discoveryUrl: `https://login.microsoftonline.com/${TENANT}/v2.0/.well-known/openid-configuration`,
        clientId: "m-id",
        clientSecret: "m-secret",
      },
      {
        id: "oidc",
        name: "Keycloak",
        discoveryUrl: "https://sso.agencia.digital/realms/agencia/.well-known/openid-configuration",
        clientId: "o-id",
        clientSecret: "o-secret",
      },
    ]);
  });

  it.each([
    [
      { GOOGLE_CLIENT_ID: "g-id" },
      /^Invalid configuration: GOOGLE_CLIENT_ID is set, so GOOGLE_CLIENT_SECRET is required$/,
    ],
    [{ GOOGLE_CLIENT_SECRET: "g" }, /GOOGLE_CLIENT_SECRET is set, so GOOGLE_CLIENT_ID is required/],
    [
      { MICROSOFT_CLIENT_ID: "m", MICROSOFT_CLIENT_SECRET: "s" },
      /MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET are set, so MICROSOFT_TENANT_ID is required/,
    ],
    [{ MICROSOFT_TENANT_ID: "common" }, /MICROSOFT_TENANT_ID must be the directory \(tenant\) ID, a GUID/],
    [
      { OIDC_ISSUER: "http://sso.agencia.digital" },
      /OIDC_ISSUER must be an https:\/\/ URL \(http:\/\/ only on localhost\)/,
    ],
    [
      { OIDC_ISSUER: "https://sso.agencia.digital", OIDC_CLIENT_ID: "o", OIDC_CLIENT_SECRET: "s" },
      /OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are set, so OIDC_NAME is required/,
    ],
    [{ OIDC_NAME: "x".repeat(41) }, /OIDC_NAME must be a short name of at most 40 characters/],
  ])("stops with one line naming the variable: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("takes an http:// issuer on this machine only (a local provider, the tests')", () => {
    const config = loadConfig({
      OIDC_ISSUER: "http://127.0.0.1:9000",
      OIDC_CLIENT_ID: "o",
      OIDC_CLIENT_SECRET: "s",
      OIDC_NAME: "Local",
    });
    expect(config.sso[0]?.discoveryUrl).toBe("http://127.0.0.1:9000/.well-known/openid-configuration");
  });
});
