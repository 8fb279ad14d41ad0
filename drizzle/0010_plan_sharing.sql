CREATE TABLE "plan_client_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"link_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"detail" text,
	CONSTRAINT "plan_history_actor_kind_check" CHECK ("plan_history"."actor_kind" in ('planejador', 'cliente'))
);
--> statement-breakpoint
CREATE TABLE "plan_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "plan_share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "planejamentos_conteudo" ADD COLUMN "client_approved_by" text;--> statement-breakpoint
ALTER TABLE "planejamentos_conteudo" ADD COLUMN "client_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_client_comments" ADD CONSTRAINT "plan_client_comments_plan_id_planejamentos_conteudo_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planejamentos_conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_client_comments" ADD CONSTRAINT "plan_client_comments_link_id_plan_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."plan_share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_history" ADD CONSTRAINT "plan_history_plan_id_planejamentos_conteudo_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planejamentos_conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_share_links" ADD CONSTRAINT "plan_share_links_plan_id_planejamentos_conteudo_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planejamentos_conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_share_links" ADD CONSTRAINT "plan_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_client_comments_plan_idx" ON "plan_client_comments" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_history_plan_idx" ON "plan_history" USING btree ("plan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_share_links_active_idx" ON "plan_share_links" USING btree ("plan_id") WHERE "plan_share_links"."revoked_at" is null;