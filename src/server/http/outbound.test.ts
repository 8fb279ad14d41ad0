import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../outbox/testing/webhook-receiver";
import { OutboundError, outboundRequest } from "./outbound";

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

const KIB = 1024;

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe("outboundRequest", () => {
  beforeEach(async () => {
    await receiver.up();
    receiver.reset();
  });

  it("answers status, headers and text", async () => {
    receiver.respondWith(201, "criado ✓", { "x-exemplo": "1" });
    const response = await outboundRequest({
      url: receiver.url,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
      timeoutMs: 5000,
      maxResponseBytes: KIB,
    });
    expect(response).toMatchObject({ status: 201, ok: true, text: "criado ✓", truncated: false });
    expect(response.headers.get("x-exemplo")).toBe("1");
    expect(receiver.received[0]).toMatchObject({ method: "POST", body: '{"a":1}' });
  });

  it("stops reading an endless answer at the cap and refuses it", async () => {
    receiver.respondEndless(200, '{"insights_gerais":["');
    const err = await failure(
      outboundRequest({ url: receiver.url, timeoutMs: 30_000, maxResponseBytes: 64 * KIB }),
    );
    expect(err.kind).toBe("too-large");
    expect(err.message).toBe("answer larger than 64 KiB");
    // We hung up: the receiver was not left sending.
    expect(await receiver.waitForHangUps(1)).toHaveLength(1);
  });

  it("or keeps the first bytes of it, when asked to cut", async () => {
    receiver.respondEndless(200, "resposta: ");
    const response = await outboundRequest({
      url: receiver.url,
      timeoutMs: 30_000,
      maxResponseBytes: 100 * KIB,
      onTooLarge: "truncate",
    });
    expect(response.truncated).toBe(true);
    expect(response.text).toHaveLength(100 * KIB);
    expect(response.text.startsWith("resposta: aaaa")).toBe(true);
    expect(await receiver.waitForHangUps(1)).toHaveLength(1);
  });

  it("refuses an answer that announces a length past the cap before reading it", async () => {
    receiver.respondEndless(200, "", { "content-length": String(10 * 1024 * 1024 * 1024) });
    const err = await failure(
      outboundRequest({ url: receiver.url, timeoutMs: 30_000, maxResponseBytes: 4 * KIB * KIB }),
    );
    expect(err).toMatchObject({ kind: "too-large", message: "answer larger than 4 MiB" });
  });

  it("does not follow redirects: the 3xx is the answer", async () => {
    receiver.respondWith(302, "", { location: `${receiver.url}/outro` });
    const response = await outboundRequest({ url: receiver.url, timeoutMs: 5000, maxResponseBytes: KIB });
    expect(response).toMatchObject({ status: 302, ok: false });
    expect(receiver.received).toHaveLength(1);
  });

  it("times out a receiver that does not answer", async () => {
    receiver.delay(2000);
    const err = await failure(outboundRequest({ url: receiver.url, timeoutMs: 100, maxResponseBytes: KIB }));
    expect(err).toMatchObject({ kind: "timeout", message: "timed out after 100 ms" });
  });

  it("says why a connection failed, without the URL (it may carry a key)", async () => {
    await receiver.down();
    const url = `${receiver.url}/rest/1/s3cr3t-chave/`;
    const err = await failure(outboundRequest({ url, timeoutMs: 5000, maxResponseBytes: KIB }));
    expect(err.kind).toBe("network");
    expect(err.message).toMatch(/ECONNREFUSED/);
    expect(err.message).not.toContain("s3cr3t");
  });
});
