import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { BulkActionInputSchema, BulkActionResultSchema, PaymentBatchSchema } from "@/domain/finance/bulk-api";
import { signedInContext } from "../../http/request-context";
import type { FinanceService } from "./finance.service";

const tags = ["Caixa de entrada"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Finance's routes on 'Caixa de entrada' (docs/decisions/015); every permission is decided by the service. */
export async function financeRoutes(app: FastifyInstance, options: { service: FinanceService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/caixa/em-lote",
    {
      preValidation: app.requireAccess("caixa"),
      schema: {
        tags,
        summary:
          "Approve or mark paid several reimbursements and grants: refused as a whole (403) unless you may move every one; then each is moved and recorded on its own",
        body: BulkActionInputSchema,
        response: { 200: BulkActionResultSchema, ...errors },
      },
    },
    async (request) => service.bulk(signedInContext(request), request.body),
  );

  r.get(
    "/api/caixa/lote-pagamento",
    {
      preValidation: app.requireAccess("caixa"),
      schema: {
        tags,
        summary:
          "'Lote de pagamento': the approved, unpaid requests you may pay, by person, with totals and PIX keys",
        response: { 200: PaymentBatchSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.paymentBatch(signedInContext(request));
    },
  );
}
