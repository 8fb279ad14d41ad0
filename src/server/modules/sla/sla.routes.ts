import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { ServiceLevelParamsSchema, ServiceLevelSchema, ServiceLevelsSchema } from "@/domain/sla/api";
import { ServiceLevelInputSchema } from "@/domain/sla/service-level";
import { signedInContext } from "../../http/request-context";
import type { SlaService } from "./sla.service";

const tags = ["Prazos"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Each kind's service level (docs/decisions/014): administrators only, beside 'Equipes e permissões'. */
export async function slaRoutes(app: FastifyInstance, options: { service: SlaService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("admin");

  r.get(
    "/api/admin/prazos",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Every kind's target in business hours (null: no target)",
        response: { 200: ServiceLevelsSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.list();
    },
  );

  r.put(
    "/api/admin/prazos/:tipo",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Set (or, with null, remove) a kind's target in business hours",
        params: ServiceLevelParamsSchema,
        body: ServiceLevelInputSchema,
        response: { 200: ServiceLevelSchema, ...errors },
      },
    },
    async (request) => service.set(signedInContext(request), request.params.tipo, request.body),
  );
}
