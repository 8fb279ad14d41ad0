CREATE TABLE "expense_limits" (
	"kind" text NOT NULL,
	"expense_type" text NOT NULL,
	"monthly_limit_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_limits_kind_expense_type_pk" PRIMARY KEY("kind","expense_type"),
	CONSTRAINT "expense_limits_positive_check" CHECK ("expense_limits"."monthly_limit_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_levels" (
	"kind" text PRIMARY KEY NOT NULL,
	"target_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_levels_positive_check" CHECK ("service_levels"."target_hours" > 0)
);
--> statement-breakpoint
ALTER TABLE "anexos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "sla_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "valor_aprovado" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "pago_em" date;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD COLUMN "forma_pagamento" text;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD COLUMN "sla_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "sla_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "valor_aprovado" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "pago_em" date;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD COLUMN "forma_pagamento" text;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD COLUMN "sla_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD COLUMN "sla_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "anexos_sha256_idx" ON "anexos" USING btree ("sha256");--> statement-breakpoint
-- Requests decided or paid before issue 12: when and by whom, from their timeline; approved ones were approved whole.
UPDATE "reembolso_solicitacoes" AS r SET "decided_at" = e."at", "decided_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'reembolso' AND "type" = 'transicao' AND "action" IN ('aprovar', 'recusar', 'concluir', 'resolver') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "reembolso_solicitacoes" AS r SET "settled_at" = e."at", "settled_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'reembolso' AND "type" = 'transicao' AND "action" IN ('marcar_pago', 'marcar_entregue') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "bolsa_solicitacoes" AS r SET "decided_at" = e."at", "decided_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'bolsa' AND "type" = 'transicao' AND "action" IN ('aprovar', 'recusar', 'concluir', 'resolver') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "bolsa_solicitacoes" AS r SET "settled_at" = e."at", "settled_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'bolsa' AND "type" = 'transicao' AND "action" IN ('marcar_pago', 'marcar_entregue') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "material_solicitacoes" AS r SET "decided_at" = e."at", "decided_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'material' AND "type" = 'transicao' AND "action" IN ('aprovar', 'recusar', 'concluir', 'resolver') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "material_solicitacoes" AS r SET "settled_at" = e."at", "settled_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'material' AND "type" = 'transicao' AND "action" IN ('marcar_pago', 'marcar_entregue') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "suporte_solicitacoes" AS r SET "decided_at" = e."at", "decided_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'suporte' AND "type" = 'transicao' AND "action" IN ('aprovar', 'recusar', 'concluir', 'resolver') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "suporte_solicitacoes" AS r SET "settled_at" = e."at", "settled_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'suporte' AND "type" = 'transicao' AND "action" IN ('marcar_pago', 'marcar_entregue') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "seo_solicitacoes" AS r SET "decided_at" = e."at", "decided_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'seo' AND "type" = 'transicao' AND "action" IN ('aprovar', 'recusar', 'concluir', 'resolver') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "seo_solicitacoes" AS r SET "settled_at" = e."at", "settled_by" = e."actor_name" FROM (SELECT DISTINCT ON ("subject_id") "subject_id", "at", "actor_name" FROM "events" WHERE "subject_kind" = 'seo' AND "type" = 'transicao' AND "action" IN ('marcar_pago', 'marcar_entregue') ORDER BY "subject_id", "id" DESC) AS e WHERE e."subject_id" = r."id";
--> statement-breakpoint
UPDATE "reembolso_solicitacoes" SET "valor_aprovado" = "valor" WHERE "status" IN ('aprovado', 'pago');
--> statement-breakpoint
UPDATE "bolsa_solicitacoes" SET "valor_aprovado" = "valor" WHERE "status" IN ('aprovado', 'pago');
