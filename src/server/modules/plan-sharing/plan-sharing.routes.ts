import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { IdParamsSchema } from "@/domain/planning/api";
import {
  ClientApproveInputSchema,
  ClientCommentCreatedSchema,
  ClientCommentInputSchema,
  PlanClientActivitySchema,
  PublicPlanSchema,
  ShareLinkCreatedSchema,
  ShareTokenParamsSchema,
} from "@/domain/planning/share-api";
import { requestContext, signedInContext } from "../../http/request-context";
import { routedPath } from "../../http/routed-path";
import { NoBodySchema } from "../../http/schemas";
import { formBody } from "../../http/validators";
import type { PlanSharingService } from "./plan-sharing.service";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** The planner's side of 'Compartilhar com o cliente': the plan's owner only (another manager gets 404). */
export async function planSharingRoutes(app: FastifyInstance, options: { service: PlanSharingService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("planejamento");
  const tags = ["Planejamentos"];

  r.post(
    "/api/planejamentos/:id/compartilhamento",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "A link for the client (30 days); revokes the one before. The address is shown only now",
        params: IdParamsSchema,
        body: NoBodySchema,
        response: { 201: ShareLinkCreatedSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return reply.status(201).send(await service.createLink(signedInContext(request), request.params.id));
    },
  );

  r.delete(
    "/api/planejamentos/:id/compartilhamento",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Revoke the plan's client link ('Revogar')",
        params: IdParamsSchema,
        response: { 204: z.null().describe("Revoked (or there was none)"), ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeLink(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/planejamentos/:id/cliente",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "The client link's standing, the client's comments and approval, and the plan's history",
        params: IdParamsSchema,
        response: { 200: PlanClientActivitySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.activity(signedInContext(request), request.params.id);
    },
  );
}

/** What every answer of the client's side carries: never cached, never indexed, no Referer with the token. */
function clientPageHeaders(reply: FastifyReply) {
  reply.header("cache-control", "no-store");
  reply.header("referrer-policy", "no-referrer");
  reply.header("x-robots-tag", "noindex, nofollow");
}

/** The client's page (/cliente/planejamento/:token) is the SPA's index.html: the same headers as its API. */
export function registerClientPageHeaders(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (routedPath(request.url).startsWith("/cliente/")) clientPageHeaders(reply);
    done(null, payload);
  });
}

/**
 * The client's side, under its own prefix and without a session: the token in
 * the path is the only credential, and it opens one plan's read-only content,
 * a comment on one of its posts, and its approval. Nothing here reads or sets
 * a cookie.
 */
export async function publicPlanRoutes(app: FastifyInstance, options: { service: PlanSharingService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["Planejamento do cliente (público)"];
  const publicErrors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };
  // Errors too (404, 429): an encapsulated hook runs for every answer of these routes.
  app.addHook("onSend", async (_request, reply, payload) => {
    clientPageHeaders(reply);
    return payload;
  });

  r.get(
    "/api/publico/planejamentos/:token",
    {
      schema: {
        tags,
        summary: "The shared plan, read-only (404 for an unknown, expired or revoked link)",
        params: ShareTokenParamsSchema,
        response: { 200: PublicPlanSchema, ...publicErrors },
      },
    },
    async (request) => service.publicPlan(requestContext(request), request.params.token),
  );

  r.post(
    "/api/publico/planejamentos/:token/comentarios",
    {
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "The client's comment on one post ({post_id, nome, texto})",
        params: ShareTokenParamsSchema,
        body: ClientCommentInputSchema,
        response: { 201: ClientCommentCreatedSchema, ...publicErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.comment(requestContext(request), request.params.token, request.body)),
  );

  r.post(
    "/api/publico/planejamentos/:token/aprovar",
    {
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "The client approves the plan ({nome, version}); approving again changes nothing",
        params: ShareTokenParamsSchema,
        body: ClientApproveInputSchema,
        response: { 200: PublicPlanSchema, 409: ApiErrorSchema, ...publicErrors },
      },
    },
    async (request) => service.approve(requestContext(request), request.params.token, request.body),
  );
}
