import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outbox } from "../db/schema/outbox";
import { attemptDelivery, type ClaimedRow, type DeliveryResult, settleAttempt } from "./delivery";

export type { DeliveryResult } from "./delivery";

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

const UNCONFIGURED_CHECK_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subset of a pino logger the worker uses. */
import type { OutboxLogger } from "./delivery";

export type { OutboxLogger };

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
   * Kinds another worker delivers from the same table (web push, docs/decisions/061-web-push.md):
   * never claimed here, and never warned about as waiting for a URL.
   */
  deliveredElsewhere?: readonly string[];
  /**
   * How long a claim holds before another worker may take the row; default
   * `timeoutMs` + 30 s. Keep it above `timeoutMs`, or a slow delivery is sent twice.
   */
  lockMs?: number;
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
  const urls = configuredUrls(options.urls, options.deliveredElsewhere ?? []);
  const claimableKinds = [...urls.keys()];

  const { inFlight, track } = createInFlight();
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  const { claimBatch, claimOne } = createClaims({ db, claimableKinds, lockMs, batchSize });
  const warnAboutUnconfiguredKinds = createUnconfiguredKindsWarning({ ...options, claimableKinds });

  async function deliver(row: ClaimedRow): Promise<DeliveryResult> {
    const result = await attemptDelivery(row, {
      url: urls.get(row.kind)!,
      secret: secretFor(row.kind),
      timeoutMs,
    });
    await settleAttempt({ db, log, schedule }, row, result);
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

/** The kinds as a SQL list, for `kind in (…)`. */
function kindsSql(kinds: readonly string[]) {
  return sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
}

/**
 * Claims due rows of the given kinds (one batch, or one row by id) for `lockMs`: the webhooks'
 * kinds with a URL here, the pushes' in the push worker (src/server/modules/push/push-worker.ts).
 */
export function createClaims(deps: { db: Db; claimableKinds: string[]; lockMs: number; batchSize: number }) {
  const { db, claimableKinds, lockMs, batchSize } = deps;
  const lockInterval = sql`(${lockMs}::double precision * interval '1 millisecond')`;
  const kindList = () => kindsSql(claimableKinds);

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

  return { kindList, claimBatch, claimOne };
}

/** The kinds with a webhook URL, and theirs (none of those another worker delivers). */
function configuredUrls(configured: Partial<Record<string, string>>, elsewhere: readonly string[]) {
  const urls = new Map<string, string>();
  for (const [kind, url] of Object.entries(configured)) {
    if (url?.trim() && !elsewhere.includes(kind)) urls.set(kind, url.trim());
  }
  return urls;
}

/** Logs, at most once a minute and once per kind, the kinds waiting in the outbox that nothing delivers. */
function createUnconfiguredKindsWarning(deps: {
  db: Db;
  log: OutboxLogger;
  claimableKinds: readonly string[];
  /** Kinds another worker delivers: not waiting for a URL either. */
  deliveredElsewhere?: readonly string[] | undefined;
}) {
  const { db, log } = deps;
  const known = [...deps.claimableKinds, ...(deps.deliveredElsewhere ?? [])];
  const warnedKinds = new Set<string>();
  let lastUnconfiguredCheck = Number.NEGATIVE_INFINITY;
  return async function warnAboutUnconfiguredKinds(): Promise<void> {
    if (Date.now() - lastUnconfiguredCheck < UNCONFIGURED_CHECK_MS) return;
    lastUnconfiguredCheck = Date.now();
    const configured = known.length > 0 ? sql`and kind not in (${kindsSql(known)})` : sql``;
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
  };
}

/** The deliveries under way, which `stop()` waits for. */
function createInFlight() {
  const inFlight = new Set<Promise<unknown>>();
  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  }
  return { inFlight, track };
}
