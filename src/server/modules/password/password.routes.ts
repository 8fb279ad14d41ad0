import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema, OkSchema } from "@/domain/auth/auth.schema";
import {
  ChangePasswordInputSchema,
  ChangePasswordResultSchema,
  PasswordResetLinkSchema,
  PasswordResetTokenQuerySchema,
  PasswordStatusSchema,
  RequestPasswordResetInputSchema,
  ResetPasswordInputSchema,
  ResetPasswordResultSchema,
} from "@/domain/auth/security.schema";
import { copySetCookies } from "../../auth/auth.plugin";
import { requestContext, signedInContext } from "../../http/request-context";
import type { PasswordService } from "./password.service";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };

/** Changing a password on 'Minha conta', and 'Esqueci minha senha' (docs/decisions/050). */
export async function passwordRoutes(app: FastifyInstance, options: { service: PasswordService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/me/password",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "Whether the signed-in account has a password to change",
        response: { 200: PasswordStatusSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.passwordStatus(signedInContext(request));
    },
  );

  r.post(
    "/api/me/password",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary:
          "Change the signed-in user's password (the current one, then the sign-up's rules); optionally end every other session",
        body: ChangePasswordInputSchema,
        response: { 200: ChangePasswordResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { headers, result, afterAnswer } = await service.changePassword(
        signedInContext(request),
        request.body,
      );
      // With the other sessions ended, this browser holds a new session (better-auth's cookie),
      // and its old one is forgotten everywhere once this answer is sent (docs/decisions/050).
      copySetCookies(headers, reply);
      if (afterAnswer) {
        // "close" comes after the answer is sent, and also when the client goes away first.
        reply.raw.once("close", () => {
          afterAnswer().catch((err) =>
            request.log.error({ err }, "old sessions not evicted after a password change"),
          );
        });
      }
      return result;
    },
  );

  resetRoutes(app, service);
}

function resetRoutes(app: FastifyInstance, service: PasswordService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/password-reset/request",
    {
      schema: {
        tags: ["Conta"],
        summary:
          "E-mail a single-use link that sets a new password (the same answer whether or not the address has an account)",
        body: RequestPasswordResetInputSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await service.requestReset(request.body, requestContext(request));
      return { ok: true as const };
    },
  );

  r.get(
    "/api/password-reset",
    {
      schema: {
        tags: ["Conta"],
        summary:
          "Whose password a reset link sets (changes nothing); 404 once it is used, replaced or expired",
        querystring: PasswordResetTokenQuerySchema,
        response: { 200: PasswordResetLinkSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.resetLink(request.query.token);
    },
  );

  r.post(
    "/api/password-reset",
    {
      schema: {
        tags: ["Conta"],
        summary: "Spend a reset link: set the new password and end every session of the account",
        body: ResetPasswordInputSchema,
        response: { 200: ResetPasswordResultSchema, ...errors },
      },
    },
    async (request) => service.resetPassword(request.body, requestContext(request)),
  );
}
