import { describe, expect, it } from "vitest";
import { decodeWebhookSecret, signWebhook, verifyWebhookSignature, webhookHeaders } from "./signature";

// The test vector published with the Standard Webhooks reference libraries.
const VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("Standard Webhooks signature", () => {
  it("reproduces the published test vector", () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    expect(webhookHeaders(VECTOR.secret, VECTOR.id, VECTOR.body, VECTOR.timestamp)).toEqual({
      "webhook-id": VECTOR.id,
      "webhook-timestamp": "1614265330",
      "webhook-signature": VECTOR.signature,
    });
  });

  it("uses a secret without the whsec_ prefix as its UTF-8 bytes", () => {
    // Expected value computed with `openssl dgst -sha256 -hmac segredo-sem-prefixo -binary | base64`.
    const id = "3f1c1b9e-2a4d-4c57-9a1e-7d2f0b6c8e01";
    const body = '{"kind":"reembolso","valor":"123,45"}';
    expect(signWebhook("segredo-sem-prefixo", id, 1735689600, body)).toBe(
      "v1,yfww61OXXJiievH9CQ3Unf1ilZY1VrM1gbaES62bp4w=",
    );
    expect(decodeWebhookSecret("segredo-sem-prefixo").toString("utf8")).toBe("segredo-sem-prefixo");
    expect(decodeWebhookSecret(VECTOR.secret)).toHaveLength(24);
  });

  it("verifies the vector and rejects a tampered body, id, timestamp or secret", () => {
    const base = { ...VECTOR, now: VECTOR.timestamp };
    expect(verifyWebhookSignature(base)).toBe(true);
    expect(verifyWebhookSignature({ ...base, body: '{"test": 2432232315}' })).toBe(false);
    expect(verifyWebhookSignature({ ...base, id: "msg_other" })).toBe(false);
    expect(verifyWebhookSignature({ ...base, timestamp: VECTOR.timestamp + 1 })).toBe(false);
    expect(verifyWebhookSignature({ ...base, secret: "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" })).toBe(false);
    expect(verifyWebhookSignature({ ...base, signature: "v1,bm9wZQ==" })).toBe(false);
    expect(verifyWebhookSignature({ ...base, signature: VECTOR.signature.replace("v1,", "v2,") })).toBe(
      false,
    );
    expect(verifyWebhookSignature({ ...base, signature: "" })).toBe(false);
  });

  it("accepts any one of several space-separated signatures (key rotation)", () => {
    const signature = `v1,bm9wZQ== v1a,xyz ${VECTOR.signature}`;
    expect(verifyWebhookSignature({ ...VECTOR, signature, now: VECTOR.timestamp })).toBe(true);
  });

  it("rejects a timestamp outside the tolerance (replays)", () => {
    expect(verifyWebhookSignature({ ...VECTOR, now: VECTOR.timestamp + 301 })).toBe(false);
    expect(verifyWebhookSignature({ ...VECTOR, now: VECTOR.timestamp - 301 })).toBe(false);
    expect(verifyWebhookSignature({ ...VECTOR, now: VECTOR.timestamp + 299 })).toBe(true);
    expect(verifyWebhookSignature({ ...VECTOR, timestamp: "not-a-number", toleranceSeconds: Infinity })).toBe(
      false,
    );
  });
});
