import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  ClientListQuerySchema,
  ClientSchema,
  ClientsPageSchema,
  IdParamsSchema,
} from "@/domain/planning/api";
import { ClientInputSchema } from "@/domain/planning/client.schema";
import { signedInContext } from "../../http/request-context";
import { formBody } from "../../http/validators";
import type { ClientsService } from "./clients.service";

const tags = ["Clientes"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/*
 * Clients: PLANNING_MANAGERS only (spec §6), enforced here whatever the client
 * shows. There is no delete: plans name their client (the foreign key
 * restricts it), and a plan's history must keep saying whose plan it was.
 */
export async function clientsRoutes(app: FastifyInstance, options: { service: ClientsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("planejamento");

  r.get(
    "/api/clients",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Clients by name, in keyset pages ({ items, nextCursor })",
        querystring: ClientListQuerySchema,
        response: { 200: ClientsPageSchema, ...errors },
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
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Create a client (names are unique, whatever their case)",
        body: ClientInputSchema,
        response: { 201: ClientSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(signedInContext(request), request.body)),
  );

  r.put(
    "/api/clients/:id",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Replace a client's fields",
        params: IdParamsSchema,
        body: ClientInputSchema,
        response: { 200: ClientSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) => service.update(signedInContext(request), request.params.id, request.body),
  );
}
