import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect } from "vitest";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@/domain/auth/second-factor-rules";
import { cookieHeader, PASSWORD } from "./auth-helpers";
import type { TestContext } from "./test-app";

/**
 * The code an authenticator app shows now for `secret` (the base32 text the page shows), computed
 * as better-auth checks it (its own OTP module); `steps` moves the clock by whole periods.
 */
export async function totpCode(secret: string, steps = 0): Promise<string> {
  const key = new TextDecoder().decode(base32.decode(secret));
  const otp = createOTP(key, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  if (steps === 0) return otp.totp();
  return otp.hotp(Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000)) + steps);
}

/** A code that is not the current one, nor either neighbour. */
export async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-1, 0, 1].map((s) => totpCode(secret, s)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(TOTP_DIGITS, "0");
    if (!near.includes(candidate)) return candidate;
  }
}

/** Merges the cookies an answer sets into a cookie header (a replaced session cookie wins). */
export function withSetCookies(cookie: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf("=")), c] as const),
  );
  for (const c of cookieHeader(setCookie).split("; ").filter(Boolean)) {
    const name = c.slice(0, c.indexOf("="));
    if (c.endsWith("=")) jar.delete(name);
    else jar.set(name, c);
  }
  return [...jar.values()].join("; ");
}

/** Switches the authenticator app on through the API: the secret, the codes and the new session's cookie. */
export async function enrolTotp(ctx: TestContext, cookie: string, password = PASSWORD) {
  const started = await ctx.app.inject({
    method: "POST",
    url: "/api/me/segundo-fator/totp",
    headers: { cookie },
    payload: { password },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, totpUri } = started.json() as { secret: string; totpUri: string };
  const confirmed = await ctx.app.inject({
    method: "POST",
    url: "/api/me/segundo-fator/totp/confirmar",
    headers: { cookie },
    payload: { code: await totpCode(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { secret, totpUri, recoveryCodes, cookie: withSetCookies(cookie, confirmed.headers["set-cookie"]) };
}
