import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  JobOpeningListQuerySchema,
  JobOpeningParamsSchema,
  JobOpeningsPageSchema,
  SavedJobOpeningSchema,
} from "@/domain/job-openings/api";
import { JobOpeningInputSchema } from "@/domain/job-openings/job-opening.schema";
import { sendJsonText } from "../../http/json-text";
import { signedInContext } from "../../http/request-context";
import { formBody } from "../../http/validators";
import type { JobOpeningsService } from "./job-openings.service";

const tags = ["Vagas"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** Job openings: VAGAS_MANAGERS only (spec §6), enforced here whatever the client shows. */
export async function jobOpeningsRoutes(app: FastifyInstance, options: { service: JobOpeningsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("vagas");

  r.get(
    "/api/vagas",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Job openings, newest first, in keyset pages ({ items, nextCursor })",
        querystring: JobOpeningListQuerySchema,
        response: { 200: JobOpeningsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sendJsonText(reply, await service.list(request.query));
    },
  );

  r.post(
    "/api/vagas",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Create a job opening (and queue its webhook)",
        body: JobOpeningInputSchema,
        response: { 201: SavedJobOpeningSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(signedInContext(request), request.body)),
  );

  r.put(
    "/api/vagas/:id",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Replace a job opening's fields",
        params: JobOpeningParamsSchema,
        body: JobOpeningInputSchema,
        response: { 200: SavedJobOpeningSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => service.update(signedInContext(request), request.params.id, request.body),
  );

  r.delete(
    "/api/vagas/:id",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Delete a job opening",
        params: JobOpeningParamsSchema,
        response: { 204: z.null().describe("Deleted"), 404: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
