import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type OutboxStatus, outbox } from "../db/schema/outbox";

/** What a request's webhook points back to, so the request can show whether it was delivered. */
export type WebhookSource = { table: string; id: string };

export type EnqueueWebhookInput = {
  /** Which automation receives it: a key of the worker's `urls` (e.g. 'reembolso', 'bolsa', 'vaga'). */
  kind: string;
  /** Sent as the JSON body, as is. */
  payload: Record<string, unknown>;
  source?: WebhookSource;
};

/**
 * Queues a webhook and returns its id (the `webhook-id`). Call it with the
 * transaction that saves the request: the request and its delivery are then
 * committed, or rolled back, together (the transactional outbox). A Drizzle
 * transaction and `Db` both fit the parameter.
 */
export async function enqueueWebhook(tx: Pick<Db, "insert">, input: EnqueueWebhookInput): Promise<string> {
  const [id] = await enqueueWebhooks(tx, [input]);
  return id!;
}

/** Several in one statement (a bank's file moves many requests at once); their ids, in order. */
export async function enqueueWebhooks(
  tx: Pick<Db, "insert">,
  inputs: readonly EnqueueWebhookInput[],
): Promise<string[]> {
  if (inputs.some((input) => !input.kind)) throw new Error("enqueueWebhook: kind is required");
  const rows = inputs.map((input) => ({
    id: randomUUID(),
    kind: input.kind,
    payload: input.payload,
    sourceTable: input.source?.table ?? null,
    sourceId: input.source?.id ?? null,
  }));
  if (rows.length) await tx.insert(outbox).values(rows);
  return rows.map((r) => r.id);
}

export type WebhookDelivery = {
  id: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
};

/** The deliveries announcing one record, newest first (usually one). */
export async function findWebhookDeliveries(
  db: Pick<Db, "select">,
  source: WebhookSource,
): Promise<WebhookDelivery[]> {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      nextAttemptAt: outbox.nextAttemptAt,
      lastStatus: outbox.lastStatus,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      deliveredAt: outbox.deliveredAt,
    })
    .from(outbox)
    .where(and(eq(outbox.sourceTable, source.table), eq(outbox.sourceId, source.id)))
    .orderBy(desc(outbox.createdAt));
}

/**
 * Puts the deliveries of one record that were given up back in the queue, due
 * now, with a fresh schedule and the same webhook-id (the receiver's
 * idempotency key), for a person who asks to send again. Returns their ids.
 */
export async function requeueFailedDeliveries(
  db: Pick<Db, "update">,
  source: WebhookSource,
): Promise<string[]> {
  const rows = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(
      and(eq(outbox.sourceTable, source.table), eq(outbox.sourceId, source.id), eq(outbox.status, "failed")),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}
