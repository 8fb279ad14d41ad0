ALTER TABLE "bolsa_solicitacoes" DROP CONSTRAINT "bolsa_solicitacoes_pending_approval_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "material_solicitacoes" DROP CONSTRAINT "material_solicitacoes_pending_approval_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" DROP CONSTRAINT "reembolso_solicitacoes_pending_approval_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" DROP CONSTRAINT "seo_solicitacoes_pending_approval_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" DROP CONSTRAINT "suporte_solicitacoes_pending_approval_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "approval_policies" DROP CONSTRAINT "approval_policies_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "bolsa_solicitacoes" ADD CONSTRAINT "bolsa_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_solicitacoes" ADD CONSTRAINT "material_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso_solicitacoes" ADD CONSTRAINT "reembolso_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_solicitacoes" ADD CONSTRAINT "seo_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suporte_solicitacoes" ADD CONSTRAINT "suporte_solicitacoes_pending_approval_team_id_teams_id_fk" FOREIGN KEY ("pending_approval_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "reembolso_solicitacoes" SET "pending_approval_team_id" = NULL, "valor_aprovado" = NULL WHERE "status" IN ('aguardando_ajuste', 'recusado', 'cancelada') AND ("pending_approval_team_id" IS NOT NULL OR "valor_aprovado" IS NOT NULL);
--> statement-breakpoint
UPDATE "reembolso_solicitacoes" AS r SET "pending_approval_team_id" = NULL, "valor_aprovado" = NULL WHERE r."status" = 'em_analise' AND (r."pending_approval_team_id" IS NOT NULL OR r."valor_aprovado" IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM "events" p WHERE p."subject_kind" = 'reembolso' AND p."subject_id" = r."id" AND p."type" = 'aprovacao_parcial' AND p."id" > COALESCE((SELECT max(b."id") FROM "events" b WHERE b."subject_kind" = 'reembolso' AND b."subject_id" = r."id" AND b."action" = 'reenviar'), 0));
--> statement-breakpoint
UPDATE "bolsa_solicitacoes" SET "pending_approval_team_id" = NULL, "valor_aprovado" = NULL WHERE "status" IN ('aguardando_ajuste', 'recusado', 'cancelada') AND ("pending_approval_team_id" IS NOT NULL OR "valor_aprovado" IS NOT NULL);
--> statement-breakpoint
UPDATE "bolsa_solicitacoes" AS r SET "pending_approval_team_id" = NULL, "valor_aprovado" = NULL WHERE r."status" = 'em_analise' AND (r."pending_approval_team_id" IS NOT NULL OR r."valor_aprovado" IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM "events" p WHERE p."subject_kind" = 'bolsa' AND p."subject_id" = r."id" AND p."type" = 'aprovacao_parcial' AND p."id" > COALESCE((SELECT max(b."id") FROM "events" b WHERE b."subject_kind" = 'bolsa' AND b."subject_id" = r."id" AND b."action" = 'reenviar'), 0));
