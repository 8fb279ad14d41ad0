import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PLAN_ANSWER_MAX_BYTES } from "./automation-client";
import type { PlanTasksService } from "./plan-tasks.service";
import type { PlanningService } from "./planning.service";

const IdParams = z.object({ id: z.string() });

/** Three rows of cards on a wide screen, and some; 'Carregar mais planejamentos' brings the next page. */
const PLANS_PAGE_SIZE = 30;
const PostParams = z.object({ id: z.string(), postId: z.string().max(64) });

/** Content plans: PLANNING_MANAGERS only (spec §6), each plan seen and changed by its owner only. */
export async function planningRoutes(
  app: FastifyInstance,
  options: { service: PlanningService; tasks: PlanTasksService },
) {
  const { service, tasks } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = app.requireAccess("planejamento");
  const caller = (request: FastifyRequest) => ({ user: request.user!, log: request.log });
  const tags = ["Planejamentos"];

  r.get(
    "/api/planejamentos",
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The current user's content plans, newest first, in keyset pages ({ items, nextCursor })",
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(PLANS_PAGE_SIZE),
          cursor: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store").type("application/json; charset=utf-8");
      return reply.send(await service.list(caller(request), request.query));
    },
  );

  r.post(
    "/api/planejamentos",
    {
      preHandler: guard,
      schema: { tags, summary: "Request a content plan (stored, then generated)", body: z.unknown() },
    },
    async (request, reply) => reply.status(201).send(await service.create(caller(request), request.body)),
  );

  r.get(
    "/api/planejamentos/:id",
    { preHandler: guard, schema: { tags, summary: "One of the user's content plans", params: IdParams } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.detail(caller(request), request.params.id);
    },
  );

  r.put(
    "/api/planejamentos/:id",
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Save the edited content ({version, content}); 409 if someone saved in between",
        params: IdParams,
        body: z.unknown(),
      },
    },
    async (request) => service.save(caller(request), request.params.id, request.body),
  );

  r.post(
    "/api/planejamentos/:id/aprovar",
    {
      preHandler: guard,
      schema: { tags, summary: "Approve the plan ({version})", params: IdParams, body: z.unknown() },
    },
    async (request) => service.approve(caller(request), request.params.id, request.body),
  );

  r.post(
    "/api/planejamentos/:id/gerar",
    {
      preHandler: guard,
      schema: { tags, summary: "Generate again after a failure", params: IdParams },
    },
    async (request) => service.retry(caller(request), request.params.id),
  );

  r.post(
    "/api/planejamentos/:id/posts/:postId/tarefa",
    {
      preHandler: guard,
      schema: { tags, summary: "Create the post's Bitrix24 task (once per post)", params: PostParams },
    },
    async (request) => tasks.createTask(caller(request), request.params.id, request.params.postId),
  );

  // The automation's callback carries no session: the per-plan token is its credential.
  r.put(
    "/api/planejamentos/:id/conteudo",
    {
      bodyLimit: PLAN_ANSWER_MAX_BYTES,
      schema: {
        tags,
        summary: "Automation callback: the generated content, with the plan's token (?token= or Bearer)",
        params: IdParams,
        querystring: z.object({ token: z.string().max(200).optional() }),
        body: z.unknown(),
      },
    },
    async (request) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
      return service.receiveCallback(request.params.id, request.query.token ?? bearer, request.body);
    },
  );
}
