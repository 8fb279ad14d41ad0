-- Every request in one table (docs/decisions/034-one-requests-table.md). The five kind tables'
-- rows move here with their ids, so every attachment link, event, notification and outbox
-- reference (which name a request by its kind and id) keeps pointing at the same request.
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assignee_id" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"pending_approval_team_id" uuid,
	"approval_team_id" uuid,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"settled_at" timestamp with time zone,
	"settled_by" text,
	"sla_minutes" integer DEFAULT 0 NOT NULL,
	"valor" numeric(12, 2),
	"valor_aprovado" numeric(12, 2),
	"pago_em" date,
	"forma_pagamento" text,
	"data_despesa" date,
	"tipo_despesa" text,
	"centro_custo" text,
	"chave_pix" text,
	"rota" text,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"busca" "tsvector" GENERATED ALWAYS AS (jsonb_to_tsvector('simple', translate(dados::text, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')::jsonb, '["string"]')) STORED
);
--> statement-breakpoint
INSERT INTO "requests" ("id", "kind", "user_id", "status", "idempotency_key", "created_at", "assignee_id",
  "status_changed_at", "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by",
  "settled_at", "settled_by", "sla_minutes", "valor", "valor_aprovado", "pago_em", "forma_pagamento",
  "data_despesa", "tipo_despesa", "centro_custo", "chave_pix", "dados")
SELECT "id", 'reembolso', "user_id", "status", "idempotency_key", "created_at", "assignee_id", "status_changed_at",
  "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by", "settled_at", "settled_by",
  "sla_minutes", "valor", "valor_aprovado", "pago_em", "forma_pagamento", "data", "categoria", "centro_custo",
  "chave_pix", jsonb_build_object('nome', "nome", 'descricao', "descricao", 'anexoUrl', "anexo_url")
FROM "reembolso_solicitacoes";
--> statement-breakpoint
INSERT INTO "requests" ("id", "kind", "user_id", "status", "idempotency_key", "created_at", "assignee_id",
  "status_changed_at", "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by",
  "settled_at", "settled_by", "sla_minutes", "valor", "valor_aprovado", "pago_em", "forma_pagamento",
  "tipo_despesa", "chave_pix", "dados")
SELECT "id", 'bolsa', "user_id", "status", "idempotency_key", "created_at", "assignee_id", "status_changed_at",
  "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by", "settled_at", "settled_by",
  "sla_minutes", "valor", "valor_aprovado", "pago_em", "forma_pagamento", "tipo", "chave_pix",
  jsonb_build_object('titulo', "titulo", 'linkPlataforma', "link_plataforma", 'valorAgregado', "valor_agregado",
    'criadoPor', "criado_por")
FROM "bolsa_solicitacoes";
--> statement-breakpoint
INSERT INTO "requests" ("id", "kind", "user_id", "status", "idempotency_key", "created_at", "assignee_id",
  "status_changed_at", "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by",
  "settled_at", "settled_by", "sla_minutes", "dados")
SELECT "id", 'material', "user_id", "status", "idempotency_key", "created_at", "assignee_id", "status_changed_at",
  "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by", "settled_at", "settled_by",
  "sla_minutes", jsonb_build_object('nome', "nome", 'descricao', "descricao", 'motivo', "motivo",
    'linkReferencia', "link_referencia", 'quantidade', "quantidade", 'urgencia', "urgencia")
FROM "material_solicitacoes";
--> statement-breakpoint
INSERT INTO "requests" ("id", "kind", "user_id", "status", "idempotency_key", "created_at", "assignee_id",
  "status_changed_at", "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by",
  "settled_at", "settled_by", "sla_minutes", "rota", "dados")
SELECT "id", 'suporte', "user_id", "status", "idempotency_key", "created_at", "assignee_id", "status_changed_at",
  "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by", "settled_at", "settled_by",
  "sla_minutes", "departamento", jsonb_build_object('nome', "nome", 'email', "email", 'assunto', "assunto",
    'descricao', "descricao", 'prioridade', "prioridade")
FROM "suporte_solicitacoes";
--> statement-breakpoint
INSERT INTO "requests" ("id", "kind", "user_id", "status", "idempotency_key", "created_at", "assignee_id",
  "status_changed_at", "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by",
  "settled_at", "settled_by", "sla_minutes", "dados")
SELECT "id", 'seo', "user_id", "status", "idempotency_key", "created_at", "assignee_id", "status_changed_at",
  "version", "pending_approval_team_id", "approval_team_id", "decided_at", "decided_by", "settled_at", "settled_by",
  "sla_minutes", jsonb_build_object('url', "url", 'tipoAnalise', "tipo_analise", 'nome', "nome", 'email', "email",
    'resposta', "resposta")
FROM "seo_solicitacoes";
--> statement-breakpoint
-- A webhook names what it announces; the request is now a row of "requests".
UPDATE "outbox" SET "source_table" = 'requests'
WHERE "source_table" IN ('reembolso_solicitacoes', 'bolsa_solicitacoes', 'material_solicitacoes',
  'suporte_solicitacoes', 'seo_solicitacoes');
--> statement-breakpoint
-- A file row whose request no longer exists was reachable by nobody; the foreign key below keeps it so.
DELETE FROM "anexos" a WHERE NOT EXISTS (SELECT 1 FROM "requests" r WHERE r."id" = a."solicitacao_id");
--> statement-breakpoint
DROP TABLE "reembolso_solicitacoes";--> statement-breakpoint
DROP TABLE "bolsa_solicitacoes";--> statement-breakpoint
DROP TABLE "material_solicitacoes";--> statement-breakpoint
DROP TABLE "suporte_solicitacoes";--> statement-breakpoint
DROP TABLE "seo_solicitacoes";--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_solicitacao_id_requests_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_approval_team_id_teams_id_fk" FOREIGN KEY ("approval_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_user_created_idx" ON "requests" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "requests_user_kind_idempotency_idx" ON "requests" USING btree ("user_id","kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "requests_open_created_idx" ON "requests" USING btree ("created_at","id") WHERE status not in ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');--> statement-breakpoint
CREATE INDEX "requests_kind_created_idx" ON "requests" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "requests_decided_idx" ON "requests" USING btree ("decided_at") WHERE decided_at is not null;--> statement-breakpoint
CREATE INDEX "requests_pending_team_idx" ON "requests" USING btree ("pending_approval_team_id") WHERE pending_approval_team_id is not null;--> statement-breakpoint
CREATE INDEX "requests_approval_team_idx" ON "requests" USING btree ("approval_team_id") WHERE approval_team_id is not null;--> statement-breakpoint
CREATE INDEX "requests_busca_idx" ON "requests" USING gin ("busca");
