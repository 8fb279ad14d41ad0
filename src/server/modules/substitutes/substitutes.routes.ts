import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { SubstituteInputSchema, SubstituteSchema } from "@/domain/time-off/substitute-api";
import { signedInContext } from "../../http/request-context";
import type { SubstitutesService } from "./substitutes.service";

/** 'Substituto' on 'Minha conta' (docs/decisions/060): the reviewer's own choice, read and changed. */
export async function substitutesRoutes(app: FastifyInstance, options: { service: SubstitutesService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/me/substituto",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "The signed-in reviewer's substitute and who may be chosen (the members of their teams)",
        response: { 200: SubstituteSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.get(signedInContext(request));
    },
  );

  r.put(
    "/api/me/substituto",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "Choose (or clear, with null) who takes the reviewer's requests while they are away",
        body: SubstituteInputSchema,
        response: { 200: SubstituteSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => service.set(signedInContext(request), request.body),
  );
}
