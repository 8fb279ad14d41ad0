CREATE TABLE "retornos_bancarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"chave" text NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"recebido_por" text,
	"resumo" jsonb NOT NULL,
	CONSTRAINT "retornos_bancarios_hash_unique" UNIQUE("hash"),
	CONSTRAINT "retornos_bancarios_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "conta_pagadora" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"perfil" text NOT NULL,
	"banco" text NOT NULL,
	"agencia" text NOT NULL,
	"agencia_digito" text,
	"conta" text NOT NULL,
	"conta_digito" text NOT NULL,
	"cnpj" text NOT NULL,
	"razao_social" text NOT NULL,
	"convenio" text NOT NULL,
	"proximo_arquivo" integer DEFAULT 1 NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_por" text,
	CONSTRAINT "conta_pagadora_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "conciliacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"conta" text NOT NULL,
	"fitid" text NOT NULL,
	"data" date NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"descricao" text NOT NULL,
	"confirmado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmado_por" text
);
--> statement-breakpoint
CREATE TABLE "remessa_itens" (
	"remessa_id" uuid NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"referencia" text NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"situacao" text DEFAULT 'enviado' NOT NULL,
	CONSTRAINT "remessa_itens_remessa_id_solicitacao_id_pk" PRIMARY KEY("remessa_id","solicitacao_id")
);
--> statement-breakpoint
CREATE TABLE "remessas_bancarias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer NOT NULL,
	"perfil" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"conteudo" text NOT NULL,
	"data_pagamento" date NOT NULL,
	"quantidade" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criada_por" text,
	CONSTRAINT "remessas_bancarias_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "extratos_bancarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conta" text NOT NULL,
	"lancamentos" jsonb NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_por" text
);
--> statement-breakpoint
ALTER TABLE "retornos_bancarios" ADD CONSTRAINT "retornos_bancarios_recebido_por_users_id_fk" FOREIGN KEY ("recebido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_pagadora" ADD CONSTRAINT "conta_pagadora_atualizado_por_users_id_fk" FOREIGN KEY ("atualizado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conciliacoes" ADD CONSTRAINT "conciliacoes_solicitacao_id_requests_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conciliacoes" ADD CONSTRAINT "conciliacoes_confirmado_por_users_id_fk" FOREIGN KEY ("confirmado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessa_itens" ADD CONSTRAINT "remessa_itens_remessa_id_remessas_bancarias_id_fk" FOREIGN KEY ("remessa_id") REFERENCES "public"."remessas_bancarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessa_itens" ADD CONSTRAINT "remessa_itens_solicitacao_id_requests_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessas_bancarias" ADD CONSTRAINT "remessas_bancarias_criada_por_users_id_fk" FOREIGN KEY ("criada_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extratos_bancarios" ADD CONSTRAINT "extratos_bancarios_enviado_por_users_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conciliacoes_lancamento_idx" ON "conciliacoes" USING btree ("conta","fitid");--> statement-breakpoint
CREATE UNIQUE INDEX "conciliacoes_solicitacao_idx" ON "conciliacoes" USING btree ("solicitacao_id");--> statement-breakpoint
CREATE INDEX "remessa_itens_referencia_idx" ON "remessa_itens" USING btree ("referencia");