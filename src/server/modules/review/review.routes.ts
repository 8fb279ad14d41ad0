import type { FastifyInstance } from "fastify";
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
} from "@/domain/requests/review-api";
import { signedInContext } from "../../http/request-context";
import type { ReviewService } from "./review.service";

const tags = ["Caixa de entrada"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** The review desk's routes (issue 11); every permission is decided by the service. */
export async function reviewRoutes(app: FastifyInstance, options: { service: ReviewService }) {
  const { service } = options;
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

  r.post(
    "/api/solicitacoes/:tipo/:id/acoes",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          "A move of the request's workflow ('assumir', 'aprovar', 'recusar', …): 409 with the current state when it is not allowed from there",
        params: RequestParamsSchema,
        body: ActionInputSchema,
        response: { 200: RequestStandingSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) =>
      service.act(signedInContext(request), request.params.tipo, request.params.id, request.body),
  );

  r.post(
    "/api/solicitacoes/:tipo/:id/comentarios",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Comment on a request (both ways); 'interno': a note only the teams read",
        params: RequestParamsSchema,
        body: CommentInputSchema,
        response: { 201: RequestStandingSchema, ...errors },
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
