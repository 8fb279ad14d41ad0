import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  ExpenseLimitInputSchema,
  ExpenseLimitParamsSchema,
  ExpenseLimitSchema,
  ExpenseLimitsSchema,
} from "@/domain/finance/limits-api";
import { signedInContext } from "../../http/request-context";
import type { ExpenseLimitsService } from "./limits.service";

const tags = ["Administração"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Monthly limits per person and expense type (docs/decisions/015): administrators only. */
export async function expenseLimitsRoutes(app: FastifyInstance, options: { service: ExpenseLimitsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("admin");

  r.get(
    "/api/admin/limites",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Monthly limits per person by expense type: above one, a request is flagged",
        response: { 200: ExpenseLimitsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => service.list(),
  );

  r.put(
    "/api/admin/limites/:tipo/:tipoDespesa",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Set the monthly limit per person of one expense type",
        params: ExpenseLimitParamsSchema,
        body: ExpenseLimitInputSchema,
        response: { 200: ExpenseLimitSchema, ...errors },
      },
    },
    async (request) => {
      const { tipo, tipoDespesa } = request.params;
      return service.set(signedInContext(request), tipo, tipoDespesa, request.body.limite);
    },
  );

  r.delete(
    "/api/admin/limites/:tipo/:tipoDespesa",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Remove the monthly limit of one expense type",
        params: ExpenseLimitParamsSchema,
        response: { 204: z.null().describe("Removed"), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(signedInContext(request), request.params.tipo, request.params.tipoDespesa);
      return reply.status(204).send(null);
    },
  );
}
