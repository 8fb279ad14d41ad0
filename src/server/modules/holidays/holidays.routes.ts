import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  AgencyDayInputSchema,
  AgencyDayParamsSchema,
  CalendarQuerySchema,
  ObservedOptionalInputSchema,
  OfficeCalendarSchema,
} from "@/domain/calendar/api";
import type { Executor } from "../../db/client";
import { signedInContext } from "../../http/request-context";
import { formBody } from "../../http/validators";
import type { LiveBus } from "../../live/bus";
import { createHolidayLoader, type HolidayLoader } from "./holiday-loader";
import type { Office } from "./holiday-source";
import { createHolidaysService, type HolidaysService } from "./holidays.service";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's reader of the office's calendar (tests tell two instances apart by it). */
    holidayLoader: HolidayLoader;
  }
}

const tags = ["Feriados"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** 'Feriados' (docs/decisions/060): everyone reads; administrators and RH change. */
export async function holidaysRoutes(app: FastifyInstance, options: { service: HolidaysService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("rh");

  r.get(
    "/api/feriados",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          "The office's days off in a year (São Paulo's current one by default): national, state and city holidays, the optional days the agency observes and its own days",
        querystring: CalendarQuerySchema,
        response: { 200: OfficeCalendarSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // A change on 'Feriados' must show at once: no copy kept anywhere.
      reply.header("cache-control", "no-store");
      return service.calendar(request.query.ano);
    },
  );

  r.put(
    "/api/feriados/facultativos",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Which optional days (Carnaval, Corpus Christi, 24 and 31 December…) the agency observes",
        body: ObservedOptionalInputSchema,
        response: { 204: z.null().describe("Saved"), ...errors },
      },
    },
    async (request, reply) => {
      await service.setObserved(signedInContext(request), request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/feriados/dias-da-agencia",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "'Adicionar dia da agência': a day the agency closes (a recess), one per date",
        body: AgencyDayInputSchema,
        response: {
          201: z.object({ id: z.string(), data: z.string(), nome: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const day = await service.addAgencyDay(signedInContext(request), request.body);
      return reply.status(201).send(day);
    },
  );

  r.delete(
    "/api/feriados/dias-da-agencia/:id",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Remove one of the agency's days",
        params: AgencyDayParamsSchema,
        response: { 204: z.null().describe("Removed"), ...errors, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.removeAgencyDay(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/**
 * The routes, and the office's calendar as the process-wide holiday source: read before the app
 * serves (onReady runs before it listens), dropped when it closes.
 */
export async function registerHolidays(
  app: FastifyInstance,
  deps: { db: Executor; office: Office; bus: LiveBus; clock?: () => Date },
) {
  const loader = createHolidayLoader({ db: deps.db, office: deps.office, bus: deps.bus, log: app.log });
  app.decorate("holidayLoader", loader);
  app.addHook("onReady", loader.reload);
  app.addHook("onClose", async () => loader.close());
  const service = createHolidaysService({ ...deps, loader });
  await app.register(holidaysRoutes, { service });
  return { loader, service };
}
