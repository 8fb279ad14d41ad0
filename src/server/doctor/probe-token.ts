import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The proxy probe answers only `npm run doctor` on a machine that holds the
 * server's AUTH_SECRET: a token is the HMAC of a minute-resolution time, good
 * for two minutes. To anyone else the probe's path does not exist.
 */

const WINDOW_MS = 2 * 60_000;

function sign(secret: string, at: number): string {
  return createHmac("sha256", secret).update(`balcao:doctor-probe:${at}`).digest("base64url");
}

export function probeToken(secret: string, now = Date.now()): string {
  return `${now}.${sign(secret, now)}`;
}

export function validProbeToken(secret: string, token: string | undefined, now = Date.now()): boolean {
  const [at, signature] = (token ?? "").split(".");
  const time = Number(at);
  if (!signature || !Number.isSafeInteger(time) || Math.abs(now - time) > WINDOW_MS) return false;
  const expected = Buffer.from(sign(secret, time));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
