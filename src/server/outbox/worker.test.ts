import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { outbox } from "../db/schema/outbox";
import { openTestDatabase, testDatabaseKinds } from "../testing/test-app";
import { enqueueWebhook } from "./outbox";
import { verifyWebhookSignature } from "./signature";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver";
import {
  createOutboxWorker,
  type OutboxLogger,
  type OutboxWorker,
  type OutboxWorkerOptions,
  STANDARD_WEBHOOKS_SCHEDULE_MS,
} from "./worker";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

type LogEntry = { level: "info" | "warn" | "error"; obj: object; msg: string | undefined };

for (const kind of testDatabaseKinds()) {
  describe(`outbox worker [${kind}]`, () => {
    let database: Database;
    let drop = async () => {};
    let receiver: WebhookReceiver;
    let logs: LogEntry[] = [];
    const workers: OutboxWorker[] = [];

    const log: OutboxLogger = {
      info: (obj, msg) => logs.push({ level: "info", obj, msg }),
      warn: (obj, msg) => logs.push({ level: "warn", obj, msg }),
      error: (obj, msg) => logs.push({ level: "error", obj, msg }),
    };

    function worker(options: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
      const created = createOutboxWorker({
        db: database.db,
        urls: { reembolso: receiver.url, bolsa: receiver.url, vaga: receiver.url },
        secret: SECRET,
        log,
        pollMs: 50,
        timeoutMs: 5000,
        ...options,
      });
      workers.push(created);
      return created;
    }

    const enqueue = (payload: Record<string, unknown> = { n: 1 }, kind = "reembolso") =>
      enqueueWebhook(database.db, { kind, payload });

    async function row(id: string) {
      const [found] = await database.db.select().from(outbox).where(eq(outbox.id, id));
      return found!;
    }

    /** Seconds from the database's now to the row's next attempt. */
    async function secondsToNextAttempt(id: string): Promise<number> {
      const result = await database.db.execute<{ s: number }>(
        sql`select extract(epoch from next_attempt_at - now())::float8 as s from outbox where id = ${id}`,
      );
      return Number(result.rows[0]!.s);
    }

    /** Time passes: every pending row becomes due. */
    const makeDue = () =>
      database.db.execute(sql`update outbox set next_attempt_at = now() where status = 'pending'`);

    function expectSigned(request: { headers: Record<string, unknown>; body: string }, id: string) {
      expect(request.headers["webhook-id"]).toBe(id);
      expect(
        verifyWebhookSignature({
          secret: SECRET,
          id: String(request.headers["webhook-id"]),
          timestamp: String(request.headers["webhook-timestamp"]),
          body: request.body,
          signature: String(request.headers["webhook-signature"]),
        }),
      ).toBe(true);
    }

    function expectWait(seconds: number, stepMs: number) {
      const step = stepMs / 1000;
      // ±10% jitter, less the moment between the update and this read.
      expect(seconds).toBeGreaterThanOrEqual(step * 0.9 - 1);
      expect(seconds).toBeLessThanOrEqual(step * 1.1);
    }

    beforeAll(async () => {
      const opened = await openTestDatabase(kind);
      database = opened.database;
      drop = opened.drop;
      receiver = await startWebhookReceiver();
    });
    beforeEach(async () => {
      await database.db.execute(sql`truncate table outbox`);
      await receiver.up();
      receiver.reset();
      logs = [];
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
    });
    afterAll(async () => {
      await receiver.close();
      await drop();
    });

    it("delivers a row once, signed, and marks it delivered", async () => {
      const payload = { tipo: "reembolso", solicitante: "Joana Araújo", valor: "R$ 1.234,50" };
      const id = await enqueue(payload);
      const w = worker();

      expect(await w.runOnce()).toBe(1);
      expect(await w.runOnce()).toBe(0);

      expect(receiver.received).toHaveLength(1);
      const request = receiver.received[0]!;
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/hook");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["user-agent"]).toBe("Balcao-Webhooks/1.0");
      expect(Math.abs(Number(request.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
      expectSigned(request, id);
      expect(JSON.parse(request.body)).toEqual(payload);
      expect(verifyWebhookSignature({ ...signedParts(request), body: `${request.body} ` })).toBe(false);

      const delivered = await row(id);
      expect(delivered).toMatchObject({
        status: "delivered",
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        lockedUntil: null,
      });
      expect(delivered.deliveredAt).toBeInstanceOf(Date);
      expect(JSON.stringify(logs)).not.toContain(SECRET);
    });

    it("retries after a 500 with the same webhook-id, following the schedule", async () => {
      receiver.respondWith(500, "erro interno");
      const id = await enqueue();
      const w = worker();

      expect(await w.runOnce()).toBe(1);
      let current = await row(id);
      expect(current).toMatchObject({ status: "pending", attempts: 1, lastStatus: 500, lockedUntil: null });
      expect(current.lastError).toBe("HTTP 500: erro interno");
      expectWait(await secondsToNextAttempt(id), STANDARD_WEBHOOKS_SCHEDULE_MS[0]!);

      // Not due yet: nothing is claimed.
      expect(await w.runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(1);

      await makeDue();
      expect(await w.runOnce()).toBe(1);
      expect(await row(id)).toMatchObject({ status: "pending", attempts: 2 });
      expectWait(await secondsToNextAttempt(id), STANDARD_WEBHOOKS_SCHEDULE_MS[1]!);

      await makeDue();
      expect(await w.runOnce()).toBe(1);
      expect(await row(id)).toMatchObject({ status: "pending", attempts: 3 });
      expectWait(await secondsToNextAttempt(id), STANDARD_WEBHOOKS_SCHEDULE_MS[2]!);

      receiver.respondWith(200);
      await makeDue();
      expect(await w.runOnce()).toBe(1);
      current = await row(id);
      expect(current).toMatchObject({ status: "delivered", attempts: 4, lastStatus: 200, lastError: null });

      expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 500, 200]);
      for (const request of receiver.received) expectSigned(request, id);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    });

    it("keeps a row through a receiver that refuses connections, then delivers it", async () => {
      const id = await enqueue();
      await receiver.down();
      const w = worker();

      expect(await w.runOnce()).toBe(1);
      const failed = await row(id);
      expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatus: null });
      expect(failed.lastError).toMatch(/ECONNREFUSED/);

      await receiver.up();
      await makeDue();
      expect(await w.runOnce()).toBe(1);
      expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2 });
      expect(receiver.received).toHaveLength(1);
      expectSigned(receiver.received[0]!, id);
    });

    it("stop() waits for the delivery in flight and records it", async () => {
      receiver.delay(300);
      const id = await enqueue();
      const w = worker();
      w.start();
      await receiver.waitFor(1);
      expect((await row(id)).status).toBe("pending");
      await w.stop();
      expect(await row(id)).toMatchObject({ status: "delivered", attempts: 1 });
    });

    it("a new worker (a restart) delivers what a stopped one left pending", async () => {
      const first = worker();
      first.start();
      const early = await enqueue({ n: 1 });
      await receiver.waitFor(1);

      await receiver.down();
      const missed = await enqueue({ n: 2 });
      await waitUntil(async () => (await row(missed)).attempts === 1);
      await first.stop();
      const queued = await enqueue({ n: 3 });

      await receiver.up();
      await makeDue();
      const second = worker();
      second.start();
      await receiver.waitFor(3);
      await waitUntil(async () => (await row(queued)).status === "delivered");
      await waitUntil(async () => (await row(missed)).status === "delivered");
      expect((await row(early)).status).toBe("delivered");
      expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual(
        expect.arrayContaining([early, missed, queued]),
      );
      expect(receiver.received).toHaveLength(3);
    });

    it("workers on the same database deliver each row exactly once", async () => {
      const ids = new Set<string>();
      for (let n = 0; n < 30; n++) ids.add(await enqueue({ n }));
      receiver.delay(20);
      const pool = [worker({ batchSize: 4 }), worker({ batchSize: 4 }), worker({ batchSize: 4 })];

      const claimed = [0, 0, 0];
      for (;;) {
        const counts = await Promise.all(pool.map((w) => w.runOnce()));
        counts.forEach((count, i) => {
          claimed[i]! += count;
        });
        if (counts.every((count) => count === 0)) break;
      }

      expect(claimed.reduce((a, b) => a + b)).toBe(30);
      expect(claimed.every((count) => count > 0)).toBe(true);
      const received = receiver.received.map((r) => String(r.headers["webhook-id"]));
      expect(received).toHaveLength(30);
      expect(new Set(received)).toEqual(ids);
      const rows = await database.db.select().from(outbox);
      expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
    });

    it("gives up at once on 410 Gone", async () => {
      receiver.respondWith(410, "gone");
      const id = await enqueue();
      const w = worker();

      expect(await w.runOnce()).toBe(1);
      expect(await row(id)).toMatchObject({
        status: "failed",
        attempts: 1,
        lastStatus: 410,
        lockedUntil: null,
      });

      await database.db.execute(sql`update outbox set next_attempt_at = now()`);
      expect(await w.runOnce()).toBe(0);
      expect(await w.deliverNow(id)).toEqual({ ok: false, error: "delivery was given up" });
      expect(receiver.received).toHaveLength(1);
      expect(logs.some((l) => l.level === "error" && /410/.test(l.msg ?? ""))).toBe(true);
    });

    it("gives up after the last step of the schedule", async () => {
      receiver.respondWith(503);
      const id = await enqueue();
      // Nine attempts have failed already: the tenth is the last.
      await database.db.execute(sql`update outbox set attempts = 9 where id = ${id}`);
      const w = worker();

      expect(await w.runOnce()).toBe(1);
      expect(await row(id)).toMatchObject({ status: "failed", attempts: 10, lastStatus: 503 });
      await database.db.execute(sql`update outbox set next_attempt_at = now()`);
      expect(await w.runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(1);
    });

    it("follows a given schedule and gives up after its last step", async () => {
      receiver.respondWith(500);
      const id = await enqueue();
      const w = worker({ schedule: [2000, 60_000] });

      await w.runOnce();
      expectWait(await secondsToNextAttempt(id), 2000);
      await makeDue();
      await w.runOnce();
      expectWait(await secondsToNextAttempt(id), 60_000);
      await makeDue();
      await w.runOnce();
      expect(await row(id)).toMatchObject({ status: "failed", attempts: 3 });
      expect(receiver.received).toHaveLength(3);
    });

    it("does not follow redirects, and counts them as failures", async () => {
      receiver.queue({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
      const id = await enqueue();
      await worker().runOnce();
      expect(await row(id)).toMatchObject({ status: "pending", attempts: 1, lastStatus: 302 });
      expect(receiver.received).toHaveLength(1);
    });

    it("times out a receiver that does not answer", async () => {
      receiver.delay(1000);
      const id = await enqueue();
      await worker({ timeoutMs: 200 }).runOnce();
      expect(await row(id)).toMatchObject({
        status: "pending",
        attempts: 1,
        lastStatus: null,
        lastError: "timed out after 200 ms",
      });
    });

    it("reads at most 64 KiB of a receiver's answer, however long it goes on", async () => {
      receiver.respondEndless(200, "recebido ");
      const id = await enqueue();
      const result = await worker({ timeoutMs: 30_000 }).deliverNow(id);
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(result.body).toHaveLength(64 * 1024);
      expect(result.body!.startsWith("recebido aaa")).toBe(true);
      expect(await row(id)).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 200 });
    });

    it("deliverNow returns the receiver's answer and marks the row delivered", async () => {
      receiver.respondWith(201, '{"task":{"id":42}}');
      const id = await enqueue();
      // Even when not yet due: the user is waiting.
      await database.db.execute(sql`update outbox set next_attempt_at = now() + interval '1 hour'`);
      const w = worker();

      expect(await w.deliverNow(id)).toEqual({ ok: true, status: 201, body: '{"task":{"id":42}}' });
      expect(await row(id)).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 201 });
      expectSigned(receiver.received[0]!, id);

      expect(await w.deliverNow(id)).toEqual({ ok: true });
      expect(receiver.received).toHaveLength(1);
      expect(await w.deliverNow("00000000-0000-4000-8000-000000000000")).toEqual({
        ok: false,
        error: "no such webhook",
      });
      expect(await w.deliverNow("not-a-uuid")).toEqual({ ok: false, error: "no such webhook" });
    });

    it("deliverNow leaves a failed attempt queued with its backoff", async () => {
      receiver.respondWith(502, "bad gateway");
      const id = await enqueue();
      const w = worker();

      expect(await w.deliverNow(id)).toEqual({
        ok: false,
        status: 502,
        body: "bad gateway",
        error: "HTTP 502: bad gateway",
      });
      expect(await row(id)).toMatchObject({
        status: "pending",
        attempts: 1,
        lastStatus: 502,
        lockedUntil: null,
      });
      expectWait(await secondsToNextAttempt(id), STANDARD_WEBHOOKS_SCHEDULE_MS[0]!);
      expect(await w.runOnce()).toBe(0);

      receiver.respondWith(200);
      await makeDue();
      expect(await w.runOnce()).toBe(1);
      expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2 });
      expect(new Set(receiver.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([id]));
    });

    it("claims a row again once a crashed worker's claim has expired", async () => {
      const id = await enqueue();
      // A worker claimed it and died: attempts counted, lock still running.
      await database.db.execute(
        sql`update outbox set attempts = 1, locked_until = now() + interval '1 minute' where id = ${id}`,
      );
      const w = worker();
      expect(await w.runOnce()).toBe(0);
      expect(await w.deliverNow(id)).toEqual({ ok: false, error: "being delivered by another worker" });
      expect(receiver.received).toHaveLength(0);

      await database.db.execute(
        sql`update outbox set locked_until = now() - interval '1 second' where id = ${id}`,
      );
      expect(await w.runOnce()).toBe(1);
      expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2, lockedUntil: null });
      expectSigned(receiver.received[0]!, id);
    });

    it("an attempt that outlived its claim does not overwrite the newer attempt", async () => {
      receiver.delay(400);
      receiver.queue({ status: 500, body: "slow failure" });
      const id = await enqueue();
      const slow = worker({ lockMs: 100 });
      const fast = worker();

      const slowRun = slow.runOnce();
      await receiver.waitFor(1);
      await sleep(150);
      expect(await fast.runOnce()).toBe(1);
      await slowRun;

      expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200 });
      expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([id, id]);
      expect(logs.some((l) => l.level === "warn" && /outlived its claim/.test(l.msg ?? ""))).toBe(true);
    });

    it("leaves rows of a kind without URL pending, logs it once, and delivers them once configured", async () => {
      const withoutUrl = await enqueue({ n: 1 }, "bolsa");
      const unknownKind = await enqueue({ n: 2 }, "seo");
      const configured = await enqueue({ n: 3 }, "reembolso");
      const w = worker({ urls: { reembolso: receiver.url, bolsa: "" } });

      expect(await w.runOnce()).toBe(1);
      expect(await w.runOnce()).toBe(0);
      expect((await row(configured)).status).toBe("delivered");
      for (const id of [withoutUrl, unknownKind]) {
        expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
      }
      const warned = logs.filter((l) => l.level === "warn").map((l) => (l.obj as { kind: string }).kind);
      expect(warned.sort()).toEqual(["bolsa", "seo"]);
      expect(await w.deliverNow(withoutUrl)).toEqual({
        ok: false,
        error: "no webhook URL configured for bolsa",
      });

      // The operator sets the URL and restarts.
      await w.stop();
      const restarted = worker({ urls: { bolsa: receiver.url, seo: receiver.url } });
      expect(await restarted.runOnce()).toBe(2);
      expect((await row(withoutUrl)).status).toBe("delivered");
      expect((await row(unknownKind)).status).toBe("delivered");
    });

    it("keeps the URL and the secret out of last_error and the logs", async () => {
      const url = "not a url/bitrix/rest/1/s3cr3t-token/";
      const id = await enqueue();
      await worker({ urls: { reembolso: url } }).runOnce();
      const failed = await row(id);
      expect(failed).toMatchObject({ status: "pending", attempts: 1 });
      expect(failed.lastError).toContain("[url]");
      expect(failed.lastError).not.toContain("s3cr3t-token");
      const written = JSON.stringify(logs);
      expect(written).not.toContain("s3cr3t-token");
      expect(written).not.toContain(SECRET);
    });
  });
}

function signedParts(request: { headers: Record<string, unknown> }) {
  return {
    secret: SECRET,
    id: String(request.headers["webhook-id"]),
    timestamp: String(request.headers["webhook-timestamp"]),
    signature: String(request.headers["webhook-signature"]),
  };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(25);
  }
}
