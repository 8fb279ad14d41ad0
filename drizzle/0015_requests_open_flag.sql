-- Whether a request is still open is a column kept by every move, so the open requests' indexes
-- need no migration when a kind brings a closed state of its own (docs/decisions/037).
DROP INDEX "requests_open_created_idx";--> statement-breakpoint
DROP INDEX "requests_open_busca_idx";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "aberta" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The closed states of the five workflows as they stood (docs/decisions/037); from here on every move keeps the flag.
UPDATE "requests" SET "aberta" = false
WHERE "status" IN ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');--> statement-breakpoint
CREATE INDEX "requests_open_created_idx" ON "requests" USING btree ("created_at","id") WHERE aberta;--> statement-breakpoint
CREATE INDEX "requests_open_busca_idx" ON "requests" USING gin ("busca") WHERE aberta;