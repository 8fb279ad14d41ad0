import { z } from "zod";
import { REQUEST_KINDS } from "./kinds";
import { RequestAttachmentSchema, RequestStandingSchema } from "./review-api";

/*
 * The HTTP contract of the requests API (decision 010): the server's routes declare
 * these schemas and the web infers its types from them, so an answer is shaped
 * in one place.
 */

/** 201 (or 200 for a repeated Idempotency-Key) of every `POST /api/solicitacoes/<slug>`. */
export const CreatedRequestSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  id: z.uuid(),
  status: z.string(),
  createdAt: z.string(),
  duplicate: z.boolean(),
  /**
   * Kinds delivered at once (SEO, spec §7): the automation's answer; `entregue`
   * false when that try failed (it is retried later), null when no automation
   * is configured (the request is only saved). Absent for the other kinds.
   */
  resposta: z.string().nullable().optional(),
  entregue: z.boolean().nullable().optional(),
});
export type CreatedRequest = z.infer<typeof CreatedRequestSchema>;

export const RequestListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
  /** 'Buscar': words of the requests' own texts (each as the start of a word, accents ignored). */
  busca: z.string().trim().max(200).optional(),
});

/** One row of 'Minhas solicitações'; valor in cents for the kinds that have one. */
export const RequestListItemSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  id: z.uuid(),
  createdAt: z.string(),
  status: z.string(),
  resumo: z.string(),
  valor: z.number().int().nullable(),
});
export type RequestListItem = z.infer<typeof RequestListItemSchema>;

export const RequestListPageSchema = z.object({
  items: z.array(RequestListItemSchema),
  nextCursor: z.string().nullable(),
  /** Only on the first page. */
  total: z.number().int().nullable(),
});
export type RequestListPage = z.infer<typeof RequestListPageSchema>;

export const RequestParamsSchema = z.object({ tipo: z.enum(REQUEST_KINDS), id: z.uuid() });

/** `GET /api/anexos/:id` (with the session) and `/api/anexos/:id/download` (a signed link). */
export const AttachmentParamsSchema = z.object({ id: z.uuid() });
export const AttachmentLinkQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});

export { type RequestAttachment, RequestAttachmentSchema } from "./review-api";

export const RequestDeliverySchema = z.object({
  status: z.enum(["pending", "delivered", "failed"]),
  tentativas: z.number().int(),
  entregueEm: z.string().nullable(),
});
export type RequestDelivery = z.infer<typeof RequestDeliverySchema>;

/**
 * `GET /api/solicitacoes/:tipo/:id`: the stored fields by their names in the
 * kind's registry entry (money in cents), shown through its `detail` list.
 */
export const RequestDetailSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  dados: z.record(z.string(), z.unknown()),
  anexos: z.array(RequestAttachmentSchema),
  entrega: RequestDeliverySchema.nullable(),
  /** Where it stands for the reader (decision 011): state, who has it, their moves, the timeline. */
  situacao: RequestStandingSchema,
});
export type RequestDetail = z.infer<typeof RequestDetailSchema>;

export const ResendResultSchema = z.object({ entrega: RequestDeliverySchema.nullable() });
export type ResendResult = z.infer<typeof ResendResultSchema>;
