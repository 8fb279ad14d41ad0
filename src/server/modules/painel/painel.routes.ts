import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { PainelQuerySchema, PainelSchema } from "@/domain/painel/api";
import { forbidden } from "../../http/errors";
import type { PainelService } from "./painel.service";

/** 'Painel' (decision 014): administrators and members of a reviewing team; anyone else 403. */
export async function painelRoutes(app: FastifyInstance, options: { service: PainelService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/painel",
    {
      preValidation: [
        app.requireUser,
        async (request) => {
          // The service decides the scope; refusing here keeps 403 before a 400 on the query.
          const access = request.user!.access;
          if (!access.admin && !access.caixa) {
            request.log.warn({ userId: request.user!.id, area: "painel" }, "access refused");
            throw forbidden();
          }
        },
      ],
      schema: {
        tags: ["Painel"],
        summary: "The period's figures for the reader's kinds: per month, amounts, times, service levels",
        querystring: PainelQuerySchema,
        response: { 200: PainelSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return options.service.painel(request.user!, request.query);
    },
  );
}
