import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { PeopleListSchema, PeopleQuerySchema, PersonParamsSchema } from "@/domain/people/api";
import { signedInContext } from "../../http/request-context";
import { NoBodySchema } from "../../http/schemas";
import type { PeopleService } from "./people.service";

const tags = ["Administração"];
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * 'Pessoas' (docs/decisions/048): administrators switch accounts off and on; RH reads the list too,
 * for the admission dates it records there (docs/decisions/060).
 */
export async function peopleRoutes(app: FastifyInstance, options: { service: PeopleService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("admin");

  r.get(
    "/api/admin/pessoas",
    {
      preValidation: app.requireAccess("rh"),
      schema: {
        tags,
        summary:
          "Every account (at most 200; busca narrows by name or e-mail), its teams, last sign-in and state",
        querystring: PeopleQuerySchema,
        response: { 200: PeopleListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return options.service.list(request.query.busca || undefined);
    },
  );

  for (const [action, summary] of [
    [
      "desativar",
      "Switch an account off: every session ends, every team loses it, no way of signing in works",
    ],
    ["reativar", "Switch an account on again (its teams are not given back)"],
  ] as const) {
    r.post(
      `/api/admin/pessoas/:id/${action}`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary,
          params: PersonParamsSchema,
          body: NoBodySchema,
          response: { 204: z.null().describe("Done"), ...errors },
        },
      },
      async (request, reply) => {
        const context = signedInContext(request);
        if (action === "desativar") await options.service.deactivate(context, request.params.id);
        else await options.service.reactivate(context, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
}
