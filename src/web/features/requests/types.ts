import type { RequestKind } from "@/domain/requests/messages";

/** 201 (or 200 for a repeated Idempotency-Key) of every POST /api/solicitacoes/<kind>. */
export type CreatedRequest = {
  tipo: RequestKind;
  id: string;
  status: string;
  createdAt: string;
  duplicate: boolean;
};

/**
 * POST /api/solicitacoes/seo also tries the automation once: `resposta` is its
 * answer; `entregue` false when that try failed (it is retried later), null when
 * no automation is configured (the request is only saved).
 */
export type CreatedSeoRequest = CreatedRequest & { resposta: string | null; entregue: boolean | null };

/** One row of GET /api/solicitacoes; valor in cents for the kinds that have one. */
export type RequestListItem = {
  tipo: RequestKind;
  id: string;
  createdAt: string;
  status: string;
  resumo: string;
  valor: number | null;
};

export type RequestListPage = {
  items: RequestListItem[];
  nextCursor: string | null;
  /** Only on the first page. */
  total: number | null;
};

export type RequestAttachment = {
  id: string;
  nome: string;
  contentType: string;
  tamanho: number;
  url: string;
};

export type RequestDelivery = {
  status: "pending" | "delivered" | "failed";
  tentativas: number;
  entregueEm: string | null;
};

/** GET /api/solicitacoes/:tipo/:id: the row's fields in camelCase (valor in cents). */
export type RequestDetail = {
  tipo: RequestKind;
  dados: Record<string, unknown>;
  anexos: RequestAttachment[];
  entrega: RequestDelivery | null;
};
