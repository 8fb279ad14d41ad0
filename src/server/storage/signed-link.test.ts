import { describe, expect, it } from "vitest";
import { signAttachmentPath, verifyAttachmentSignature } from "./signed-link";

const secret = "a-secret-derived-from-auth-secret-0123456789";
const id = "6c1f0d4e-2b8a-4f0e-9a57-3d2e1c0b9a87";
const now = new Date("2026-11-05T12:00:00Z");
const expiresAt = new Date("2026-11-05T13:00:00Z");

function parse(link: string) {
  const url = new URL(link, "http://balcao.test");
  return {
    path: url.pathname,
    expires: url.searchParams.get("expires") ?? undefined,
    signature: url.searchParams.get("signature") ?? undefined,
  };
}

describe("signed attachment links", () => {
  it("signs a download path that verifies until it expires", () => {
    const link = signAttachmentPath({ id, expiresAt, secret });
    const { path, expires, signature } = parse(link);
    expect(path).toBe(`/api/anexos/${id}/download`);
    expect(expires).toBe(String(expiresAt.getTime() / 1000));
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyAttachmentSignature({ id, expires, signature, secret, now })).toBe(true);
    expect(verifyAttachmentSignature({ id, expires: Number(expires), signature, secret, now })).toBe(true);
  });

  it("refuses it once expired", () => {
    const { expires, signature } = parse(signAttachmentPath({ id, expiresAt, secret }));
    expect(verifyAttachmentSignature({ id, expires, signature, secret, now: expiresAt })).toBe(false);
    expect(verifyAttachmentSignature({ id, expires, signature, secret, now: new Date("2027-01-01") })).toBe(
      false,
    );
  });

  it("refuses tampering with the id, the expiry, the signature or the secret", () => {
    const { expires, signature } = parse(signAttachmentPath({ id, expiresAt, secret }));
    const other = "00000000-0000-4000-8000-000000000000";
    const later = String(Number(expires) + 86_400);
    const flipped = `${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    const respelled = `${signature!.slice(0, -1)}${String.fromCharCode(signature!.charCodeAt(42) + 1)}`;
    expect(verifyAttachmentSignature({ id: other, expires, signature, secret, now })).toBe(false);
    expect(verifyAttachmentSignature({ id, expires: later, signature, secret, now })).toBe(false);
    expect(verifyAttachmentSignature({ id, expires, signature: flipped, secret, now })).toBe(false);
    // The same bytes spelt another way (the last character's unused bits) are not the link we issued.
    expect(verifyAttachmentSignature({ id, expires, signature: respelled, secret, now })).toBe(false);
    expect(verifyAttachmentSignature({ id, expires, signature, secret: `${secret}!`, now })).toBe(false);
  });

  it("refuses malformed values without throwing", () => {
    const { expires, signature } = parse(signAttachmentPath({ id, expiresAt, secret }));
    for (const bad of [
      undefined,
      "",
      "abc",
      `${signature}=`,
      `${signature}A`,
      signature!.replace(/./, "+"),
    ]) {
      expect(verifyAttachmentSignature({ id, expires, signature: bad, secret, now })).toBe(false);
    }
    for (const bad of [undefined, "", "-1", "1e12", `${expires}.5`, " 1"]) {
      expect(verifyAttachmentSignature({ id, expires: bad, signature, secret, now })).toBe(false);
    }
  });

  it("will not sign with a short secret", () => {
    expect(() => signAttachmentPath({ id, expiresAt, secret: "short" })).toThrow(/at least 32/);
  });
});
