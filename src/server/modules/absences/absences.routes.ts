import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AbsenceCalendarQuerySchema, AbsenceCalendarSchema } from "@/domain/absences/api";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import type { AbsencesService } from "./absences.service";

/** 'Quem está fora' (docs/decisions/040): any signed-in person; the names and periods only. */
export async function absencesRoutes(app: FastifyInstance, options: { service: AbsencesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/ausencias",
    {
      preValidation: app.requireUser,
      schema: {
        tags: ["Ausências"],
        summary:
          "Who is away in a month ('yyyy-mm', São Paulo's current one by default): the name and the whole period of each approved absence that touches it",
        querystring: AbsenceCalendarQuerySchema,
        response: { 200: AbsenceCalendarSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // Who is away changes with every approval: no copy kept anywhere.
      reply.header("cache-control", "no-store");
      return options.service.month(request.query);
    },
  );
}
