import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { todayInSaoPaulo } from "@/domain/dates";
import { displayFileName, fileKindOfContentType } from "@/domain/file-name";
import { httpMessages } from "@/domain/messages";
import { BOLSA_ATTACHMENT, BolsaInputSchema } from "@/domain/requests/bolsa.schema";
import { MaterialInputSchema } from "@/domain/requests/material.schema";
import type { RequestKind } from "@/domain/requests/messages";
import { REEMBOLSO_ATTACHMENTS, reembolsoInputSchema } from "@/domain/requests/reembolso.schema";
import { SeoInputSchema } from "@/domain/requests/seo.schema";
import { SuporteInputSchema } from "@/domain/requests/suporte.schema";
import {
  bolsaWebhookPayload,
  materialWebhookPayload,
  reembolsoWebhookPayload,
  seoWebhookPayload,
  suporteWebhookPayload,
} from "@/domain/requests/webhook-payloads";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { anexos, reembolsoSolicitacoes, seoSolicitacoes } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import { squashSpaces, stripTags } from "../../http/plain-text";
import { validate } from "../../http/validate";
import { enqueueWebhook, findWebhookDeliveries, requeueFailedDeliveries } from "../../outbox/outbox";
import type { OutboxWorker } from "../../outbox/worker";
import { signAttachmentPath } from "../../storage/signed-link";
import { centsToNumeric, numericToCents } from "./money-column";
import type { MultipartRequest, StoredFile } from "./multipart";
import {
  countUserRequests,
  findByIdempotencyKey,
  findRequestAttachments,
  findUserRequest,
  listUserRequests,
  REQUEST_TABLES,
  TABLE_NAMES,
} from "./requests.queries";

export type RequestsServiceDeps = {
  db: Db;
  worker: OutboxWorker;
  /** Kinds with a webhook URL; an unset URL means no delivery, so nothing is queued for it. */
  webhookKinds: ReadonlySet<string>;
  publicUrl: string;
  linkSecret: Buffer;
  linkTtlSeconds: number;
};

export type Created = {
  tipo: RequestKind;
  id: string;
  status: string;
  createdAt: string;
  duplicate: boolean;
};

type Caller = { user: CurrentUser; idempotencyKey: string | null; log: FastifyBaseLogger };

/*
 * Fields the form shows prefilled and locked (spec §2) come from the session,
 * not from the body: a client cannot file a request in someone else's name.
 * A user without a name keeps what the form sent.
 */
const sessionName = (user: CurrentUser, sent: unknown) =>
  user.name.trim() || (typeof sent === "string" ? sent : "");

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

export function createRequestsService(deps: RequestsServiceDeps) {
  const { db } = deps;

  const downloadPath = (id: string) => `/api/anexos/${id}`;
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
    caller: Caller,
    values: Record<string, unknown>,
    options: {
      id?: string;
      files?: readonly StoredFile[];
      payload: (row: { id: string; createdAt: Date }, links: string[]) => Record<string, unknown>;
    },
  ): Promise<Created & { outboxId: string | null }> {
    const table = REQUEST_TABLES[kind];
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(table)
        .values({
          ...(options.id ? { id: options.id } : {}),
          ...values,
          userId: caller.user.id,
          idempotencyKey: caller.idempotencyKey,
        } as never)
        .onConflictDoNothing({ target: [table.userId, table.idempotencyKey] })
        .returning({ id: table.id, createdAt: table.createdAt, status: table.status });
      if (!row) {
        const existing = await findByIdempotencyKey(
          tx as unknown as Db,
          kind,
          caller.user.id,
          caller.idempotencyKey!,
        );
        const found = await findUserRequest(tx as unknown as Db, kind, existing!.id, caller.user.id);
        return { ...summaryOf(kind, found!), duplicate: true, outboxId: null };
      }
      const links: string[] = [];
      if (options.files?.length) {
        const saved = await tx
          .insert(anexos)
          .values(
            options.files.map((file) => ({
              userId: caller.user.id,
              solicitacaoTipo: kind,
              solicitacaoId: row.id,
              storageKey: file.key,
              nomeOriginal: file.originalName,
              nomeArquivo: file.storedName,
              contentType: file.contentType,
              tamanho: file.bytes,
            })),
          )
          .returning({ id: anexos.id });
        links.push(...saved.map((a) => signedUrl(a.id)));
        if (kind === "reembolso") {
          await tx
            .update(reembolsoSolicitacoes)
            .set({ anexoUrl: saved.map((a) => `${deps.publicUrl}${downloadPath(a.id)}`).join(",") })
            .where(eq(reembolsoSolicitacoes.id, row.id));
        }
      }
      const outboxId = deps.webhookKinds.has(kind)
        ? await enqueueWebhook(tx, {
            kind,
            payload: options.payload({ id: row.id, createdAt: row.createdAt }, links),
            source: { table: TABLE_NAMES[kind], id: row.id },
          })
        : null;
      caller.log.info({ kind, requestId: row.id, files: options.files?.length ?? 0 }, "request saved");
      return {
        tipo: kind,
        id: row.id,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        duplicate: false,
        outboxId,
      };
    });
  }

  function requireFiles(upload: MultipartRequest, min: number, message: string | undefined) {
    if (upload.files.length < min) {
      const text = message ?? "Arquivo é obrigatório";
      throw new AppError(
        400,
        "VALIDATION",
        { title: httpMessages.badRequest, description: text },
        { anexo: text },
      );
    }
  }

  async function createReembolso(caller: Caller, upload: MultipartRequest) {
    const input = validate(reembolsoInputSchema(todayInSaoPaulo()), {
      ...upload.fields,
      nome: sessionName(caller.user, upload.fields.nome),
    });
    requireFiles(upload, REEMBOLSO_ATTACHMENTS.min, REEMBOLSO_ATTACHMENTS.messages.required);
    return save(
      "reembolso",
      caller,
      {
        nome: input.nome,
        valor: centsToNumeric(input.valor),
        data: input.data,
        categoria: input.tipo,
        descricao: input.descricao,
        centroCusto: input.centroCusto,
        chavePix: input.chavePix ?? null,
      },
      {
        id: upload.id,
        files: upload.files,
        payload: (_row, links) =>
          reembolsoWebhookPayload({
            nome: input.nome,
            data: input.data,
            tipo: input.tipo,
            valorCents: input.valor,
            descricao: input.descricao,
            anexos: links,
            centroCusto: input.centroCusto,
            chavePix: input.chavePix ?? null,
          }),
      },
    );
  }

  async function createBolsa(caller: Caller, upload: MultipartRequest) {
    const criadoPor = caller.user.name.trim() || caller.user.email;
    const input = validate(BolsaInputSchema, { ...upload.fields, criadoPor });
    if (upload.files.length > (BOLSA_ATTACHMENT.max ?? 1))
      requireFiles(upload, Number.POSITIVE_INFINITY, BOLSA_ATTACHMENT.messages.tooMany);
    return save(
      "bolsa",
      caller,
      {
        titulo: input.titulo,
        tipo: input.tipo,
        valor: centsToNumeric(input.valor),
        linkPlataforma: input.linkPlataforma,
        chavePix: input.chavePix,
        valorAgregado: input.valorAgregado,
        criadoPor: input.criadoPor,
      },
      {
        id: upload.id,
        files: upload.files,
        payload: (_row, links) =>
          bolsaWebhookPayload({ ...input, valorCents: input.valor, anexo: links[0] ?? null }),
      },
    );
  }

  async function createMaterial(caller: Caller, body: unknown) {
    const input = validate(MaterialInputSchema, body);
    return save("material", caller, { ...input }, { payload: () => materialWebhookPayload(input) });
  }

  async function createSuporte(caller: Caller, body: unknown) {
    const sent = (body ?? {}) as Record<string, unknown>;
    const input = validate(SuporteInputSchema, {
      ...sent,
      nome: sessionName(caller.user, sent.nome),
      email: caller.user.email,
    });
    return save(
      "suporte",
      caller,
      { ...input },
      { payload: (row) => suporteWebhookPayload({ ...input, createdAt: row.createdAt }) },
    );
  }

  /**
   * Spec §7 SEO: the user waits for the automation's answer. The request is saved
   * and queued first; then one immediate attempt. If it fails, the request stays
   * queued and is delivered later like any other; the answer says so.
   */
  async function createSeo(caller: Caller, body: unknown) {
    const input = validate(SeoInputSchema, body);
    const nome = caller.user.name.trim() || caller.user.email;
    const created = await save(
      "seo",
      caller,
      { url: input.url, tipoAnalise: input.tipoAnalise, nome, email: caller.user.email },
      {
        payload: (row) =>
          seoWebhookPayload({ ...input, nome, email: caller.user.email, createdAt: row.createdAt }),
      },
    );
    if (created.duplicate || !created.outboxId)
      return { ...created, resposta: null, entregue: !created.outboxId ? null : false };
    const result = await deps.worker.deliverNow(created.outboxId);
    const resposta = result.ok ? responseSummary(result.body) : null;
    if (resposta)
      await db.update(seoSolicitacoes).set({ resposta }).where(eq(seoSolicitacoes.id, created.id));
    if (!result.ok)
      caller.log.warn({ requestId: created.id, error: result.error }, "SEO webhook failed; queued for retry");
    return { ...created, resposta, entregue: result.ok };
  }

  async function list(user: CurrentUser, options: { limit: number; cursor?: string | undefined }) {
    const cursor = decodeCursor(options.cursor);
    const [rows, total] = await Promise.all([
      listUserRequests(db, user.id, options.limit + 1, cursor),
      cursor ? Promise.resolve(null) : countUserRequests(db, user.id),
    ]);
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        tipo: r.tipo,
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        status: r.status,
        resumo: r.resumo,
        valor: r.valor === null ? null : numericToCents(String(r.valor)),
      })),
      nextCursor:
        rows.length > options.limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
      total,
    };
  }

  /**
   * 'Enviar novamente': a delivery the worker gave up on goes back in the
   * queue and gets one attempt at once; the answer is the new delivery state.
   */
  async function resend(user: CurrentUser, kind: RequestKind, id: string) {
    const row = await findUserRequest(db, kind, id, user.id);
    if (!row) throw notFound();
    const requeued = await requeueFailedDeliveries(db, { table: TABLE_NAMES[kind], id });
    if (requeued.length === 0) {
      throw new AppError(409, "NOTHING_TO_RESEND", {
        title: "Nada a reenviar",
        description: "O envio desta solicitação não falhou.",
      });
    }
    for (const outboxId of requeued) await deps.worker.deliverNow(outboxId);
    return (await detail(user, kind, id)).entrega;
  }

  async function detail(user: CurrentUser, kind: RequestKind, id: string) {
    const row = await findUserRequest(db, kind, id, user.id);
    if (!row) throw notFound();
    const [files, deliveries] = await Promise.all([
      findRequestAttachments(db, kind, id),
      findWebhookDeliveries(db, { table: TABLE_NAMES[kind], id }),
    ]);
    const { userId: _u, idempotencyKey: _k, ...fields } = row as Record<string, unknown>;
    if (typeof fields.valor === "string") fields.valor = numericToCents(fields.valor);
    if (fields.createdAt instanceof Date) fields.createdAt = fields.createdAt.toISOString();
    const delivery = deliveries[0];
    return {
      tipo: kind,
      dados: fields,
      anexos: files.map((f) => ({
        ...f,
        // Rows stored before names were cleaned and tied to the content: shown as a download names them.
        nome: displayFileName(f.nome, fileKindOfContentType(f.contentType)),
        url: downloadPath(f.id),
      })),
      entrega: delivery
        ? {
            status: delivery.status,
            tentativas: delivery.attempts,
            entregueEm: delivery.deliveredAt?.toISOString() ?? null,
          }
        : null,
    };
  }

  return { createReembolso, createBolsa, createMaterial, createSuporte, createSeo, list, detail, resend };
}

export type RequestsService = ReturnType<typeof createRequestsService>;

function summaryOf(kind: RequestKind, row: { id: string; status: string; createdAt: Date }): Created {
  return {
    tipo: kind,
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    duplicate: false,
  };
}
