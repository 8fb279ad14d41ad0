import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  CreatedRequestSchema,
  RequestDetailSchema,
  type RequestListPage,
  RequestListPageSchema,
  RequestListQuerySchema,
  RequestParamsSchema,
  ResendResultSchema,
} from "@/domain/requests/api";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import { RequestStandingSchema } from "@/domain/requests/review-api";
import { formRoutes } from "../../http/form-routes";
import { signedInContext } from "../../http/request-context";
import { NoBodySchema } from "../../http/schemas";
import { serializedOnce } from "../../http/serialized-once";
import { bodyCheckedByService } from "../../http/validators";
import type { Storage } from "../../storage/storage";
import { readMultipartRequest, removeStoredFiles } from "./multipart";
import type { RequestsService } from "./requests.service";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 413: ApiErrorSchema };
const tags = ["Solicitações"];

/**
 * The body a kind's create route documents: its schema, with the fields the
 * session fills (spec §2, locked in the form) optional, and for multipart
 * kinds the files of its attachment field.
 */
function bodySchema(kind: RequestKind) {
  const definition = requestKind(kind);
  const locked = Object.fromEntries((definition.session?.fields ?? []).map((field) => [field, true]));
  // The fields alone: a rule across fields (an absence's period) is the service's, which validates the whole.
  const schema = z.object(definition.schema().shape).partial(locked as never);
  if (!definition.attachments) return schema;
  const { field, rules } = definition.attachments;
  return schema.extend({
    [field]: z
      .array(z.string().describe("binary"))
      .optional()
      .describe(`${rules.fileKinds.join(", ")}; ${rules.maxBytes} bytes per file`),
  });
}

/*
 * A multipart body is a stream the route reads part by part (files go to
 * storage as they arrive), so its declared schema documents it and the service
 * validates the text fields once the stream is read (`bodyCheckedByService`:
 * the id in the path is still checked by its schema).
 */
const documentedOnly = bodyCheckedByService;

/*
 * A JSON body is checked against the declared schema (a broken one answers 400
 * before the service runs) but reaches the service as sent: the service adds
 * what the session fills and validates the whole with the kind's rules once.
 */
const checkedAsSent = ((route: Parameters<typeof validatorCompiler>[0]) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const result = validate(data) as { error?: Error; value?: unknown };
    return result.error ? { error: result.error } : { value: data };
  };
}) as FastifySchemaCompiler<unknown>;

/** `manterAnexos`: a JSON list of ids; anything else keeps every file (absent) or none (unreadable list). */
function keptAttachments(value: unknown): string[] | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export async function requestsRoutes(
  app: FastifyInstance,
  options: { service: RequestsService; storage: Storage },
) {
  await formRoutes(app, (forms) => {
    creationRoutes(forms, options);
    resubmissionRoutes(forms, options);
  });
  readingRoutes(app, options.service);
}

type Deps = { service: RequestsService; storage: Storage };

/** Reads the text fields, and for multipart kinds streams the files into storage first. */
async function readCreateInput(storage: Storage, kind: RequestKind, request: FastifyRequest) {
  const attachments = requestKind(kind).attachments;
  if (!attachments) return { fields: (request.body ?? {}) as Record<string, unknown> };
  const upload = await readMultipartRequest(request, {
    storage,
    kind,
    rules: attachments.rules,
    allowed: attachments.rules.fileKinds,
    fileField: attachments.field,
  });
  return { fields: upload.fields, upload };
}

/** One sending route per kind. */
function creationRoutes(app: FastifyInstance, { service, storage }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of REQUEST_KINDS) {
    const definition = requestKind(kind);
    const multipart = Boolean(definition.attachments);
    r.post(
      `/api/solicitacoes/${definition.slug}`,
      {
        preValidation: [app.requireUser, app.throttle("request")],
        validatorCompiler: (multipart ? documentedOnly : checkedAsSent) as never,
        schema: {
          tags,
          summary: `${definition.label}: saved, then sent to its automation${
            definition.delivery.mode === "immediate" ? " (one attempt at once; its answer comes back)" : ""
          }`,
          ...(multipart ? { consumes: ["multipart/form-data"] } : {}),
          body: bodySchema(kind),
          response: { 200: CreatedRequestSchema, 201: CreatedRequestSchema, 429: ApiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const context = signedInContext(request);
        const input = await readCreateInput(storage, kind, request);
        const files = input.upload?.files ?? [];
        // The stored files belong to the request only once it is saved; otherwise (or for a duplicate) they go.
        let result: Awaited<ReturnType<RequestsService["create"]>>;
        try {
          result = await service.create(kind, context, input);
        } catch (err) {
          await removeStoredFiles(storage, files, request);
          throw err;
        }
        if (result.duplicate) await removeStoredFiles(storage, files, request);
        const { outboxId: _, ...created } = result;
        return reply.status(created.duplicate ? 200 : 201).send(created);
      },
    );
  }
}

/*
 * 'Editar e reenviar' (decision 011): the author sends the request again with its
 * fields changed, while the team waits for an adjustment. The same body as
 * sending it; for kinds with files, `manterAnexos` (a JSON list of attachment
 * ids) says which stored files stay, and new files come in the same field.
 */
function resubmissionRoutes(app: FastifyInstance, { service, storage }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of REQUEST_KINDS) {
    const definition = requestKind(kind);
    const multipart = Boolean(definition.attachments);
    const body = multipart
      ? bodySchema(kind).extend({
          manterAnexos: z.string().optional().describe("JSON list of the attachment ids that stay"),
        })
      : bodySchema(kind);
    r.put(
      `/api/solicitacoes/${kind}/:id`,
      {
        // Before the body is parsed: someone else's request is 404 whatever was sent (not 400, not 415).
        onRequest: [
          app.requireUser,
          async (request) =>
            service.assertVisible(signedInContext(request), kind, (request.params as { id: string }).id),
        ],
        validatorCompiler: (multipart ? documentedOnly : checkedAsSent) as never,
        schema: {
          tags,
          summary: `${definition.label}: edit and send again while it waits for an adjustment ('Editar e reenviar')`,
          ...(multipart ? { consumes: ["multipart/form-data"] } : {}),
          params: z.object({ id: z.uuid() }),
          body,
          response: { 200: RequestStandingSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const context = signedInContext(request);
        const input = await readCreateInput(storage, kind, request);
        const files = input.upload?.files ?? [];
        try {
          return await service.resubmit(kind, context, request.params.id, {
            ...input,
            keep: keptAttachments(input.fields.manterAnexos),
          });
        } catch (err) {
          await removeStoredFiles(storage, files, request);
          throw err;
        }
      },
    );
  }
}

/** The user's list, one request, and sending one again after its delivery was given up. */
function readingRoutes(app: FastifyInstance, service: RequestsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sendPage = serializedOnce<RequestListPage>(app.seams.serializeOnce);
  r.get(
    "/api/solicitacoes",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's requests of every kind, newest first (keyset pages)",
        querystring: RequestListQuerySchema,
        response: { 200: RequestListPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request, reply) => {
      reply.header("cache-control", "no-store");
      // A cached first page is the same object until it is evicted, in hand without a promise
      // (decision 026): not an `async` handler, so that a hit is answered in this same turn.
      return sendPage(
        reply,
        service.cachedList(request.user!, request.query) ??
          service.list(signedInContext(request), request.query),
      );
    },
  );

  r.get(
    "/api/solicitacoes/:tipo/:id",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "One request of the signed-in user, with its attachments and delivery state",
        params: RequestParamsSchema,
        response: { 200: RequestDetailSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.detail(signedInContext(request), request.params.tipo, request.params.id);
    },
  );

  r.post(
    "/api/solicitacoes/:tipo/:id/reenviar",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Send a request whose delivery was given up to its automation again",
        params: RequestParamsSchema,
        body: NoBodySchema,
        response: {
          200: ResendResultSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => ({
      entrega: await service.resend(signedInContext(request), request.params.tipo, request.params.id),
    }),
  );
}
