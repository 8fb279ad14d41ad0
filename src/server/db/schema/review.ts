import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/*
 * The review desk (docs/decisions/011-review-desk.md): the teams that
 * handle requests, their members, the approval policies, one append-only
 * events table for every request's timeline and every team change, and the
 * notifications people read in the bell.
 */

/**
 * A team handles request kinds (`kinds`) and, for support tickets, the
 * departments it answers (`departamentos`). `area` makes it the staff area
 * team of spec §6 ('vagas' or 'planejamento'). `key` names the teams made at
 * the first start, so seeding them is idempotent.
 */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").unique(),
    name: text("name").notNull(),
    kinds: text("kinds").array().notNull().default(sql`'{}'::text[]`),
    departamentos: text("departamentos").array().notNull().default(sql`'{}'::text[]`),
    area: text("area"),
    /** Its members must have a second factor (docs/decisions/055); Financeiro from the start. */
    secondFactorRequired: boolean("second_factor_required").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("teams_name_lower_idx").on(sql`lower(${t.name})`),
    check("teams_area_check", sql`${t.area} is null or ${t.area} in ('vagas', 'planejamento')`),
  ],
);

/** Members by company e-mail (lower case), signed up or not yet. */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.email] }), index("team_members_email_idx").on(t.email)],
);

/**
 * 'Acima de R$ X, aprovação também de <equipe>': a second approval per kind, set by an administrator.
 * Removing the team does not remove the policy: the administrator changes or removes it first.
 */
export const approvalPolicies = pgTable(
  "approval_policies",
  {
    kind: text("kind").primaryKey(),
    thresholdCents: bigint("threshold_cents", { mode: "number" }).notNull(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "restrict" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("approval_policies_threshold_check", sql`${t.thresholdCents} > 0`)],
);

/** Above this per person per month, a request of this expense type is flagged (decision 015). */
export const expenseLimits = pgTable(
  "expense_limits",
  {
    kind: text("kind").notNull(),
    /** The kind's expense type: a reimbursement's `categoria`, a grant's `tipo`. */
    expenseType: text("expense_type").notNull(),
    monthlyLimitCents: bigint("monthly_limit_cents", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.expenseType] }),
    check("expense_limits_positive_check", sql`${t.monthlyLimitCents} > 0`),
  ],
);

/** A kind's service-level target in business hours, set by an administrator (decision 014). */
export const serviceLevels = pgTable(
  "service_levels",
  {
    kind: text("kind").primaryKey(),
    targetHours: integer("target_hours").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("service_levels_positive_check", sql`${t.targetHours} > 0`)],
);

/**
 * Every event of a request (created, taken, each move with its reason,
 * comments, edits with the changed fields) and of a team, appended and never
 * changed: a trigger refuses UPDATE and DELETE (migration 0007). The actor is
 * kept by name and e-mail, not by a foreign key, so the trail outlives accounts.
 */
export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** A request kind ('reembolso', …) or 'equipe'. */
    subjectKind: text("subject_kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email"),
    type: text("type").notNull(),
    action: text("action"),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    reason: text("reason"),
    body: text("body"),
    /** 'Nota interna': never shown to the requester. */
    internal: boolean("internal").notNull().default(false),
    data: jsonb("data").$type<Record<string, unknown>>(),
  },
  (t) => [index("events_subject_idx").on(t.subjectKind, t.subjectId, t.id)],
);

/** The bell: what happened to a person's requests or in their queues. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    type: text("type").notNull(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.id.desc())],
);

export const notificationModes = ["imediato", "resumo_diario"] as const;

/** How a team member hears of new requests: each at once, or one summary a day at 8:00 (São Paulo). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    email: text("email").primaryKey(),
    newRequests: text("new_requests", { enum: notificationModes }).notNull().default("imediato"),
    /** The last daily summary sent: the next one lists what came after. */
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
  },
  (t) => [
    check("notification_preferences_mode_check", sql`${t.newRequests} in ('imediato', 'resumo_diario')`),
  ],
);
