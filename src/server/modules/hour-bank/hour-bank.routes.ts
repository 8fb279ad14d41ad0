import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema, OkSchema } from "@/domain/auth/auth.schema";
import {
  HourBankPeopleSchema,
  HourCreditInputSchema,
  MyHourBankSchema,
} from "@/domain/time-off/hour-bank-api";
import { forbidden } from "../../http/errors";
import { signedInContext } from "../../http/request-context";
import type { HourBankService } from "./hour-bank.service";

/*
 * 'Banco de horas' (docs/decisions/060): each person's own balance, and RH's list and credits.
 */

/** After requireUser (moved to onRequest first): 403 before the body for whoever is not RH. */
async function rhOnly(request: FastifyRequest, _reply: FastifyReply) {
  const access = request.user?.access;
  if (access && !access.rh) {
    request.log.warn({ userId: request.user?.id, area: "banco-de-horas" }, "access refused");
    throw forbidden();
  }
}

export async function hourBankRoutes(app: FastifyInstance, options: { service: HourBankService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["Banco de horas"];
  const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema };

  r.get(
    "/api/me/banco-de-horas",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "The person's own hour bank: the balance, the credits to expire and every movement",
        response: { 200: MyHourBankSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.mine(signedInContext(request));
    },
  );

  r.get(
    "/api/banco-de-horas",
    {
      preValidation: app.requireUser,
      onRequest: rhOnly,
      schema: {
        tags,
        summary: "Everyone's balance for RH; for a manager, the people whose requests their teams handle",
        response: { 200: HourBankPeopleSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.people(signedInContext(request));
    },
  );

  r.post(
    "/api/banco-de-horas/creditos",
    {
      preValidation: app.requireUser,
      onRequest: rhOnly,
      schema: {
        tags,
        summary: "Credits hours to a person (RH, or a manager of a team that handles their requests)",
        body: HourCreditInputSchema,
        response: { 201: OkSchema, 400: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.credit(signedInContext(request), request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
}
