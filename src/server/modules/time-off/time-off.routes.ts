import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema, OkSchema } from "@/domain/auth/auth.schema";
import { ADMISSION_CSV_MAX_BYTES, admissionMessages } from "@/domain/time-off/admission-csv";
import {
  AdmissionImportResultSchema,
  AdmissionInputSchema,
  TeamBalancesSchema,
  UnjustifiedAbsenceInputSchema,
  UnjustifiedAbsenceParamsSchema,
  UnjustifiedAbsenceSchema,
  UnjustifiedAbsencesQuerySchema,
  UnjustifiedAbsencesSchema,
  VacationBalanceSchema,
} from "@/domain/time-off/vacation-api";
import { formRoutes } from "../../http/form-routes";
import { readOneUpload } from "../../http/one-upload";
import { signedInContext } from "../../http/request-context";
import { bodyCheckedByService, formBody } from "../../http/validators";
import type { TimeOffService } from "./time-off.service";

const tags = ["Férias"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** Vacation balances (docs/decisions/060): one's own for everyone, the rest for RH only. */
export async function timeOffRoutes(app: FastifyInstance, options: { service: TimeOffService }) {
  balanceRoutes(app, options.service);
  await formRoutes(app, (forms) => admissionRoutes(forms, options.service));
  unjustifiedRoutes(app, options.service);
}

function balanceRoutes(app: FastifyInstance, service: TimeOffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rh = app.requireAccess("rh");

  r.get(
    "/api/me/ferias",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "'Saldo de férias': the signed-in person's vacation days, acquisition period by period",
        response: { 200: VacationBalanceSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.ownBalance(signedInContext(request));
    },
  );

  r.get(
    "/api/ferias/equipe",
    {
      preValidation: rh,
      schema: {
        tags,
        summary:
          "'Férias da equipe': everyone's balance (deadlines soonest first, 'Sem data de admissão' last), absences stored over each other, and open vacations RH should look at twice",
        response: { 200: TeamBalancesSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.teamBalances();
    },
  );
}

/** 'Data de admissão' on 'Pessoas', one by one or from a CSV. */
function admissionRoutes(app: FastifyInstance, service: TimeOffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rh = app.requireAccess("rh");
  r.put(
    "/api/ferias/admissoes",
    {
      preValidation: rh,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Set ('dataAdmissao' a date) or clear (null) one person's admission date, by e-mail",
        body: AdmissionInputSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => service.saveAdmission(signedInContext(request), request.body),
  );

  r.post(
    "/api/ferias/admissoes/importar",
    {
      preValidation: rh,
      validatorCompiler: bodyCheckedByService,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        summary:
          "'Importar CSV': admission dates from 'e-mail;data de admissão' lines; all or nothing, every refused line named",
        body: z.object({ arquivo: z.string().describe("The CSV file (multipart/form-data, in 'arquivo')") }),
        response: { 200: AdmissionImportResultSchema, 413: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const bytes = await readOneUpload(request, {
        field: "arquivo",
        maxBytes: ADMISSION_CSV_MAX_BYTES,
        required: admissionMessages.csvEmpty,
        tooLarge: admissionMessages.csvTooLarge,
      });
      return service.importAdmissions(signedInContext(request), bytes);
    },
  );
}

/** Unjustified absences (art. 130), recorded by RH. */
function unjustifiedRoutes(app: FastifyInstance, service: TimeOffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rh = app.requireAccess("rh");
  r.get(
    "/api/ferias/faltas",
    {
      preValidation: rh,
      schema: {
        tags,
        summary: "One person's unjustified absences (CLT art. 130), by day",
        querystring: UnjustifiedAbsencesQuerySchema,
        response: { 200: UnjustifiedAbsencesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.unjustifiedOf(request.query.email);
    },
  );

  r.post(
    "/api/ferias/faltas",
    {
      preValidation: rh,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary:
          "'Registrar falta': an unjustified absence, which reduces the vacation of its period (art. 130)",
        body: UnjustifiedAbsenceInputSchema,
        response: { 201: UnjustifiedAbsenceSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.recordUnjustified(signedInContext(request), request.body)),
  );

  r.delete(
    "/api/ferias/faltas/:id",
    {
      preValidation: rh,
      schema: {
        tags,
        summary: "Remove an unjustified absence recorded by mistake",
        params: UnjustifiedAbsenceParamsSchema,
        response: { 204: z.null().describe("Removed"), 404: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.removeUnjustified(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
