import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http/errors";
import { UUID_PATTERN } from "../../http/validate";
import type { ClientsService } from "./clients.service";

const IdParams = z.object({ id: z.string() });

/** A screenful of cards and some; 'Carregar mais clientes' brings the next page. */
const CLIENTS_PAGE_SIZE = 30;

/*
 * Clients: PLANNING_MANAGERS only (spec §6), enforced here whatever the client
 * shows. There is no delete: plans name their client (the foreign key
 * restricts it), and a plan's history must keep saying whose plan it was.
 */
export async function clientsRoutes(app: FastifyInstance, options: { service: ClientsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("planejamento");
  const caller = (request: FastifyRequest) => ({ user: request.user!, log: request.log });
  const clientId = (id: string) => {
    if (!UUID_PATTERN.test(id)) throw notFound();
    return id;
  };

  r.get(
    "/api/clients",
    {
      preHandler: guard,
      schema: {
        tags: ["Clientes"],
        summary: "Clients by name, in keyset pages ({ items, nextCursor })",
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(CLIENTS_PAGE_SIZE),
          cursor: z.string().max(1000).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.list(request.query);
    },
  );

  r.post(
    "/api/clients",
    {
      preHandler: guard,
      schema: {
        tags: ["Clientes"],
        summary: "Create a client (names are unique, whatever their case)",
        body: z.unknown(),
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(caller(request), request.body)),
  );

  r.put(
    "/api/clients/:id",
    {
      preHandler: guard,
      schema: {
        tags: ["Clientes"],
        summary: "Replace a client's fields",
        params: IdParams,
        body: z.unknown(),
      },
    },
    async (request) => service.update(caller(request), clientId(request.params.id), request.body),
  );
}
