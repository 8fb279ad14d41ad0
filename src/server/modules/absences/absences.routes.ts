import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type AbsenceCalendar,
  AbsenceCalendarQuerySchema,
  AbsenceCalendarSchema,
} from "@/domain/absences/api";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { serializedOnce } from "../../http/serialized-once";
import type { AbsencesService } from "./absences.service";

/** 'Quem está fora' (docs/decisions/040): any signed-in person; the names and periods only. */
export async function absencesRoutes(app: FastifyInstance, options: { service: AbsencesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sendMonth = serializedOnce<AbsenceCalendar>(app.seams.serializeOnce);
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
    (request, reply) => {
      // Who is away changes with every approval: no copy kept by the browser or a proxy; the
      // server's own is dropped by the live events (absence-months-cache.ts). Not `async`, so a
      // kept month is answered in this same turn (decision 026).
      reply.header("cache-control", "no-store");
      return sendMonth(
        reply,
        options.service.cachedMonth(request.query) ?? options.service.month(request.query),
      );
    },
  );
}
