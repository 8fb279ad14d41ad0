/* http_ece (RFC 8188 and RFC 8291, by the authors of Firefox's web push) ships no types: what the push tests call. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  export function decrypt(
    buffer: Buffer,
    params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
}
