import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http/errors";
import { UUID_PATTERN } from "../../http/validate";
import type { JobOpeningsService } from "./job-openings.service";

const IdParams = z.object({ id: z.string() });

/** Ours: a screenful of cards and some; 'Carregar mais vagas' brings the next page. */
const JOB_OPENINGS_PAGE_SIZE = 30;

/** Job openings: VAGAS_MANAGERS only (spec §6), enforced here whatever the client shows. */
export async function jobOpeningsRoutes(app: FastifyInstance, options: { service: JobOpeningsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("vagas");
  const caller = (request: FastifyRequest) => ({ user: request.user!, log: request.log });
  const jobOpeningId = (id: string) => {
    if (!UUID_PATTERN.test(id)) throw notFound();
    return id;
  };

  r.get(
    "/api/vagas",
    {
      preHandler: guard,
      schema: {
        tags: ["Vagas"],
        summary: "Job openings, newest first, in keyset pages ({ items, nextCursor })",
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(JOB_OPENINGS_PAGE_SIZE),
          cursor: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store").type("application/json; charset=utf-8");
      return reply.send(await service.list(request.query));
    },
  );

  r.post(
    "/api/vagas",
    {
      preHandler: guard,
      schema: { tags: ["Vagas"], summary: "Create a job opening (and queue its webhook)", body: z.unknown() },
    },
    async (request, reply) => reply.status(201).send(await service.create(caller(request), request.body)),
  );

  r.put(
    "/api/vagas/:id",
    {
      preHandler: guard,
      schema: {
        tags: ["Vagas"],
        summary: "Replace a job opening's fields",
        params: IdParams,
        body: z.unknown(),
      },
    },
    async (request) => service.update(caller(request), jobOpeningId(request.params.id), request.body),
  );

  r.delete(
    "/api/vagas/:id",
    { preHandler: guard, schema: { tags: ["Vagas"], summary: "Delete a job opening", params: IdParams } },
    async (request, reply) => {
      await service.remove(caller(request), jobOpeningId(request.params.id));
      return reply.status(204).send();
    },
  );
}
