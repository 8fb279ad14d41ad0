import { sql } from "drizzle-orm";
import {
  boolean,
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
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import { users } from "./auth";

/** Spec §3 Client. Every planning manager keeps the same clients; names are unique whatever their case. */
export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    segment: text("segment"),
    marketType: text("market_type"),
    voiceTone: text("voice_tone"),
    personaBrief: text("persona_brief"),
    notes: text("notes"),
    website: text("website"),
    instagramUrl: text("instagram_url"),
    facebookUrl: text("facebook_url"),
    linkedinUrl: text("linkedin_url"),
    youtubeUrl: text("youtube_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("clients_name_lower_key").on(sql`lower(${t.name})`)],
);

/**
 * Spec §3 Content plan. The four content parts are jsonb, checked by
 * PlanContentSchema before every write; they are null while the plan waits
 * for its generator. `solicitacao` keeps the request as it was made, so a
 * failed generation can be retried without asking again.
 */
export const contentPlans = pgTable(
  "planejamentos_conteudo",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // A client with plans cannot be deleted: the plan names it.
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "restrict" }),
    mesReferencia: text("mes_referencia").notNull(),
    anoReferencia: text("ano_referencia").notNull(),
    status: text("status").notNull(),
    gerador: text("gerador").notNull(),
    solicitacao: jsonb("solicitacao").$type<PlanRequestInput>().notNull(),
    insightsGerais: jsonb("insights_gerais").$type<PlanContent["insights_gerais"]>(),
    contentPillars: jsonb("content_pillars").$type<PlanContent["content_pillars"]>(),
    calendarioEditorial: jsonb("calendario_editorial").$type<PlanContent["calendario_editorial"]>(),
    experimentos: jsonb("experimentos").$type<PlanContent["experimentos"]>(),
    // Kept beside the content so the plan list reads neither jsonb document (spec §2 list cards).
    insightsCount: integer("insights_count").notNull().default(0),
    hasCalendar: boolean("has_calendar").notNull().default(false),
    erroGeracao: text("erro_geracao"),
    /** sha256 of the automation's callback token; null once the content has arrived. */
    callbackTokenHash: text("callback_token_hash"),
    geracaoIniciadaEm: timestamp("geracao_iniciada_em", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    /** The client's approval through a shared link (status aprovado_cliente): by whom and when. */
    clientApprovedBy: text("client_approved_by"),
    clientApprovedAt: timestamp("client_approved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("planejamentos_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("planejamentos_client_idx").on(t.clientId),
  ],
);

/**
 * One Bitrix24 task per calendar post. The primary key is the "never twice":
 * a post is claimed here before Bitrix is called, and only a failed claim can
 * be taken again.
 */
export const planPostTasks = pgTable(
  "plan_post_tasks",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => contentPlans.id, { onDelete: "cascade" }),
    postId: text("post_id").notNull(),
    /**
     * creating, created, failed (Bitrix24 said no: nothing was made) or unknown
     * (no answer: the task may exist, so the next attempt looks for it first).
     */
    status: text("status").notNull(),
    bitrixTaskId: text("bitrix_task_id"),
    /** The title last sent, to find a task whose creation went unanswered. */
    sentTitle: text("sent_title"),
    error: text("error"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.postId] })],
);
