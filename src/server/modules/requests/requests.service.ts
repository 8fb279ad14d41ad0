import { WORKFLOW_COLUMNS } from "@/domain/requests/access";
import type { RequestDelivery, RequestDetail } from "@/domain/requests/api";
import type { RequestKind } from "@/domain/requests/kinds";
import { AppError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { UUID_PATTERN } from "../../http/validate";
import { findWebhookDeliveries, requeueFailedDeliveries } from "../../outbox/outbox";
import { attachmentView } from "./attachment-view";
import { requestCreation } from "./request-creation";
import { requestListing } from "./request-listing";
import { requestResubmission } from "./request-resubmission";
import { REQUESTS_TABLE } from "./request-store";
import { findRequestAttachments, findUserRequest } from "./requests.queries";
import type { RequestsServiceDeps } from "./requests-deps";
import { fromColumns } from "./stored-record";

export type { CreateRequestInput, RequestsServiceDeps } from "./requests-deps";

/**
 * Every request kind through one service, driven by its registry entry
 * (src/domain/requests/kinds): created, listed, shown, resent and resubmitted.
 */
export function createRequestsService(deps: RequestsServiceDeps) {
  const { db } = deps;

  /** One address per request (docs/decisions/011): its author and the teams that handle it read it, each with what they may do. */
  async function detail(context: SignedInContext, kind: RequestKind, id: string): Promise<RequestDetail> {
    const { row, role, reader } = await deps.review.access(context.user, kind, id);
    const [files, deliveries] = await Promise.all([
      findRequestAttachments(db, kind, id),
      findWebhookDeliveries(db, { table: REQUESTS_TABLE, id }),
    ]);
    const fields = fromColumns(kind, row);
    for (const column of WORKFLOW_COLUMNS) delete fields[column];
    if (fields.createdAt instanceof Date) fields.createdAt = fields.createdAt.toISOString();
    const delivery = deliveries[0];
    return {
      tipo: kind,
      dados: fields,
      anexos: files.map(attachmentView),
      entrega: delivery
        ? {
            status: delivery.status as RequestDelivery["status"],
            tentativas: delivery.attempts,
            entregueEm: delivery.deliveredAt?.toISOString() ?? null,
          }
        : null,
      situacao: await deps.review.standing(reader, kind, row, role),
    };
  }

  /**
   * 'Enviar novamente': a delivery the worker gave up on goes back in the
   * queue and gets one attempt at once; the answer is the new delivery state.
   */
  async function resend(context: SignedInContext, kind: RequestKind, id: string) {
    const row = await findUserRequest(db, kind, id, context.user.id);
    if (!row) throw notFound();
    const requeued = await requeueFailedDeliveries(db, { table: REQUESTS_TABLE, id });
    if (requeued.length === 0) {
      throw new AppError(409, "NOTHING_TO_RESEND", {
        title: "Nada a reenviar",
        description: "O envio desta solicitação não falhou.",
      });
    }
    for (const outboxId of requeued) await deps.worker.deliverNow(outboxId);
    return (await detail(context, kind, id)).entrega;
  }

  /**
   * 404 unless the signed-in person may see the request: 'Editar e reenviar'
   * asks this before reading the body, so no body or content type tells an
   * outsider that the request exists.
   */
  async function assertVisible(context: SignedInContext, kind: RequestKind, id: string) {
    if (!UUID_PATTERN.test(id)) throw notFound();
    await deps.review.access(context.user, kind, id);
  }

  return {
    ...requestCreation(deps),
    ...requestListing(deps),
    ...requestResubmission(deps),
    detail,
    resend,
    assertVisible,
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
