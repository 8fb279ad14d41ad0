import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema, OkSchema } from "@/domain/auth/auth.schema";
import {
  PayingAccountInputSchema,
  PayingAccountPageSchema,
  ReconcileInputSchema,
  RemittanceInputSchema,
  RemittanceListSchema,
  RemittanceParamsSchema,
  RemittanceSummarySchema,
  ReturnResultSchema,
  StatementParamsSchema,
  StatementResultSchema,
} from "@/domain/finance/bank-api";
import { notFound } from "../../http/errors";
import { formRoutes } from "../../http/form-routes";
import { readOneUpload } from "../../http/one-upload";
import { signedInContext } from "../../http/request-context";
import { bodyCheckedByService, formBody } from "../../http/validators";
import type { BankService } from "./bank.service";

const tags = ["Pagamentos pelo banco"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** A return file is a few hundred lines; a year's statement a few megabytes. Beyond these, 413. */
export const RETURN_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

const fileBody = (what: string) =>
  z.object({ arquivo: z.string().describe(`${what} (multipart/form-data, one file in 'arquivo')`) });

/** 'Conta pagadora', set by administrators (docs/decisions/059). */
function payingAccountRoutes(app: FastifyInstance, service: BankService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("admin");
  r.get(
    "/api/admin/conta-pagadora",
    {
      preValidation: guard,
      schema: {
        tags: ["Administração"],
        summary: "The account the bank's payment files pay from, and the bank profiles offered",
        response: { 200: PayingAccountPageSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.payingAccount.page();
    },
  );
  r.put(
    "/api/admin/conta-pagadora",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags: ["Administração"],
        summary: "Set the paying account (bank, branch, account, CNPJ, agreement); the file counter is kept",
        body: PayingAccountInputSchema,
        response: { 200: PayingAccountPageSchema, ...errors },
      },
    },
    async (request) => service.payingAccount.save(signedInContext(request), request.body as never),
  );
}

/** The remittance files: made from 'Lote de pagamento', listed, downloaded again. */
function remittanceRoutes(app: FastifyInstance, service: BankService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("caixa");
  r.post(
    "/api/caixa/remessas",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary:
          "'Gerar arquivo para o banco': a CNAB 240 file paying the chosen approved payments by PIX key; they move to 'Enviado ao banco' (all or none)",
        body: RemittanceInputSchema,
        response: { 201: RemittanceSummarySchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.remittances.create(signedInContext(request), request.body)),
  );
  r.get(
    "/api/caixa/remessas",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "The latest remittance files",
        response: { 200: RemittanceListSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.list(signedInContext(request));
    },
  );
  r.get(
    "/api/caixa/remessas/:id/arquivo",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "A remittance file as it was sent to the bank (ISO-8859-1, CRLF)",
        params: RemittanceParamsSchema,
        response: {
          200: {
            description: "The remittance file, as sent to the bank",
            content: { "text/plain": { schema: z.string().meta({ format: "binary" }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await service.file(signedInContext(request), request.params.id);
      if (!file) throw notFound();
      reply
        .header("content-type", "text/plain; charset=iso-8859-1")
        .header("content-disposition", `attachment; filename="${file.nomeArquivo}"`)
        .header("cache-control", "no-store");
      return reply.send(Buffer.from(file.conteudo, "latin1") as never);
    },
  );
}

/** The bank's return, and the statement to reconcile. */
function returnAndStatementRoutes(app: FastifyInstance, service: BankService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("caixa");
  r.post(
    "/api/caixa/retornos",
    {
      preValidation: guard,
      validatorCompiler: bodyCheckedByService,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        summary:
          "'Enviar retorno do banco': each payment the bank's return names is paid or back to 'Aprovado' with the bank's words; the same file twice changes nothing",
        body: fileBody("The bank's CNAB 240 return file"),
        response: { 200: ReturnResultSchema, 413: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const bytes = await readOneUpload(request, {
        field: "arquivo",
        maxBytes: RETURN_MAX_BYTES,
        required: "Envie o arquivo de retorno do banco",
        tooLarge: "O arquivo de retorno pode ter no máximo 5 MB",
      });
      return service.returns.read(signedInContext(request), bytes);
    },
  );
  r.post(
    "/api/caixa/extratos",
    {
      preValidation: guard,
      validatorCompiler: bodyCheckedByService,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        summary:
          "'Conciliar extrato': an OFX statement's debits matched to the payments sent or paid; the suggestions and the unmatched on each side",
        body: fileBody("The bank's OFX statement (1.x or 2.x)"),
        response: { 200: StatementResultSchema, 413: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const bytes = await readOneUpload(request, {
        field: "arquivo",
        maxBytes: STATEMENT_MAX_BYTES,
        required: "Envie o extrato do banco (arquivo OFX)",
        tooLarge: "O extrato pode ter no máximo 10 MB",
      });
      return service.statements.upload(signedInContext(request), bytes);
    },
  );
  r.post(
    "/api/caixa/extratos/:id/conciliar",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Confirm that a statement entry is a payment: the request's timeline says so (for the team)",
        params: StatementParamsSchema,
        body: ReconcileInputSchema,
        response: { 200: OkSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) =>
      service.statements.reconcile(signedInContext(request), request.params.id, request.body),
  );
}

/** Paying through the bank (docs/decisions/059): every permission is decided by the service. */
export async function bankRoutes(app: FastifyInstance, options: { service: BankService }) {
  payingAccountRoutes(app, options.service);
  remittanceRoutes(app, options.service);
  await formRoutes(app, (forms) => returnAndStatementRoutes(forms, options.service));
}
