import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A WebAuthn authenticator in software, for API tests that walk a real ceremony against
 * better-auth's passkey plugin (W3C WebAuthn Level 3: authenticator data, section 6.1; the 'none'
 * attestation, section 8.7): an ES256 key, a discoverable credential, and the user-present and
 * user-verified flags as the test chooses, which a platform authenticator without a PIN or
 * biometry would clear. The browser's side is walked in Chromium (e2e/two-factor.spec.ts).
 */
export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export function softwareAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(32);
  let userHandle = "";
  let signCount = 0;

  function authenticatorData(rpId: string, flags: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  function clientData(type: "webauthn.create" | "webauthn.get", challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer of `navigator.credentials.create` to the server's registration options. */
  function register(options: CreationOptions, { userVerified }: { userVerified: boolean }) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey(publicKey)]);
    const flags = FLAG_USER_PRESENT | FLAG_ATTESTED_DATA | (userVerified ? FLAG_USER_VERIFIED : 0);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authenticatorData(rpId, flags, attested))],
      ]) as never,
    );
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer of `navigator.credentials.get`, signed with the credential's key. */
  function authenticate(options: RequestOptions, { userVerified }: { userVerified: boolean }) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    signCount += 1;
    const data = authenticatorData(rpId, FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0));
    const client = clientData("webauthn.get", options.challenge);
    const signature = createSign("sha256")
      .update(Buffer.concat([data, sha256(client)]))
      .sign(privateKey);
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(client),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle,
      },
    };
  }

  return { register, authenticate, credentialId: b64url(credentialId) };
}

/** The public key as COSE (RFC 9053): EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x as string, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y as string, "base64url"))],
    ]) as never,
  );
}
