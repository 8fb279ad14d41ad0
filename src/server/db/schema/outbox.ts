import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const outboxStatuses = ["pending", "delivered", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/*
 * Transactional outbox for automation webhooks: a row is written in the same
 * transaction as the request it announces, and a worker delivers it until the
 * receiver answers 2xx (or gives up). The id is the Standard Webhooks
 * `webhook-id`, the receiver's idempotency key, so it is made in code and never
 * changes between attempts. `failed` means the worker gave up.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A claim: set when a worker takes the row, expires so a crashed worker's rows are taken again.
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    lastStatus: integer("last_status"),
    // What the webhook announces (e.g. a request's table and id), so that request can show its delivery state.
    sourceTable: text("source_table"),
    sourceId: text("source_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_status_next_attempt_at_idx").on(t.status, t.nextAttemptAt),
    index("outbox_source_idx").on(t.sourceTable, t.sourceId),
    check("outbox_status_check", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
