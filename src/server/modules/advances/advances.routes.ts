import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  AdvanceParamsSchema,
  AdvancePendingSchema,
  SettlementActionSchema,
  SettlementSendSchema,
  SettlementViewSchema,
} from "@/domain/requests/kinds/adiantamento/api";
import { REEMBOLSO_ATTACHMENTS } from "@/domain/requests/kinds/reembolso";
import { fieldError } from "../../http/errors";
import { formRoutes } from "../../http/form-routes";
import { signedInContext } from "../../http/request-context";
import { validate } from "../../http/validate";
import { bodyCheckedByService, formBody } from "../../http/validators";
import type { Storage } from "../../storage/storage";
import { readMultipartRequest, removeStoredFiles } from "../requests/multipart";
import type { AdvancesService } from "./advances.service";

const tags = ["Adiantamentos"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * A cash advance's settlement (docs/decisions/067): HTTP only; who may do what is the workflow's
 * (the service's moves). The receipts come as a multipart form under the reimbursement's rules.
 */
export async function advancesRoutes(
  app: FastifyInstance,
  options: { service: AdvancesService; storage: Storage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, storage } = options;

  r.get(
    "/api/adiantamentos/pendencia",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          "The signed-in person's advance past its settlement's deadline, if any (it blocks a new advance)",
        response: { 200: AdvancePendingSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.pending(signedInContext(request));
    },
  );

  r.get(
    "/api/adiantamentos/:id/prestacao",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          "An advance's settlement: deadline, what was paid and spent, the balance and the BR Code to return it",
        params: AdvanceParamsSchema,
        response: { 200: SettlementViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.view(signedInContext(request), request.params.id);
    },
  );

  await formRoutes(app, (forms) => settlementRoute(forms, service, storage));

  r.post(
    "/api/adiantamentos/:id/acertos",
    {
      preValidation: app.requireUser,
      // 400 with each field's own message (the deadline's), as the forms show them.
      validatorCompiler: formBody as never,
      schema: {
        tags,
        summary:
          "Financeiro's settlement moves: the deadline ('definir_prazo'), then the one the balance allows ('marcar_devolvido', 'pagar_diferenca', 'encerrar_prestacao')",
        params: AdvanceParamsSchema,
        body: SettlementActionSchema,
        response: { 200: SettlementViewSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) => service.act(signedInContext(request), request.params.id, request.body),
  );
}

/** The owner's settlement, with its receipts: the one route here that reads a form. */
function settlementRoute(app: FastifyInstance, service: AdvancesService, storage: Storage) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/adiantamentos/:id/prestacao",
    {
      preValidation: [app.requireUser, app.throttle("request")],
      validatorCompiler: bodyCheckedByService as never,
      schema: {
        tags,
        summary:
          "The owner's settlement: 'valorGasto', optional 'observacao' and 'chaveNota', and the receipts as 'anexo' files (multipart/form-data)",
        consumes: ["multipart/form-data"],
        params: AdvanceParamsSchema,
        body: SettlementSendSchema,
        response: {
          200: SettlementViewSchema,
          409: ApiErrorSchema,
          413: ApiErrorSchema,
          429: ApiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const upload = await readMultipartRequest(request, {
        storage,
        kind: "adiantamento",
        rules: REEMBOLSO_ATTACHMENTS,
        allowed: REEMBOLSO_ATTACHMENTS.fileKinds,
        fileField: "anexo",
      });
      try {
        const input = validate(SettlementSendSchema, upload.fields);
        // The receipts are what is settled: at least one, as a reimbursement's (the rules' count).
        if (upload.files.length < REEMBOLSO_ATTACHMENTS.min)
          throw fieldError("anexo", REEMBOLSO_ATTACHMENTS.messages.required ?? "");
        return await service.settle(signedInContext(request), request.params.id, input, upload.files);
      } catch (err) {
        // A refused settlement keeps none of its receipts.
        await removeStoredFiles(storage, upload.files, request);
        throw err;
      }
    },
  );
}
