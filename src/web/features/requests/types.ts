/* The requests API's types, inferred from the schemas its routes declare (src/domain/requests/api.ts). */
export type {
  CreatedRequest,
  RequestAttachment,
  RequestDelivery,
  RequestDetail,
  RequestListItem,
  RequestListPage,
} from "@/domain/requests/api";

import type { CreatedRequest } from "@/domain/requests/api";

/** POST /api/solicitacoes/seo also tries the automation once (spec §7): its answer comes back. */
export type CreatedSeoRequest = CreatedRequest & { resposta: string | null; entregue: boolean | null };
