import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema, UpdateNameInputSchema, UserSchema } from "@/domain/auth/auth.schema";
import { AccountSessionListSchema, AccountSessionParamsSchema } from "@/domain/auth/security.schema";
import { copySetCookies } from "../../auth/auth.plugin";
import { signedInContext } from "../../http/request-context";
import type { AccountService } from "./account.service";

/** 'Minha conta' (ours): the signed-in user's own name, their sessions, and signing out of every one. */
export async function accountRoutes(app: FastifyInstance, options: { service: AccountService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    "/api/me",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "Change the signed-in user's own name (the one name rule, as at sign-up)",
        body: UpdateNameInputSchema,
        response: { 200: UserSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.updateName(signedInContext(request), request.body.name),
  );

  r.delete(
    "/api/me/sessions",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "Sign out of every session of the signed-in user, on every device, this one included",
        response: { 204: z.null().describe("Signed out everywhere"), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { headers } = await service.signOutEverywhere(signedInContext(request));
      copySetCookies(headers, reply);
      return reply.status(204).send(null);
    },
  );
  r.get(
    "/api/me/sessions",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "The signed-in user's active sessions: device, browser, IP, last use, and which is this one",
        response: { 200: AccountSessionListSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.listSessions(signedInContext(request));
    },
  );

  r.delete(
    "/api/me/sessions/:id",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "End one other session of the signed-in user (404 for anyone else's; 400 for this one)",
        params: AccountSessionParamsSchema,
        response: {
          204: z.null().describe("Ended"),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await service.endSession(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
