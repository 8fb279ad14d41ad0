import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { outbox } from "../db/schema/outbox";
import { OutboundError, outboundRequest } from "../http/outbound";
import { redactUrlSecrets } from "../http/redact";
import { webhookHeaders } from "./signature";

export type OutboxLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/* One webhook attempt and the record of its outcome (the worker in worker.ts claims the rows). */

const JITTER = 0.1;
const USER_AGENT = "Balcao-Webhooks/1.0";
/** Enough of a receiver's answer to show a user or a log; the rest is discarded. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_ERROR_CHARS = 300;

export type ClaimedRow = { id: string; kind: string; payload: unknown; attempts: number };

export type DeliveryResult = {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** The receiver's answer (at most 64 KiB), when it answered. */
  body?: string;
  /** Why it was not delivered: the HTTP status, a network error, or why no attempt was made. */
  error?: string;
};

export async function attemptDelivery(
  row: ClaimedRow,
  target: { url: string; secret: string; timeoutMs: number },
): Promise<DeliveryResult> {
  const { url, timeoutMs } = target;
  const body = typeof row.payload === "string" ? row.payload : JSON.stringify(row.payload);
  try {
    const response = await outboundRequest({
      url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        ...webhookHeaders(target.secret, row.id, body),
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
export async function settleAttempt(
  deps: { db: Db; log: OutboxLogger; schedule: readonly number[] },
  row: ClaimedRow,
  result: DeliveryResult,
): Promise<void> {
  const { db, log, schedule } = deps;
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

/** The receiver's answer, kept in last_error and logged: it may echo our payload, signed links included. */
function httpError(status: number, body: string): string {
  const snippet = redactUrlSecrets(body.replace(/\s+/g, " ").trim());
  return truncate(snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}`);
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}
