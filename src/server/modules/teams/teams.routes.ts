import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  ApprovalPolicySchema,
  PolicyParamsSchema,
  TeamHistorySchema,
  TeamParamsSchema,
  TeamSchema,
  TeamsPageSchema,
} from "@/domain/teams/api";
import { ApprovalPolicyInputSchema, TeamInputSchema } from "@/domain/teams/team";
import { signedInContext } from "../../http/request-context";
import type { TeamsService } from "./teams.service";

const tags = ["Equipes"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** 'Equipes e permissões' (decision 011): administrators only (ADMIN_EMAILS), enforced here. */
export async function teamsRoutes(app: FastifyInstance, options: { service: TeamsService }) {
  const guard = app.requireAccess("admin");
  teamRoutes(app, guard, options.service);
  policyRoutes(app, guard, options.service);
}

type Guard = ReturnType<FastifyInstance["requireAccess"]>;

/** The teams themselves: the page, creating, changing, removing, and their history. */
function teamRoutes(app: FastifyInstance, guard: Guard, service: TeamsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/equipes",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Every team with its members and what it handles, the approval policies, the administrators",
        response: { 200: TeamsPageSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.page();
    },
  );

  r.post(
    "/api/admin/equipes",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Create a team",
        body: TeamInputSchema,
        response: { 201: TeamSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(signedInContext(request), request.body)),
  );

  r.put(
    "/api/admin/equipes/:id",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Change a team: name, members and what it handles (members are replaced by the list sent)",
        params: TeamParamsSchema,
        body: TeamInputSchema,
        response: { 200: TeamSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) => service.update(signedInContext(request), request.params.id, request.body),
  );

  r.delete(
    "/api/admin/equipes/:id",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Remove a team made here (the built-in ones stay)",
        params: TeamParamsSchema,
        response: { 204: z.null().describe("Removed"), 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/admin/equipes/:id/historico",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "A team's audit trail, oldest first",
        params: TeamParamsSchema,
        response: { 200: TeamHistorySchema, ...errors },
      },
    },
    async (request) => ({ items: await service.history(request.params.id) }),
  );
}

/** The approval policies: a kind's second approval above an amount. */
function policyRoutes(app: FastifyInstance, guard: Guard, service: TeamsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    "/api/admin/politicas/:tipo",
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          "Above this amount, a kind's approval also needs this team ('Acima de R$ X, aprovação também de …')",
        params: PolicyParamsSchema,
        body: ApprovalPolicyInputSchema,
        response: { 200: ApprovalPolicySchema, ...errors },
      },
    },
    async (request) => service.setPolicy(signedInContext(request), request.params.tipo, request.body),
  );

  r.delete(
    "/api/admin/politicas/:tipo",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Remove a kind's second approval",
        params: PolicyParamsSchema,
        response: { 204: z.null().describe("Removed"), ...errors },
      },
    },
    async (request, reply) => {
      await service.removePolicy(signedInContext(request), request.params.tipo);
      return reply.status(204).send(null);
    },
  );
}
