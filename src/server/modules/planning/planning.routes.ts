import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  IdParamsSchema,
  PlanApproveInputSchema,
  PlanCallbackQuerySchema,
  PlanCallbackResultSchema,
  PlanCreatedSchema,
  PlanDetailSchema,
  PlanListQuerySchema,
  PlanSaveInputSchema,
  PlansPageSchema,
  PostParamsSchema,
  TaskResultSchema,
} from "@/domain/planning/api";
import { PlanContentSchema } from "@/domain/planning/plan-content.schema";
import { createPlanRequestSchema } from "@/domain/planning/plan-request.schema";
import { sendJsonText } from "../../http/json-text";
import { signedInContext } from "../../http/request-context";
import { NoBodySchema } from "../../http/schemas";
import { validate } from "../../http/validate";
import { bodyCheckedBy, bodyCheckedByService, formBody } from "../../http/validators";
import { PLAN_ANSWER_MAX_BYTES } from "./automation-client";
import { parseSaveBody } from "./plan-content";
import type { PlanTasksService } from "./plan-tasks.service";
import type { PlanningService } from "./planning.service";

const tags = ["Planejamentos"];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const planErrors = { 404: ApiErrorSchema, 409: ApiErrorSchema, ...errors };

/** The automation's credential: `?token=` or `Authorization: Bearer`, as sent. */
function callbackToken(request: FastifyRequest): string | undefined {
  const query = request.query as { token?: unknown };
  const token = typeof query.token === "string" ? query.token : undefined;
  return token ?? /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
}

/** Content plans: PLANNING_MANAGERS only (spec §6), each plan seen and changed by its owner only. */
export async function planningRoutes(
  app: FastifyInstance,
  options: { service: PlanningService; tasks: PlanTasksService },
) {
  const guard = app.requireAccess("planejamento");
  planReadingRoutes(app, guard, options.service);
  planChangingRoutes(app, guard, options);
  automationCallbackRoute(app, options.service);
}

type Guard = ReturnType<FastifyInstance["requireAccess"]>;

/** Listing, requesting and reading one's plans. */
function planReadingRoutes(app: FastifyInstance, guard: Guard, service: PlanningService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/planejamentos",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "The current user's content plans, newest first, in keyset pages ({ items, nextCursor })",
        querystring: PlanListQuerySchema,
        response: { 200: PlansPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sendJsonText(reply, await service.list(signedInContext(request), request.query));
    },
  );

  r.post(
    "/api/planejamentos",
    {
      preValidation: guard,
      // The years a plan may be for move with the date: the schema is made for each request.
      validatorCompiler: bodyCheckedBy((body) => validate(createPlanRequestSchema(), body)),
      schema: {
        tags,
        summary: "Request a content plan (stored, then generated)",
        body: createPlanRequestSchema(),
        response: { 201: PlanCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(signedInContext(request), request.body)),
  );

  r.get(
    "/api/planejamentos/:id",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "One of the user's content plans",
        params: IdParamsSchema,
        response: { 200: PlanDetailSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.detail(signedInContext(request), request.params.id);
    },
  );
}

/** Saving, approving and generating a plan again, and a post's Bitrix24 task. */
function planChangingRoutes(
  app: FastifyInstance,
  guard: Guard,
  { service, tasks }: { service: PlanningService; tasks: PlanTasksService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/planejamentos/:id",
    {
      preValidation: guard,
      validatorCompiler: bodyCheckedBy(parseSaveBody),
      schema: {
        tags,
        summary: "Save the edited content ({version, content}); 409 if someone saved in between",
        params: IdParamsSchema,
        body: PlanSaveInputSchema,
        response: { 200: PlanDetailSchema, ...planErrors },
      },
    },
    async (request) => service.save(signedInContext(request), request.params.id, request.body),
  );

  r.post(
    "/api/planejamentos/:id/aprovar",
    {
      preValidation: guard,
      validatorCompiler: formBody,
      schema: {
        tags,
        summary: "Approve the plan ({version})",
        params: IdParamsSchema,
        body: PlanApproveInputSchema,
        response: { 200: PlanDetailSchema, ...planErrors },
      },
    },
    async (request) => service.approve(signedInContext(request), request.params.id, request.body),
  );

  r.post(
    "/api/planejamentos/:id/gerar",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Generate again after a failure",
        params: IdParamsSchema,
        body: NoBodySchema,
        response: { 200: PlanDetailSchema, ...planErrors },
      },
    },
    async (request) => service.retry(signedInContext(request), request.params.id),
  );

  r.post(
    "/api/planejamentos/:id/posts/:postId/tarefa",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Create the post's Bitrix24 task (once per post)",
        params: PostParamsSchema,
        body: NoBodySchema,
        response: { 200: TaskResultSchema, 502: ApiErrorSchema, ...planErrors },
      },
    },
    async (request) => tasks.createTask(signedInContext(request), request.params.id, request.params.postId),
  );
}

/** The automation's callback carries no session: the per-plan token is its credential. */
function automationCallbackRoute(app: FastifyInstance, service: PlanningService) {
  app.withTypeProvider<ZodTypeProvider>().put(
    "/api/planejamentos/:id/conteudo",
    {
      bodyLimit: PLAN_ANSWER_MAX_BYTES,
      // Before the body is read: no token 401, a wrong one 403, whatever else is wrong; the content
      // is checked once the token holds (422).
      onRequest: async (request) => {
        await service.checkCallbackToken((request.params as { id: string }).id, callbackToken(request));
      },
      validatorCompiler: bodyCheckedByService,
      schema: {
        tags,
        summary: "Automation callback: the generated content, with the plan's token (?token= or Bearer)",
        params: IdParamsSchema,
        querystring: PlanCallbackQuerySchema,
        body: PlanContentSchema,
        response: {
          200: PlanCallbackResultSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      service.receiveCallback(request.params.id, callbackToken(request)!, request.body as unknown),
  );
}
