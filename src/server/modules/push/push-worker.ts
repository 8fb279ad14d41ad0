import { and, eq, sql } from "drizzle-orm";
import type { PushPayload } from "@/domain/push/payload";
import type { Db } from "../../db/client";
import { outbox } from "../../db/schema/outbox";
import type { ClaimedRow, OutboxLogger } from "../../outbox/delivery";
import { createClaims } from "../../outbox/worker";
import { endpointProblem } from "./endpoint-guard";
import { findSubscription, markPushed, PUSH_OUTBOX_KIND, removeSubscriptions } from "./push.queries";
import { type PushAttempt, sendPush } from "./push-sender";
import type { VapidKeySource } from "./vapid-keys";

/*
 * Sends the pushes queued in the outbox (docs/decisions/061-web-push.md), with
 * the webhook worker's claim: `for update skip locked` and a `locked_until`
 * deadline, so two instances never send one row at once, and `attempts`
 * fencing the outcome. Sent, or given up, the row is deleted: the bell keeps
 * the notification, the outbox only what is still to send.
 */

/** Waits after attempt n: a notification hours late is no longer worth a phone's buzz. */
export const PUSH_SCHEDULE_MS: readonly number[] = [5_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
/** RFC 8030's TTL: how long the push service keeps a push for a device that is off. */
const TTL_SECONDS = 24 * 3600;
const JITTER = 0.1;

type QueuedPush = { inscricao: string; mensagem: PushPayload };

export type PushWorkerOptions = {
  db: Db;
  log: OutboxLogger;
  keys: VapidKeySource;
  subject: string;
  allowPrivateEndpoints: boolean;
  /** Between polls when nothing wakes it (a bell rung on any instance does, `wake()`). */
  pollMs?: number;
  timeoutMs?: number;
  batchSize?: number;
  schedule?: readonly number[];
};

export function createPushWorker(options: PushWorkerOptions) {
  const { db, log } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pollMs = options.pollMs ?? 15_000;
  const batchSize = options.batchSize ?? 20;
  const schedule = options.schedule ?? PUSH_SCHEDULE_MS;
  const { claimBatch } = createClaims({
    db,
    claimableKinds: [PUSH_OUTBOX_KIND],
    lockMs: timeoutMs + 30_000,
    batchSize,
  });

  async function deliver(row: ClaimedRow): Promise<void> {
    const queued = row.payload as QueuedPush;
    const ids = { pushId: row.id, subscriptionId: queued.inscricao, attempt: row.attempts };
    const subscription = await findSubscription(db, queued.inscricao);
    // Removed since (signed out, turned off): nothing to send, nobody to send it to.
    if (!subscription) return void (await db.delete(outbox).where(eq(outbox.id, row.id)));
    if (endpointProblem(subscription.endpoint, options.allowPrivateEndpoints)) {
      await removeSubscriptions(db, { id: subscription.id });
      return log.warn(ids, "push subscription's endpoint is not allowed; subscription removed");
    }
    const attempt = await sendPush(subscription, JSON.stringify(queued.mensagem), {
      keys: await options.keys.get(),
      subject: options.subject,
      allowPrivate: options.allowPrivateEndpoints,
      timeoutMs,
      ttlSeconds: TTL_SECONDS,
    });
    await settle(row, subscription.id, attempt, ids);
  }

  async function settle(row: ClaimedRow, subscriptionId: string, attempt: PushAttempt, ids: object) {
    const status = "status" in attempt ? attempt.status : null;
    if (status !== null && status >= 200 && status < 300) {
      await db.delete(outbox).where(eq(outbox.id, row.id));
      await markPushed(db, subscriptionId);
      return log.info({ ...ids, status }, "push sent");
    }
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired (RFC 8030 §7.3): it will never take another.
      await removeSubscriptions(db, { id: subscriptionId });
      return log.info({ ...ids, status }, "push subscription is gone; removed");
    }
    const error = "error" in attempt ? attempt.error : `HTTP ${status}`;
    const delay = schedule[row.attempts - 1];
    const fenced = and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts));
    if (delay === undefined) {
      await db.delete(outbox).where(fenced);
      return log.error({ ...ids, status, error }, "push retries exhausted; giving up");
    }
    const wait = Math.round(delay * (1 + (Math.random() * 2 - 1) * JITTER));
    await db
      .update(outbox)
      .set({
        lockedUntil: null,
        lastStatus: status,
        lastError: error,
        nextAttemptAt: sql`now() + (${wait}::double precision * interval '1 millisecond')`,
      })
      .where(fenced);
    log.warn({ ...ids, status, error }, "push failed; will retry");
  }

  async function runOnce(): Promise<number> {
    const rows = await claimBatch();
    await Promise.all(
      rows.map((row) =>
        deliver(row).catch((err) => {
          // The claim expires and another attempt follows; nothing is lost.
          log.error({ pushId: row.id, err }, "could not record a push attempt");
        }),
      ),
    );
    return rows.length;
  }

  return createLoop({ runOnce, pollMs, batchSize, log });
}

/** The worker's loop: polls every `pollMs`, at once again while batches come back full or when woken. */
function createLoop(deps: {
  runOnce: () => Promise<number>;
  pollMs: number;
  batchSize: number;
  log: OutboxLogger;
}) {
  const inFlight = new Set<Promise<unknown>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    const done = () => inFlight.delete(promise);
    promise.then(done, done);
    return promise;
  };

  function schedule(delay: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(poll, delay);
    // The HTTP server keeps the process alive, not this timer.
    timer.unref();
  }

  async function poll() {
    timer = undefined;
    if (!running) return;
    // A poll woken while another runs is harmless: the claim gives each row to one of them.
    let claimed = 0;
    try {
      claimed = await track(deps.runOnce());
    } catch (err) {
      deps.log.error({ err }, "push poll failed");
    }
    if (running && !timer) schedule(claimed >= deps.batchSize ? 0 : deps.pollMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    /** A bell was rung (on any instance): look now rather than at the next poll. */
    wake() {
      if (running) schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    runOnce: () => track(deps.runOnce()),
  };
}

export type PushWorker = ReturnType<typeof createPushWorker>;
