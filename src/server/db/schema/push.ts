import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./auth";

/*
 * Web push (docs/decisions/061-web-push.md): one row per subscribed browser,
 * its endpoint unique. It belongs to the session that subscribed, and goes with
 * it: signing out on that device, or any other end of that session, removes it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The User-Agent it subscribed with, for 'Minha conta' to name the device. */
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [
    index("push_subscriptions_user_id_idx").on(t.userId),
    index("push_subscriptions_session_id_idx").on(t.sessionId),
  ],
);

/**
 * The VAPID key pair (RFC 8292), generated at the first start: one row, in the
 * database rather than DATA_DIR so that every instance signs with the key the
 * browsers subscribed with.
 */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("push_keys_one_row", sql`${t.id} = 1`)],
);
