import { todayInSaoPaulo } from "@/domain/dates";
import { httpMessages } from "@/domain/messages";
import { WORKFLOW_COLUMNS } from "@/domain/requests/access";
import type { CreatedRequest, RequestDelivery, RequestDetail, RequestListPage } from "@/domain/requests/api";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { type Cursor, decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import { squashSpaces, stripTags } from "../../http/plain-text";
import type { SignedInContext } from "../../http/request-context";
import { UUID_PATTERN, validate } from "../../http/validate";
import { enqueueWebhook, findWebhookDeliveries, requeueFailedDeliveries } from "../../outbox/outbox";
import type { OutboxWorker } from "../../outbox/worker";
import { signAttachmentPath } from "../../storage/signed-link";
import type { Storage } from "../../storage/storage";
import { AfterCommit } from "../notifications/after-commit";
import { attachmentView, downloadPath } from "./attachment-view";
import { centsToNumeric, numericToCents } from "./money-column";
import type { MultipartRequest } from "./multipart";
import type { RequestListCache } from "./request-list-cache";
import { REQUESTS_TABLE } from "./request-store";
import {
  countUserRequests,
  deleteAttachments,
  findByIdempotencyKey,
  findRequestAttachments,
  findUserRequest,
  insertAttachments,
  insertRequest,
  listUserRequests,
  updateRequestFields,
} from "./requests.queries";
import type { ReviewDesk } from "./review-desk";

export type RequestsServiceDeps = {
  db: Db;
  review: ReviewDesk;
  /** The first pages of 'Minhas solicitações' in memory (decision 022); absent: always read. */
  lists?: RequestListCache<RequestListPage>;
  storage: Storage;
  worker: OutboxWorker;
  /** Kinds with a webhook URL; an unset URL means no delivery, so nothing is queued for it. */
  webhookKinds: ReadonlySet<string>;
  publicUrl: string;
  linkSecret: Buffer;
  linkTtlSeconds: number;
};

type ListOptions = { limit: number; cursor?: string | undefined; busca?: string | undefined };

/** What a create route hands the service: the text fields, and the files already stored (multipart kinds). */
export type CreateRequestInput = {
  fields: Readonly<Record<string, unknown>>;
  upload?: MultipartRequest;
};

// The answer of an automation is shown in a toast: plain text, one paragraph, short.
const MAX_RESPONSE_TEXT = 300;
export function responseSummary(body: string | undefined): string | null {
  if (!body) return null;
  let text = body;
  try {
    const json = JSON.parse(body) as unknown;
    if (typeof json === "string") text = json;
    else if (json && typeof json === "object") {
      const field = ["message", "mensagem", "resposta", "result", "text"].find(
        (k) => typeof (json as Record<string, unknown>)[k] === "string",
      );
      if (field) text = (json as Record<string, string>)[field]!;
    }
  } catch {
    // Not JSON: the text itself.
  }
  text = squashSpaces(stripTags(text));
  if (!text) return null;
  return text.length > MAX_RESPONSE_TEXT ? `${text.slice(0, MAX_RESPONSE_TEXT - 1).trimEnd()}…` : text;
}

/** A stored record's money fields in cents become numeric(12,2) text for the table, and back. */
function toColumns(kind: RequestKind, record: Record<string, unknown>): Record<string, unknown> {
  const values = { ...record };
  for (const field of requestKind(kind).moneyFields) {
    if (typeof values[field] === "number") values[field] = centsToNumeric(values[field] as number);
  }
  return values;
}

function fromColumns(kind: RequestKind, row: Record<string, unknown>): Record<string, unknown> {
  const values = { ...row };
  for (const field of requestKind(kind).moneyFields) {
    if (typeof values[field] === "string") values[field] = numericToCents(values[field] as string);
  }
  return values;
}

function fileCountError(message: string) {
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: message },
    { anexo: message },
  );
}

/**
 * Every request kind through one service, driven by its registry entry
 * (src/domain/requests/kinds): validated with the kind's schema, stored with
 * its files and its webhook in one transaction, listed, shown and resent.
 */
export function createRequestsService(deps: RequestsServiceDeps) {
  const { db } = deps;

  const signedUrl = (id: string) =>
    `${deps.publicUrl}${signAttachmentPath({
      id,
      expiresAt: new Date(Date.now() + deps.linkTtlSeconds * 1000),
      secret: deps.linkSecret,
    })}`;

  /**
   * Saves a request, its attachments and its webhook in one transaction (the
   * outbox pattern: committed together or not at all). A retried submission
   * with the same Idempotency-Key returns the request the first one created.
   */
  async function save(
    kind: RequestKind,
    context: SignedInContext,
    record: Record<string, unknown>,
    upload: MultipartRequest | undefined,
  ): Promise<CreatedRequest & { outboxId: string | null }> {
    const definition = requestKind(kind);
    const userId = context.user.id;
    const after = new AfterCommit();
    const saved = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
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
      const links: string[] = [];
      const stored = { ...record };
      if (upload?.files.length) {
        const saved = await insertAttachments(
          txDb,
          upload.files.map((file) => ({
            userId,
            solicitacaoTipo: kind,
            solicitacaoId: row.id,
            storageKey: file.key,
            nomeOriginal: file.originalName,
            nomeArquivo: file.storedName,
            contentType: file.contentType,
            tamanho: file.bytes,
            sha256: file.sha256,
          })),
        );
        links.push(...saved.map((a) => signedUrl(a.id)));
        const urlListField = definition.attachments?.urlListField;
        if (urlListField) {
          stored[urlListField] = saved.map((a) => `${deps.publicUrl}${downloadPath(a.id)}`).join(",");
          await updateRequestFields(txDb, kind, row.id, { [urlListField]: stored[urlListField] });
        }
      }
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
    });
    await deps.review.flush(after);
    return saved;
  }

  /** Files are counted after the fields are checked: the fields' messages come first (spec §5). */
  function checkFileCount(kind: RequestKind, upload: MultipartRequest | undefined) {
    const rules = requestKind(kind).attachments?.rules;
    if (!rules) return;
    const count = upload?.files.length ?? 0;
    if (count < rules.min) throw fileCountError(rules.messages.required ?? "Arquivo é obrigatório");
    if (rules.max !== undefined && count > rules.max)
      throw fileCountError(rules.messages.tooMany ?? rules.messages.type);
  }

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
    checkFileCount(kind, input.upload);
    const created = await save(kind, context, definition.toRecord(values, requester), input.upload);
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

  /** The first page when this instance holds it (decision 022), without a promise: most calls are this. */
  function cachedList(user: { id: string }, options: ListOptions) {
    return options.cursor || options.busca ? undefined : deps.lists?.get(user.id, options.limit);
  }

  async function list(context: SignedInContext, options: ListOptions): Promise<RequestListPage> {
    const cursor = decodeCursor(options.cursor);
    const userId = context.user.id;
    // A search is never kept: the first pages in memory are the plain list's (decision 022).
    const kept = !cursor && !options.busca;
    const cached = kept ? deps.lists?.get(userId, options.limit) : undefined;
    if (cached) return cached;
    const mark = deps.lists?.mark() ?? 0;
    const page = await readPage(userId, options.limit, cursor, options.busca);
    if (kept) deps.lists?.set(userId, options.limit, mark, page);
    return page;
  }

  async function readPage(
    userId: string,
    limit: number,
    cursor: Cursor | null,
    search: string | undefined,
  ): Promise<RequestListPage> {
    const [rows, total] = await Promise.all([
      listUserRequests(db, userId, limit + 1, cursor, search),
      cursor ? Promise.resolve(null) : countUserRequests(db, userId, search),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        tipo: r.tipo,
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        status: r.status,
        resumo: requestKind(r.tipo).list.summary(r.resumo_campos),
        valor: r.valor === null ? null : numericToCents(String(r.valor)),
      })),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
      total,
    };
  }

  /** One address per request (docs/decisions/011): its author and the teams that handle it read it, each with what they may do. */
  async function detail(context: SignedInContext, kind: RequestKind, id: string): Promise<RequestDetail> {
    const { row, role } = await deps.review.access(context.user, kind, id);
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
      situacao: await deps.review.standing(context.user, kind, row, role),
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
   * 'Editar e reenviar' (docs/decisions/011): the author changes the fields and files of a
   * request the team sent back (Aguardando ajuste). The same rules as sending it;
   * `keep` names the attachments that stay (all when absent); the timeline keeps
   * what changed. Removed files leave storage once the change is committed.
   */
  async function resubmit(
    kind: RequestKind,
    context: SignedInContext,
    id: string,
    input: CreateRequestInput & { keep?: string[] | undefined },
  ) {
    const definition = requestKind(kind);
    const requester = { name: context.user.name, email: context.user.email };
    const values = validate(definition.schema(todayInSaoPaulo()), {
      ...input.fields,
      ...definition.session?.values(requester, input.fields),
    });
    const record = definition.toRecord(values, requester) as Record<string, unknown>;
    const attachments = definition.attachments;
    const urlListField = attachments?.urlListField;
    const answerField =
      definition.delivery.mode === "immediate" ? definition.delivery.answerField : undefined;
    let removedKeys: string[] = [];
    const standing = await deps.review.resubmit(context, kind, id, async (tx, row) => {
      const current = fromColumns(kind, row);
      const changed: Record<string, { de: unknown; para: unknown }> = {};
      const updates: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) {
        if (key === urlListField || key === answerField) continue;
        if (JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null)) {
          changed[key] = { de: current[key] ?? null, para: value ?? null };
          updates[key] = value;
        }
      }
      if (attachments) {
        const existing = await findRequestAttachments(tx as Db, kind, id);
        const keep = input.keep ? existing.filter((a) => input.keep!.includes(a.id)) : existing;
        const removed = existing.filter((a) => !keep.includes(a));
        const added = input.upload?.files ?? [];
        const count = keep.length + added.length;
        const rules = attachments.rules;
        if (count < rules.min) throw fileCountError(rules.messages.required ?? "Arquivo é obrigatório");
        if (rules.max !== undefined && count > rules.max)
          throw fileCountError(rules.messages.tooMany ?? rules.messages.type);
        if (removed.length || added.length) {
          const stored = await deleteAttachments(
            tx as Db,
            removed.map((a) => a.id),
          );
          removedKeys = stored;
          const saved = added.length
            ? await insertAttachments(
                tx as Db,
                added.map((file) => ({
                  userId: row.userId,
                  solicitacaoTipo: kind,
                  solicitacaoId: id,
                  storageKey: file.key,
                  nomeOriginal: file.originalName,
                  nomeArquivo: file.storedName,
                  contentType: file.contentType,
                  tamanho: file.bytes,
                  sha256: file.sha256,
                })),
              )
            : [];
          changed.anexos = {
            de: existing.map((a) => a.nome).join(", "),
            para: [...keep.map((a) => a.nome), ...added.map((f) => f.originalName)].join(", "),
          };
          if (urlListField) {
            const ids = [...keep.map((a) => a.id), ...saved.map((a) => a.id)];
            updates[urlListField] = ids.length
              ? ids.map((a) => `${deps.publicUrl}${downloadPath(a)}`).join(",")
              : null;
          }
        }
      }
      if (Object.keys(updates).length)
        await updateRequestFields(tx as Db, kind, id, toColumns(kind, updates));
      return changed;
    });
    await Promise.all(
      removedKeys.map((key) =>
        deps.storage
          .delete(key)
          .catch((err) => context.log.error({ err, key }, "could not remove a replaced file")),
      ),
    );
    return standing;
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

  return { create, cachedList, list, detail, resend, resubmit, assertVisible };
}

export type RequestsService = ReturnType<typeof createRequestsService>;

function createdOf(kind: RequestKind, row: { id: string; status: string; createdAt: Date }) {
  return {
    tipo: kind,
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    duplicate: false,
  };
}
