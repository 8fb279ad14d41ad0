import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { RequestParamsSchema } from "@/domain/requests/api";
import {
  ActionInputSchema,
  CommentInputSchema,
  QueueCountSchema,
  QueuePageSchema,
  QueueQuerySchema,
  RequestStandingSchema,
  TimelinePageSchema,
  TimelineQuerySchema,
} from "@/domain/requests/review-api";
import { ACTION_FILE_FIELD, ACTION_FILE_RULES } from "@/domain/requests/workflow";
import { formRoutes } from "../../http/form-routes";
import { signedInContext } from "../../http/request-context";
import { validate } from "../../http/validate";
import { bodyCheckedByService } from "../../http/validators";
import type { Storage } from "../../storage/storage";
import { readMultipartRequest, removeStoredFiles } from "../requests/multipart";
import type { ReviewService } from "./review.service";

const tags = ["Caixa de entrada"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * A move sent as JSON, or as a multipart form of the same fields when it
 * brings a file (ACTION_FILE_FIELD), which goes to storage as it arrives.
 */
async function readAction(request: FastifyRequest, storage: Storage) {
  if (!request.isMultipart()) return { input: validate(ActionInputSchema, request.body), files: [] };
  const upload = await readMultipartRequest(request, {
    storage,
    kind: (request.params as { tipo: string }).tipo,
    rules: ACTION_FILE_RULES,
    allowed: ACTION_FILE_RULES.fileKinds,
    fileField: ACTION_FILE_FIELD,
  });
  try {
    // A form carries text: the numbers and the yes/no of the JSON body, read back.
    const { versao, valorAprovado, confirmarAlertas, ...fields } = upload.fields;
    const number = (text: string | undefined) =>
      text !== undefined && text !== "" ? Number(text) : undefined;
    const input = validate(ActionInputSchema, {
      ...fields,
      versao: number(versao),
      valorAprovado: number(valorAprovado),
      ...(confirmarAlertas !== undefined ? { confirmarAlertas: confirmarAlertas === "true" } : {}),
    });
    return { input, files: upload.files };
  } catch (err) {
    await removeStoredFiles(storage, upload.files, request);
    throw err;
  }
}

/** The review desk's routes (docs/decisions/011); every permission is decided by the service. */
export async function reviewRoutes(
  app: FastifyInstance,
  options: { service: ReviewService; storage: Storage },
) {
  queueRoutes(app, options.service);
  await formRoutes(app, (forms) => requestRoutes(forms, options.service, options.storage));
}

/** 'Caixa de entrada' and what waits in it. */
function queueRoutes(app: FastifyInstance, service: ReviewService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/caixa",
    {
      preValidation: app.requireAccess("caixa"),
      schema: {
        tags,
        summary: "The requests your teams handle, oldest first, with filters (keyset pages)",
        querystring: QueueQuerySchema,
        response: { 200: QueuePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.queue(signedInContext(request), request.query);
    },
  );

  r.get(
    "/api/caixa/contagem",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "How many requests wait for you: open, untaken (or yours), not waiting on their author",
        response: { 200: QueueCountSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.count(signedInContext(request));
    },
  );
}

/** A request's moves, timeline pages and comments. */
function requestRoutes(app: FastifyInstance, service: ReviewService, storage: Storage) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/solicitacoes/:tipo/:id/acoes",
    {
      preValidation: app.requireUser,
      // JSON is checked here; a multipart form once read (readAction), with the same schema.
      validatorCompiler: bodyCheckedByService as never,
      schema: {
        tags,
        summary:
          "A move of the request's workflow ('assumir', 'aprovar', 'recusar', …): 409 with the current state when it is not allowed from there. JSON, or multipart/form-data of the same fields when the move brings a file ('arquivo': 'concluir' of a page analysis)",
        consumes: ["application/json", "multipart/form-data"],
        params: RequestParamsSchema,
        body: ActionInputSchema,
        response: { 200: RequestStandingSchema, 409: ApiErrorSchema, 413: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { input, files } = await readAction(request, storage);
      try {
        return await service.act(
          signedInContext(request),
          request.params.tipo,
          request.params.id,
          input,
          files,
        );
      } catch (err) {
        // A refused move keeps nothing it brought.
        await removeStoredFiles(storage, files, request);
        throw err;
      }
    },
  );

  r.get(
    "/api/solicitacoes/:tipo/:id/linha-do-tempo",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          "The timeline entries before `antes` (an entry's id), 50 at a time, as the request's page shows them",
        params: RequestParamsSchema,
        querystring: TimelineQuerySchema,
        response: { 200: TimelinePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { tipo, id } = request.params;
      return service.timeline(signedInContext(request), tipo, id, request.query.antes);
    },
  );

  r.post(
    "/api/solicitacoes/:tipo/:id/comentarios",
    {
      preValidation: [app.requireUser, app.throttle("comment")],
      schema: {
        tags,
        summary: "Comment on a request (both ways); 'interno': a note only the teams read",
        params: RequestParamsSchema,
        body: CommentInputSchema,
        response: { 201: RequestStandingSchema, 429: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.comment(
            signedInContext(request),
            request.params.tipo,
            request.params.id,
            request.body,
          ),
        ),
  );
}
