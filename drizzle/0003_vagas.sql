CREATE TABLE "vagas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"titulo" text NOT NULL,
	"departamento" text NOT NULL,
	"senioridade" text NOT NULL,
	"regime" text NOT NULL,
	"modelo_trabalho" text NOT NULL,
	"descricao" text NOT NULL,
	"atividades" text[] NOT NULL,
	"requisitos" text[] NOT NULL,
	"diferenciais" text[] NOT NULL,
	"beneficios" text[] NOT NULL,
	"data_criacao" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vagas" ADD CONSTRAINT "vagas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vagas_data_criacao_idx" ON "vagas" USING btree ("data_criacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);