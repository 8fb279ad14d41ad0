CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"segment" text,
	"market_type" text,
	"voice_tone" text,
	"persona_brief" text,
	"notes" text,
	"website" text,
	"instagram_url" text,
	"facebook_url" text,
	"linkedin_url" text,
	"youtube_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_post_tasks" (
	"plan_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"status" text NOT NULL,
	"bitrix_task_id" text,
	"error" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone,
	CONSTRAINT "plan_post_tasks_plan_id_post_id_pk" PRIMARY KEY("plan_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "planejamentos_conteudo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"client_id" uuid,
	"mes_referencia" text NOT NULL,
	"ano_referencia" text NOT NULL,
	"status" text NOT NULL,
	"gerador" text NOT NULL,
	"solicitacao" jsonb NOT NULL,
	"insights_gerais" jsonb,
	"content_pillars" jsonb,
	"calendario_editorial" jsonb,
	"experimentos" jsonb,
	"insights_count" integer DEFAULT 0 NOT NULL,
	"has_calendar" boolean DEFAULT false NOT NULL,
	"erro_geracao" text,
	"callback_token_hash" text,
	"geracao_iniciada_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_post_tasks" ADD CONSTRAINT "plan_post_tasks_plan_id_planejamentos_conteudo_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planejamentos_conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_conteudo" ADD CONSTRAINT "planejamentos_conteudo_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_conteudo" ADD CONSTRAINT "planejamentos_conteudo_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_lower_key" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "planejamentos_user_created_idx" ON "planejamentos_conteudo" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "planejamentos_client_idx" ON "planejamentos_conteudo" USING btree ("client_id");