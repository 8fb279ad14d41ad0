import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { httpMessages } from "@/domain/messages";
import type { AttachmentRules } from "@/domain/requests/attachments";
import { BOLSA_ATTACHMENT } from "@/domain/requests/bolsa.schema";
import { REQUEST_KINDS } from "@/domain/requests/messages";
import { REEMBOLSO_ATTACHMENTS } from "@/domain/requests/reembolso.schema";
import { AppError, notFound } from "../../http/errors";
import { UUID_PATTERN } from "../../http/validate";
import type { UploadKind } from "../../storage/inspect-upload";
import type { Storage } from "../../storage/storage";
import { type MultipartRequest, readMultipartRequest, removeStoredFiles } from "./multipart";
import type { Created, RequestsService } from "./requests.service";

const CreatedSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  id: z.string(),
  status: z.string(),
  createdAt: z.string(),
  duplicate: z.boolean(),
});
const SeoCreatedSchema = CreatedSchema.extend({
  resposta: z.string().nullable(),
  entregue: z.boolean().nullable(),
});
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 413: ApiErrorSchema };
const created = { 200: CreatedSchema, 201: CreatedSchema, ...errors };

/** Idempotency-Key (IETF draft): printable ASCII, at most 200 characters; absent is fine. */
function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return null;
  if (typeof value !== "string" || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError(400, "VALIDATION", {
      title: httpMessages.badRequest,
      description: "Cabeçalho Idempotency-Key inválido",
    });
  }
  return value;
}

export async function requestsRoutes(
  app: FastifyInstance,
  options: { service: RequestsService; storage: Storage },
) {
  const { service, storage } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => ({
    user: request.user!,
    idempotencyKey: idempotencyKey(request),
    log: request.log,
  });
  const statusOf = (result: Created) => (result.duplicate ? 200 : 201);

  /** The stored files belong to the request only once it is saved; otherwise (or for a duplicate) they go. */
  async function keepFilesIfSaved<T extends Created>(
    request: FastifyRequest,
    upload: MultipartRequest,
    save: () => Promise<T>,
  ): Promise<T> {
    try {
      const result = await save();
      if (result.duplicate) await removeStoredFiles(storage, upload.files, request);
      return result;
    } catch (err) {
      await removeStoredFiles(storage, upload.files, request);
      throw err;
    }
  }

  /** A request with files: streamed into storage first, then saved with its fields, or undone. */
  function multipartRoute(options: {
    url: string;
    summary: string;
    kind: "reembolso" | "bolsa";
    rules: AttachmentRules;
    allowed: readonly UploadKind[];
    create: (
      who: ReturnType<typeof caller>,
      upload: MultipartRequest,
    ) => Promise<Created & { outboxId: string | null }>;
  }) {
    r.post(
      options.url,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ["Solicitações"],
          summary: options.summary,
          consumes: ["multipart/form-data"],
          response: created,
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const upload = await readMultipartRequest(request, {
          storage,
          kind: options.kind,
          rules: options.rules,
          allowed: options.allowed,
          fileField: "anexo",
        });
        const { outboxId: _, ...result } = await keepFilesIfSaved(request, upload, () =>
          options.create(who, upload),
        );
        return reply.status(statusOf(result)).send(result);
      },
    );
  }

  multipartRoute({
    url: "/api/solicitacoes/reembolso",
    summary:
      "Reimbursement (multipart): nome, data, tipo, valor, centroCusto, chavePix, descricao; files in `anexo`",
    kind: "reembolso",
    rules: REEMBOLSO_ATTACHMENTS,
    allowed: ["jpeg", "png", "pdf"],
    create: service.createReembolso,
  });

  multipartRoute({
    url: "/api/solicitacoes/bolsa-capacitacao",
    summary:
      "Training grant (multipart): titulo, tipo, valor, linkPlataforma, chavePix, valorAgregado; optional file in `anexo`",
    kind: "bolsa",
    rules: BOLSA_ATTACHMENT,
    allowed: ["pdf", "jpeg", "png", "doc", "docx"],
    create: service.createBolsa,
  });

  r.post(
    "/api/solicitacoes/material",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Solicitações"],
        summary: "Work material request",
        body: z.unknown(),
        response: created,
      },
    },
    async (request, reply) => {
      const { outboxId: _, ...result } = await service.createMaterial(caller(request), request.body);
      return reply.status(statusOf(result)).send(result);
    },
  );

  r.post(
    "/api/solicitacoes/suporte",
    {
      preHandler: app.requireUser,
      schema: { tags: ["Solicitações"], summary: "Support request", body: z.unknown(), response: created },
    },
    async (request, reply) => {
      const { outboxId: _, ...result } = await service.createSuporte(caller(request), request.body);
      return reply.status(statusOf(result)).send(result);
    },
  );

  r.post(
    "/api/solicitacoes/seo",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Solicitações"],
        summary: "Page analysis request; waits for one attempt at the automation and returns its answer",
        body: z.unknown(),
        response: { 200: SeoCreatedSchema, 201: SeoCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { outboxId: _, ...result } = await service.createSeo(caller(request), request.body);
      return reply.status(statusOf(result)).send(result);
    },
  );

  r.get(
    "/api/solicitacoes",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Solicitações"],
        summary: "The signed-in user's requests of every kind, newest first (keyset pages)",
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          cursor: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.list(request.user!, request.query);
    },
  );

  r.get(
    "/api/solicitacoes/:tipo/:id",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Solicitações"],
        summary: "One request of the signed-in user, with its attachments and delivery state",
        params: z.object({ tipo: z.string(), id: z.string() }),
      },
    },
    async (request, reply) => {
      const { tipo, id } = request.params;
      // Another user's id, an unknown kind or a malformed id all look the same: not found.
      if (!REQUEST_KINDS.includes(tipo as never) || !UUID_PATTERN.test(id)) throw notFound();
      reply.header("cache-control", "no-store");
      return service.detail(request.user!, tipo as (typeof REQUEST_KINDS)[number], id);
    },
  );

  r.post(
    "/api/solicitacoes/:tipo/:id/reenviar",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Solicitações"],
        summary: "Send a request whose delivery was given up to its automation again",
        params: z.object({ tipo: z.string(), id: z.string() }),
      },
    },
    async (request) => {
      const { tipo, id } = request.params;
      if (!REQUEST_KINDS.includes(tipo as never) || !UUID_PATTERN.test(id)) throw notFound();
      return { entrega: await service.resend(request.user!, tipo as (typeof REQUEST_KINDS)[number], id) };
    },
  );
}
