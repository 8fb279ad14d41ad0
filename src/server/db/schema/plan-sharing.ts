import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { contentPlans } from "./planning";

/*
 * 'Compartilhar com o cliente' (docs/decisions/020-plan-client-approval.md):
 * the links a planner sends to a client, what the client said through them, and
 * a plan's history (who did what, when).
 */

/**
 * A link to a plan's read-only page. Only the SHA-256 of its token is kept, so
 * the database cannot hand out a working link. One active link per plan: a new
 * one revokes the one before (the partial unique index holds it).
 */
export const planShareLinks = pgTable(
  "plan_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => contentPlans.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("plan_share_links_active_idx").on(t.planId).where(sql`${t.revokedAt} is null`)],
);

/** A client's comment on one post, made through a link; the name is what the client typed. */
export const planClientComments = pgTable(
  "plan_client_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => contentPlans.id, { onDelete: "cascade" }),
    postId: text("post_id").notNull(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => planShareLinks.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("plan_client_comments_plan_idx").on(t.planId, t.createdAt)],
);

/**
 * What happened to a plan after it was made: the planner's edits, approvals,
 * links made and revoked, and the client's comments and approval. The actor is
 * kept by name (a client has no account), so the trail reads the same later.
 */
export const planHistory = pgTable(
  "plan_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => contentPlans.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** 'planejador' (the plan's owner, signed in) or 'cliente' (through a link). */
    actorKind: text("actor_kind").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    detail: text("detail"),
  },
  (t) => [
    index("plan_history_plan_idx").on(t.planId, t.id),
    check("plan_history_actor_kind_check", sql`${t.actorKind} in ('planejador', 'cliente')`),
  ],
);
