import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Standard Webhooks 1.0 signatures (https://www.standardwebhooks.com/,
 * spec/standard-webhooks.md "Signature scheme"): HMAC-SHA256 over
 * "{webhook-id}.{webhook-timestamp}.{raw body}", sent as `v1,<base64>`.
 * Receivers using any Standard Webhooks or Svix library verify what we send.
 */

const SECRET_PREFIX = "whsec_";

/** Tolerance the reference libraries apply to `webhook-timestamp` against replays. */
export const DEFAULT_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** `whsec_<base64>` decodes to its bytes; a secret without the prefix is used as its UTF-8 bytes. */
export function decodeWebhookSecret(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return Buffer.from(secret, "utf8");
}

/** The `webhook-signature` value for one message: `v1,` + base64 HMAC-SHA256. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", decodeWebhookSecret(secret))
    .update(`${id}.${timestamp}.${body}`, "utf8")
    .digest("base64");
  return `v1,${digest}`;
}

export type WebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/** The three Standard Webhooks headers for `body`, signed at `timestamp` (Unix seconds, default now). */
export function webhookHeaders(
  secret: string,
  id: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): WebhookHeaders {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, id, timestamp, body),
  };
}

/**
 * Checks a received webhook: the timestamp within `toleranceSeconds` of `now`
 * (pass `toleranceSeconds: Infinity` to skip that), and one of the
 * space-separated `v1,` signatures (several during a key rotation) equal to
 * ours, compared in constant time.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  id: string;
  timestamp: string | number;
  body: string;
  signature: string;
  toleranceSeconds?: number;
  /** Unix seconds; default the current time. */
  now?: number;
}): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp)) return false;
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? DEFAULT_TIMESTAMP_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) return false;

  const expected = Buffer.from(signWebhook(input.secret, input.id, timestamp, input.body).slice(3), "base64");
  let valid = false;
  for (const candidate of input.signature.split(" ")) {
    const [version, value] = candidate.split(",", 2);
    if (version !== "v1" || !value) continue;
    const received = Buffer.from(value, "base64");
    // No early exit: every candidate is compared, whichever matches.
    if (received.length === expected.length && timingSafeEqual(received, expected)) valid = true;
  }
  return valid;
}
