CREATE TABLE "approval_policies" (
	"kind" text PRIMARY KEY NOT NULL,
	"threshold_cents" bigint NOT NULL,
	"team_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_policies_threshold_check" CHECK ("approval_policies"."threshold_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_email" text,
	"type" text NOT NULL,
	"action" text,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"body" text,
	"internal" boolean DEFAULT false NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"email" text PRIMARY KEY NOT NULL,
	"new_requests" text DEFAULT 'imediato' NOT NULL,
	"last_digest_at" timestamp with time zone,
	CONSTRAINT "notification_preferences_mode_check" CHECK ("notification_preferences"."new_requests" in ('imediato', 'resumo_diario'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_email_pk" PRIMARY KEY("team_id","email")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"departamentos" text[] DEFAULT '{}'::text[] NOT NULL,
	"area" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_key_unique" UNIQUE("key"),
	CONSTRAINT "teams_area_check" CHECK ("teams"."area" is null or "teams"."area" in ('vagas', 'planejamento'))
);
--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "pending_approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "pending_approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "pending_approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "pending_approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "pending_approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "approval_team_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_kind","subject_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_members_email_idx" ON "team_members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_lower_idx" ON "teams" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD CONSTRAINT "bolsa_solicitacoes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD CONSTRAINT "bolsa_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD CONSTRAINT "bolsa_solicitacoes_approval_team_id_teams_id_fk" FOREIGN KEY ("approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD CONSTRAINT "material_solicitacoes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD CONSTRAINT "material_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD CONSTRAINT "material_solicitacoes_approval_team_id_teams_id_fk" FOREIGN KEY ("approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD CONSTRAINT "reembolso_solicitacoes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD CONSTRAINT "reembolso_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD CONSTRAINT "reembolso_solicitacoes_approval_team_id_teams_id_fk" FOREIGN KEY ("approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD CONSTRAINT "seo_solicitacoes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD CONSTRAINT "seo_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD CONSTRAINT "seo_solicitacoes_approval_team_id_teams_id_fk" FOREIGN KEY ("approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD CONSTRAINT "suporte_solicitacoes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD CONSTRAINT "suporte_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD CONSTRAINT "suporte_solicitacoes_approval_team_id_teams_id_fk" FOREIGN KEY ("approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bolsa_open_created_idx" ON "bolsa_solicitacoes" USING btree ("created_at","id") WHERE status not in ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');--> statement-breakpoint
CREATE INDEX "material_open_created_idx" ON "material_solicitacoes" USING btree ("created_at","id") WHERE status not in ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');--> statement-breakpoint
CREATE INDEX "reembolso_open_created_idx" ON "reembolso_solicitacoes" USING btree ("created_at","id") WHERE status not in ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');--> statement-breakpoint
CREATE INDEX "seo_open_created_idx" ON "seo_solicitacoes" USING btree ("created_at","id") WHERE status not in ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');--> statement-breakpoint
CREATE INDEX "suporte_open_created_idx" ON "suporte_solicitacoes" USING btree ("created_at","id") WHERE status not in ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');--> statement-breakpoint
-- Requests that already exist are Pendente and have been since they were made (issue 11).
UPDATE "reembolso_solicitacoes" SET "status_changed_at" = "created_at";--> statement-breakpoint
UPDATE "bolsa_solicitacoes" SET "status_changed_at" = "created_at";--> statement-breakpoint
UPDATE "material_solicitacoes" SET "status_changed_at" = "created_at";--> statement-breakpoint
UPDATE "suporte_solicitacoes" SET "status_changed_at" = "created_at";--> statement-breakpoint
UPDATE "seo_solicitacoes" SET "status_changed_at" = "created_at";--> statement-breakpoint
-- The timeline and the audit trail are appended to, never changed (issue 11).
CREATE FUNCTION "events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_append_only" BEFORE UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "events_append_only"();--> statement-breakpoint
-- The teams a first start has, with no members (issue 11): one per kind's handlers and support department.
INSERT INTO "teams" ("key", "name", "kinds", "departamentos", "area") VALUES
  ('financeiro', 'Financeiro', '{reembolso}', '{Financeiro}', NULL),
  ('rh', 'RH', '{bolsa}', '{RH}', NULL),
  ('compras', 'Compras', '{material}', '{}', NULL),
  ('marketing', 'Marketing', '{seo}', '{}', NULL),
  ('performance', 'Performance', '{}', '{Performance}', NULL),
  ('equipe-rocket', 'Equipe Rocket', '{}', '{Equipe Rocket}', NULL),
  ('equipe-lead-zeppelin', 'Equipe Lead Zeppelin', '{}', '{Equipe Lead Zeppelin}', NULL),
  ('vagas', 'Vagas', '{}', '{}', 'vagas'),
  ('planejamento', 'Planejamento', '{}', '{}', 'planejamento')
ON CONFLICT DO NOTHING;
