import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

/*
 * A push service for the API tests (docs/decisions/061-web-push.md): an HTTP
 * server on 127.0.0.1 that takes what Balcão POSTs to a subscription's
 * endpoint, and browsers whose keys the test holds, so each message is
 * decrypted by http_ece (RFC 8291, an implementation nobody here wrote).
 */

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type TestPushService = {
  url: string;
  received: ReceivedPush[];
  /** What the service answers a path from now on (default 201). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
};

export async function startPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => void answers.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of one subscription: what it posts, and how it reads a push. */
export function testBrowser(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
    /** The push's text, decrypted as the browser would. */
    read(push: ReceivedPush): string {
      return decrypt(push.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString(
        "utf8",
      );
    },
  };
}
