-- 'Buscar' in 'Caixa de entrada': the open requests' words alone, a few thousand where every request's are
-- hundreds of thousands (docs/bench.md, 'Scale'; src/server/modules/review/review.queries.ts, queuePage).
CREATE INDEX "requests_open_busca_idx" ON "requests" USING gin ("busca") WHERE status not in ('recusado', 'pago', 'cancelada', 'entregue', 'resolvido', 'concluida', 'recusada');