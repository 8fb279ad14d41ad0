import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  ExpenseLimitInputSchema,
  ExpenseLimitParamsSchema,
  ExpenseLimitSchema,
  ExpenseLimitsSchema,
  expenseTypesOf,
  KINDS_WITH_LIMITS,
  limitMessages,
} from "@/domain/finance/limits-api";
import type { RequestKind } from "@/domain/requests/kinds";
import type { Db } from "../../db/client";
import { expenseLimits } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { signedInContext } from "../../http/request-context";
import type { LiveEvent, Topic } from "../../live/bus";

const tags = ["Administração"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** A kind paid by finance and one of its expense types, or 404/400. */
function checkType(kind: RequestKind, type: string) {
  if (!KINDS_WITH_LIMITS.includes(kind)) throw notFound();
  if (!expenseTypesOf(kind).some((o) => o.value === type))
    throw new AppError(
      400,
      "VALIDATION",
      { title: "Dados inválidos", description: limitMessages.typeUnknown },
      { tipoDespesa: limitMessages.typeUnknown },
    );
}

/** Monthly limits per person and expense type (docs/decisions/015): administrators only. */
export async function expenseLimitsRoutes(
  app: FastifyInstance,
  options: { db: Db; bus: Pick<Topic<LiveEvent>, "publish"> },
) {
  const { db } = options;
  // A limit changes the flags 'Caixa de entrada' keeps (docs/decisions/046), on every instance.
  const announce = (log: FastifyBaseLogger) =>
    options.bus
      .publish({ type: "limites" })
      .catch((err) => log.warn({ err }, "live event not published: cached flags may lag a limit"));
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
    async () => {
      const rows = await db
        .select()
        .from(expenseLimits)
        .orderBy(expenseLimits.kind, expenseLimits.expenseType);
      return {
        limites: rows.map((l) => ({
          tipo: l.kind as RequestKind,
          tipoDespesa: l.expenseType,
          limite: l.monthlyLimitCents,
        })),
      };
    },
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
      checkType(tipo, tipoDespesa);
      await db
        .insert(expenseLimits)
        .values({ kind: tipo, expenseType: tipoDespesa, monthlyLimitCents: request.body.limite })
        .onConflictDoUpdate({
          target: [expenseLimits.kind, expenseLimits.expenseType],
          set: { monthlyLimitCents: request.body.limite, updatedAt: sql`now()` },
        });
      signedInContext(request).log.info({ kind: tipo, expenseType: tipoDespesa }, "expense limit set");
      await announce(request.log);
      return { tipo, tipoDespesa, limite: request.body.limite };
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
      const { tipo, tipoDespesa } = request.params;
      checkType(tipo, tipoDespesa);
      const removed = await db
        .delete(expenseLimits)
        .where(sql`${expenseLimits.kind} = ${tipo} and ${eq(expenseLimits.expenseType, tipoDespesa)}`)
        .returning();
      if (!removed.length) throw notFound();
      await announce(request.log);
      return reply.status(204).send(null);
    },
  );
}
