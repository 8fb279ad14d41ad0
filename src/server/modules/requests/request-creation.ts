import { todayInSaoPaulo } from "@/domain/dates";
import type { CreatedRequest } from "@/domain/requests/api";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { Db } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import { validate } from "../../http/validate";
import { enqueueWebhook } from "../../outbox/outbox";
import { AfterCommit } from "../notifications/after-commit";
import { downloadPath } from "./attachment-view";
import { responseSummary } from "./automation-answer";
import { guardKind, whenRaced } from "./kind-guards";
import type { MultipartRequest } from "./multipart";
import { REQUESTS_TABLE } from "./request-store";
import {
  findByIdempotencyKey,
  findUserRequest,
  insertAttachments,
  insertRequest,
  updateRequestFields,
} from "./requests.queries";
import type { CreateRequestInput, RequestsServiceDeps } from "./requests-deps";
import { attachmentRows, checkFileCount, createdOf, signedFileUrl, toColumns } from "./stored-record";

/**
 * The files sent with a new request: their rows, and the kind's list of their
 * addresses in `stored` (spec §3 anexo_url) where it keeps one. Answers the
 * signed links its webhook carries.
 */
async function saveFiles(
  db: Db,
  deps: RequestsServiceDeps,
  request: { kind: RequestKind; id: string; userId: string },
  upload: MultipartRequest | undefined,
  stored: Record<string, unknown>,
): Promise<string[]> {
  if (!upload?.files.length) return [];
  const saved = await insertAttachments(db, attachmentRows(upload.files, request));
  const urlListField = requestKind(request.kind).attachments?.urlListField;
  if (urlListField) {
    stored[urlListField] = saved.map((a) => `${deps.publicUrl}${downloadPath(a.id)}`).join(",");
    await updateRequestFields(db, request.kind, request.id, { [urlListField]: stored[urlListField] });
  }
  return saved.map((a) => signedFileUrl(deps, a.id));
}

/**
 * Saves a request, its attachments and its webhook in one transaction (the
 * outbox pattern: committed together or not at all). A retried submission
 * with the same Idempotency-Key returns the request the first one created.
 */
async function saveRequest(
  deps: RequestsServiceDeps,
  kind: RequestKind,
  context: SignedInContext,
  record: Record<string, unknown>,
  upload: MultipartRequest | undefined,
): Promise<CreatedRequest & { outboxId: string | null }> {
  const { db } = deps;
  const definition = requestKind(kind);
  const userId = context.user.id;
  const after = new AfterCommit();
  const saved = await db
    .transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      // A retried submission finds its request below; only a new one is held to the kind's checks.
      const replay = context.idempotencyKey
        ? await findByIdempotencyKey(txDb, kind, userId, context.idempotencyKey)
        : null;
      if (!replay)
        Object.assign(record, await guardKind(txDb, kind, record, { self: null, userId }, deps.moreGuards));
      const row = await insertRequest(txDb, kind, {
        ...(upload ? { id: upload.id } : {}),
        ...toColumns(kind, record),
        userId,
        idempotencyKey: context.idempotencyKey,
      });
      if (!row) {
        const existing = await findByIdempotencyKey(txDb, kind, userId, context.idempotencyKey!);
        const found = await findUserRequest(txDb, kind, existing!.id, userId);
        return { ...createdOf(kind, found!), duplicate: true, outboxId: null };
      }
      const stored = { ...record };
      const links = await saveFiles(txDb, deps, { kind, id: row.id, userId }, upload, stored);
      const outboxId = deps.webhookKinds.has(kind)
        ? await enqueueWebhook(tx, {
            kind,
            payload: definition.webhook(stored, {
              id: row.id,
              createdAt: row.createdAt,
              attachmentLinks: links,
            }),
            source: { table: REQUESTS_TABLE, id: row.id },
          })
        : null;
      await deps.review.created(txDb, after, context, kind, {
        ...stored,
        id: row.id,
        userId,
        status: row.status,
        createdAt: row.createdAt,
        statusChangedAt: row.createdAt,
        version: 0,
        assigneeId: null,
        pendingApprovalTeamId: null,
        approvalTeamId: null,
      });
      context.log.info({ kind, requestId: row.id, files: upload?.files.length ?? 0 }, "request saved");
      return { ...createdOf(kind, row), duplicate: false, outboxId };
    })
    .catch((err) => whenRaced(err, db, kind, record, { self: null, userId }));
  await deps.review.flush(after);
  return saved;
}

/**
 * A new request of any kind, driven by its registry entry: validated with the
 * kind's schema, stored with its files and its webhook in one transaction.
 */
export function requestCreation(deps: RequestsServiceDeps) {
  const { db } = deps;

  async function create(
    kind: RequestKind,
    context: SignedInContext,
    input: CreateRequestInput,
  ): Promise<CreatedRequest & { outboxId: string | null }> {
    const definition = requestKind(kind);
    const requester = { name: context.user.name, email: context.user.email };
    const sent = input.fields;
    const values = validate(definition.schema(todayInSaoPaulo()), {
      ...sent,
      ...definition.session?.values(requester, sent),
    });
    checkFileCount(kind, input.upload?.files.length ?? 0, values);
    const created = await saveRequest(
      deps,
      kind,
      context,
      definition.toRecord(values, requester),
      input.upload,
    );
    if (definition.delivery.mode !== "immediate") return created;

    // Spec §7 SEO: the requester waits for one attempt and reads the automation's answer.
    if (created.duplicate || !created.outboxId)
      return { ...created, resposta: null, entregue: !created.outboxId ? null : false };
    const result = await deps.worker.deliverNow(created.outboxId);
    const resposta = result.ok ? responseSummary(result.body) : null;
    if (resposta)
      await updateRequestFields(db, kind, created.id, { [definition.delivery.answerField]: resposta });
    if (!result.ok)
      context.log.warn(
        { kind, requestId: created.id, error: result.error },
        "immediate webhook failed; queued for retry",
      );
    return { ...created, resposta, entregue: result.ok };
  }

  return { create };
}
