import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { outbox } from "../db/schema/outbox";
import { OutboundError, outboundRequest } from "../http/outbound";
import { redactUrlSecrets } from "../http/redact";
import { webhookHeaders } from "./signature";

/*
 * Delivers the outbox rows to the automation webhooks, following Standard
 * Webhooks 1.0 (https://www.standardwebhooks.com/): the row id is the
 * `webhook-id` on every attempt, only 2xx counts as delivered, redirects are
 * failures, 410 means the endpoint is gone.
 *
 * Several server instances may run a worker on the same database. A worker
 * claims rows with one UPDATE whose row selection takes `FOR UPDATE SKIP
 * LOCKED`, so two instances never take the same row, and the claim is a
 * `locked_until` deadline, so the rows of an instance that died mid-delivery
 * are taken again once it passes. Every claim adds one to `attempts`, which
 * then fences the result: a worker whose claim expired and was taken over
 * cannot overwrite the newer attempt's outcome. Delivery is at least once
 * (a receiver may see a retry of something it already got, if we die between
 * its 2xx and our update); receivers deduplicate on `webhook-id`.
 */

/**
 * Wait after attempt n (index n − 1) before the next one: the Standard
 * Webhooks/Svix schedule (the first attempt is immediate). Ten attempts over
 * about 80 hours; a failure after the last one gives up.
 */
export const STANDARD_WEBHOOKS_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

const JITTER = 0.1;
const USER_AGENT = "Balcao-Webhooks/1.0";
/** Enough of a receiver's answer to show a user or a log; the rest is discarded. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_ERROR_CHARS = 300;
const UNCONFIGURED_CHECK_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subset of a pino logger the worker uses. */
export type OutboxLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type OutboxWorkerOptions = {
  db: Db;
  /** Webhook URL per kind; a kind whose URL is missing or empty is not delivered (see `claimableKinds`). */
  urls: Partial<Record<string, string>>;
  /** `whsec_<base64>`, or any other text used as its UTF-8 bytes: signs every kind without a secret of its own. */
  secret: string;
  /** A kind's own secret (WEBHOOK_<KIND>_SECRET), so that one receiver cannot sign messages for another. */
  secrets?: Partial<Record<string, string>>;
  log: OutboxLogger;
  pollMs?: number;
  timeoutMs?: number;
  batchSize?: number;
  /** Milliseconds to wait after attempt n (index n − 1); default the Standard Webhooks schedule. */
  schedule?: readonly number[];
  /**
   * How long a claim holds before another worker may take the row; default
   * `timeoutMs` + 30 s. Keep it above `timeoutMs`, or a slow delivery is sent twice.
   */
  lockMs?: number;
};

export type DeliveryResult = {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** The receiver's answer (at most 64 KiB), when it answered. */
  body?: string;
  /** Why it was not delivered: the HTTP status, a network error, or why no attempt was made. */
  error?: string;
};

export type OutboxWorker = {
  /** Polls every `pollMs` (at once again while batches come back full) until `stop()`. */
  start(): void;
  /** Stops polling and waits for the deliveries in flight to finish and be recorded. */
  stop(): Promise<void>;
  /** Claims one batch of due rows, delivers them and records the outcomes; returns how many it claimed. */
  runOnce(): Promise<number>;
  /**
   * One attempt for one row now, whatever its `next_attempt_at`, for a user
   * waiting for the receiver's answer. On failure the row stays queued with its
   * backoff like any failed attempt. A row already delivered gives `ok: true`
   * without status or body; one that is failed, missing, claimed by another
   * worker or of a kind without URL gives `ok: false` and no attempt.
   */
  deliverNow(id: string): Promise<DeliveryResult>;
};

type ClaimedRow = { id: string; kind: string; payload: unknown; attempts: number };

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log } = options;
  const secretFor = (kind: string) => options.secrets?.[kind] || options.secret;
  const pollMs = options.pollMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const batchSize = options.batchSize ?? 10;
  const schedule = options.schedule ?? STANDARD_WEBHOOKS_SCHEDULE_MS;
  const lockMs = options.lockMs ?? timeoutMs + 30_000;

  /*
   * A kind without URL is left pending, untouched (attempts not counted), and
   * logged once per worker: the URL is operator configuration, and once it is
   * set and the server restarted, everything queued meanwhile is delivered.
   * Failing those rows instead would silently drop requests over a
   * configuration slip.
   */
  const urls = new Map<string, string>();
  for (const [kind, url] of Object.entries(options.urls)) {
    if (url?.trim()) urls.set(kind, url.trim());
  }
  const claimableKinds = [...urls.keys()];
  const warnedKinds = new Set<string>();
  let lastUnconfiguredCheck = Number.NEGATIVE_INFINITY;

  const inFlight = new Set<Promise<unknown>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  }

  const lockInterval = sql`(${lockMs}::double precision * interval '1 millisecond')`;
  const kindList = () =>
    sql.join(
      claimableKinds.map((kind) => sql`${kind}`),
      sql`, `,
    );

  async function claimBatch(): Promise<ClaimedRow[]> {
    if (claimableKinds.length === 0) return [];
    /*
     * A MATERIALIZED CTE rather than `where id in (select … limit n for update
     * skip locked)`: it guarantees the locking select runs exactly once, where
     * a planner's choice to rescan an IN subquery could claim more than n rows.
     */
    const result = await db.execute<ClaimedRow>(sql`
      with claimable as materialized (
        select id from outbox
        where status = 'pending'
          and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
          and kind in (${kindList()})
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked
      )
      update outbox
      set locked_until = now() + ${lockInterval}, attempts = outbox.attempts + 1
      from claimable
      where outbox.id = claimable.id
      returning outbox.id, outbox.kind, outbox.payload, outbox.attempts`);
    return result.rows;
  }

  async function claimOne(id: string): Promise<ClaimedRow | undefined> {
    if (claimableKinds.length === 0) return undefined;
    const result = await db.execute<ClaimedRow>(sql`
      update outbox
      set locked_until = now() + ${lockInterval}, attempts = attempts + 1
      where id = ${id}
        and status = 'pending'
        and (locked_until is null or locked_until < now())
        and kind in (${kindList()})
      returning id, kind, payload, attempts`);
    return result.rows[0];
  }

  async function warnAboutUnconfiguredKinds(): Promise<void> {
    if (Date.now() - lastUnconfiguredCheck < UNCONFIGURED_CHECK_MS) return;
    lastUnconfiguredCheck = Date.now();
    const configured = claimableKinds.length > 0 ? sql`and kind not in (${kindList()})` : sql``;
    const result = await db.execute<{ kind: string; waiting: number }>(sql`
      select kind, count(*)::int as waiting from outbox
      where status = 'pending' ${configured}
      group by kind`);
    for (const { kind, waiting } of result.rows) {
      if (warnedKinds.has(kind)) continue;
      warnedKinds.add(kind);
      log.warn(
        { kind, waiting },
        "Webhooks of this kind wait in the outbox: no URL is configured for it. They stay pending until one is set and the server restarted.",
      );
    }
  }

  async function attempt(row: ClaimedRow): Promise<DeliveryResult> {
    const url = urls.get(row.kind)!;
    const body = typeof row.payload === "string" ? row.payload : JSON.stringify(row.payload);
    try {
      const response = await outboundRequest({
        url,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          ...webhookHeaders(secretFor(row.kind), row.id, body),
        },
        body,
        timeoutMs,
        // The answer is for a toast and a log: a 2xx with a huge body is still delivered.
        maxResponseBytes: MAX_RESPONSE_BYTES,
        onTooLarge: "truncate",
      });
      const { ok, status, text } = response;
      return ok ? { ok, status, body: text } : { ok, status, body: text, error: httpError(status, text) };
    } catch (err) {
      return {
        ok: false,
        error: truncate(redactUrlSecrets(err instanceof OutboundError ? err.message : String(err))),
      };
    }
  }

  /** Records one attempt's outcome: delivered, retry later, or given up. */
  async function settle(row: ClaimedRow, result: DeliveryResult): Promise<void> {
    const ids = { webhookId: row.id, kind: row.kind, attempt: row.attempts };
    if (result.ok) {
      // A 2xx is a fact whoever holds the claim now: record it even if our claim was taken over.
      await db
        .update(outbox)
        .set({
          status: "delivered",
          deliveredAt: sql`now()`,
          lockedUntil: null,
          lastStatus: result.status ?? null,
          lastError: null,
        })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, "pending")));
      log.info({ ...ids, status: result.status }, "Webhook delivered");
      return;
    }

    const lastStatus = result.status ?? null;
    const lastError = result.error ?? "delivery failed";
    const delay = schedule[row.attempts - 1];
    const gone = result.status === 410;
    let set: PgUpdateSetSource<typeof outbox>;
    if (gone || delay === undefined) {
      set = { status: "failed", lockedUntil: null, lastStatus, lastError };
    } else {
      const wait = Math.round(delay * (1 + (Math.random() * 2 - 1) * JITTER));
      set = {
        lockedUntil: null,
        lastStatus,
        lastError,
        nextAttemptAt: sql`now() + (${wait}::double precision * interval '1 millisecond')`,
      };
    }
    // Fenced on `attempts`: if our claim expired and another attempt began, its outcome wins.
    const updated = await db
      .update(outbox)
      .set(set)
      .where(and(eq(outbox.id, row.id), eq(outbox.status, "pending"), eq(outbox.attempts, row.attempts)))
      .returning({ id: outbox.id, nextAttemptAt: outbox.nextAttemptAt });
    if (updated.length === 0) {
      log.warn(ids, "Webhook attempt outlived its claim; a newer attempt's outcome stands");
    } else if (set.status === "failed") {
      log.error(
        { ...ids, status: lastStatus, error: lastError },
        gone ? "Webhook endpoint is gone (410); giving up" : "Webhook retries exhausted; giving up",
      );
    } else {
      log.warn(
        { ...ids, status: lastStatus, error: lastError, nextAttemptAt: updated[0]!.nextAttemptAt },
        "Webhook delivery failed; will retry",
      );
    }
  }

  async function deliver(row: ClaimedRow): Promise<DeliveryResult> {
    const result = await attempt(row);
    await settle(row, result);
    return result;
  }

  async function runBatch(): Promise<number> {
    await warnAboutUnconfiguredKinds();
    const rows = await claimBatch();
    // In parallel: the claim covers the batch for one timeout, not batchSize of them.
    await Promise.all(
      rows.map((row) =>
        deliver(row).catch((err) => {
          // The claim expires and another attempt follows; nothing is lost.
          log.error({ webhookId: row.id, kind: row.kind, err }, "Could not record a webhook attempt");
        }),
      ),
    );
    return rows.length;
  }

  async function deliverOne(id: string): Promise<DeliveryResult> {
    if (!UUID.test(id)) return { ok: false, error: "no such webhook" };
    const row = await claimOne(id);
    if (row) return deliver(row);
    const [current] = await db
      .select({ kind: outbox.kind, status: outbox.status })
      .from(outbox)
      .where(eq(outbox.id, id));
    if (!current) return { ok: false, error: "no such webhook" };
    if (current.status === "delivered") return { ok: true };
    if (current.status === "failed") return { ok: false, error: "delivery was given up" };
    if (!urls.has(current.kind)) return { ok: false, error: `no webhook URL configured for ${current.kind}` };
    return { ok: false, error: "being delivered by another worker" };
  }

  function schedulePoll(delay: number) {
    timer = setTimeout(poll, delay);
    // The HTTP server keeps the process alive, not this timer.
    timer.unref();
  }

  async function poll() {
    timer = undefined;
    if (!running) return;
    let claimed = 0;
    try {
      claimed = await track(runBatch());
    } catch (err) {
      log.error({ err }, "Outbox poll failed");
    }
    if (running) schedulePoll(claimed >= batchSize ? 0 : pollMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedulePoll(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    runOnce: () => track(runBatch()),
    deliverNow: (id) => track(deliverOne(id)),
  };
}

/** The receiver's answer, kept in last_error and logged: it may echo our payload, signed links included. */
function httpError(status: number, body: string): string {
  const snippet = redactUrlSecrets(body.replace(/\s+/g, " ").trim());
  return truncate(snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}`);
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}
