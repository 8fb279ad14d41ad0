CREATE TABLE "dias_da_agencia" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"data" date NOT NULL,
	"nome" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criado_por" text,
	CONSTRAINT "dias_da_agencia_data_unique" UNIQUE("data")
);
--> statement-breakpoint
CREATE TABLE "assinaturas_calendario" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinaturas_calendario_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "banco_de_horas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"minutos" integer NOT NULL,
	"data" date NOT NULL,
	"motivo" text NOT NULL,
	"solicitacao_id" uuid,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"registrado_por" text,
	CONSTRAINT "banco_de_horas_minutos" CHECK (minutos <> 0)
);
--> statement-breakpoint
CREATE TABLE "calendario_escritorio" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"facultativos" text[] DEFAULT '{}'::text[] NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_por" text,
	CONSTRAINT "calendario_escritorio_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "dados_funcionais" (
	"email" text PRIMARY KEY NOT NULL,
	"data_admissao" date NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_por" text
);
--> statement-breakpoint
CREATE TABLE "substitutos" (
	"user_id" text PRIMARY KEY NOT NULL,
	"substituto_id" text NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faltas_injustificadas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"data" date NOT NULL,
	"observacao" text,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"registrado_por" text
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "substituindo_id" text;--> statement-breakpoint
ALTER TABLE "dias_da_agencia" ADD CONSTRAINT "dias_da_agencia_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas_calendario" ADD CONSTRAINT "assinaturas_calendario_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_de_horas" ADD CONSTRAINT "banco_de_horas_solicitacao_id_requests_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banco_de_horas" ADD CONSTRAINT "banco_de_horas_registrado_por_users_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendario_escritorio" ADD CONSTRAINT "calendario_escritorio_atualizado_por_users_id_fk" FOREIGN KEY ("atualizado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dados_funcionais" ADD CONSTRAINT "dados_funcionais_atualizado_por_users_id_fk" FOREIGN KEY ("atualizado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutos" ADD CONSTRAINT "substitutos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutos" ADD CONSTRAINT "substitutos_substituto_id_users_id_fk" FOREIGN KEY ("substituto_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faltas_injustificadas" ADD CONSTRAINT "faltas_injustificadas_registrado_por_users_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banco_de_horas_pessoa_idx" ON "banco_de_horas" USING btree ("email","data");--> statement-breakpoint
CREATE UNIQUE INDEX "banco_de_horas_solicitacao_idx" ON "banco_de_horas" USING btree ("solicitacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "faltas_injustificadas_dia_idx" ON "faltas_injustificadas" USING btree ("email","data");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_substituindo_id_users_id_fk" FOREIGN KEY ("substituindo_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;