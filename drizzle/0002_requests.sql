CREATE TABLE "anexos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"solicitacao_tipo" text NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"nome_original" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"content_type" text NOT NULL,
	"tamanho" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anexos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "bolsa_solicitacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"titulo" text NOT NULL,
	"tipo" text NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"link_plataforma" text NOT NULL,
	"chave_pix" text NOT NULL,
	"valor_agregado" text NOT NULL,
	"criado_por" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_solicitacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" text NOT NULL,
	"descricao" text NOT NULL,
	"motivo" text NOT NULL,
	"link_referencia" text,
	"quantidade" integer NOT NULL,
	"urgencia" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reembolso_solicitacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" text NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"data" date NOT NULL,
	"categoria" text NOT NULL,
	"descricao" text NOT NULL,
	"centro_custo" text DEFAULT 'geral' NOT NULL,
	"chave_pix" text,
	"anexo_url" text
);
--> statement-breakpoint
CREATE TABLE "seo_solicitacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text NOT NULL,
	"tipo_analise" text NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"resposta" text
);
--> statement-breakpoint
CREATE TABLE "suporte_solicitacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"departamento" text NOT NULL,
	"assunto" text NOT NULL,
	"descricao" text NOT NULL,
	"prioridade" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD CONSTRAINT "bolsa_solicitacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD CONSTRAINT "material_solicitacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD CONSTRAINT "reembolso_solicitacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD CONSTRAINT "seo_solicitacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD CONSTRAINT "suporte_solicitacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anexos_solicitacao_idx" ON "anexos" USING btree ("solicitacao_tipo","solicitacao_id");--> statement-breakpoint
CREATE INDEX "bolsa_user_created_idx" ON "bolsa_solicitacoes" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "bolsa_user_idempotency_idx" ON "bolsa_solicitacoes" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "material_user_created_idx" ON "material_solicitacoes" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "material_user_idempotency_idx" ON "material_solicitacoes" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "reembolso_user_created_idx" ON "reembolso_solicitacoes" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "reembolso_user_idempotency_idx" ON "reembolso_solicitacoes" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "seo_user_created_idx" ON "seo_solicitacoes" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "seo_user_idempotency_idx" ON "seo_solicitacoes" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "suporte_user_created_idx" ON "suporte_solicitacoes" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "suporte_user_idempotency_idx" ON "suporte_solicitacoes" USING btree ("user_id","idempotency_key");