import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Download links handed to webhook receivers, who hold no session: the path
 * carries its own expiry and an HMAC-SHA256 over the attachment id and that
 * expiry, so a link opens one attachment until it expires and cannot be bent to
 * another or extended. The secret is derived from AUTH_SECRET by the server.
 */

// Names what is signed, so a MAC made with the same secret for another purpose never passes here.
const PURPOSE = "balcao:attachment-download:v1";
// 32 bytes of HMAC-SHA256 in unpadded base64url.
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES_PATTERN = /^\d{1,12}$/;

type Secret = string | Buffer;

function mac(secret: Secret, id: string, expires: string): Buffer {
  if (secret.length < 32) throw new Error("Attachment link secret must be at least 32 bytes");
  return createHmac("sha256", secret).update(`${PURPOSE}\n${id}\n${expires}`).digest();
}

export function signAttachmentPath(options: { id: string; expiresAt: Date; secret: Secret }): string {
  const expires = String(Math.floor(options.expiresAt.getTime() / 1000));
  const signature = mac(options.secret, options.id, expires).toString("base64url");
  return `/api/anexos/${encodeURIComponent(options.id)}/download?expires=${expires}&signature=${signature}`;
}

/** True only for an unexpired link signed with `secret` for this id; query values arrive as strings. */
export function verifyAttachmentSignature(options: {
  id: string;
  expires: string | number | undefined;
  signature: string | undefined;
  secret: Secret;
  now?: Date;
}): boolean {
  const { id, signature, secret, now = new Date() } = options;
  const expires = String(options.expires ?? "");
  if (!EXPIRES_PATTERN.test(expires) || !signature || !SIGNATURE_PATTERN.test(signature)) return false;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  // Compared as text: base64url has several spellings of the same bytes (the unused low bits of the
  // last character), and only the one we issue is accepted.
  const expected = Buffer.from(mac(secret, id, expires).toString("base64url"));
  return timingSafeEqual(Buffer.from(signature), expected);
}
