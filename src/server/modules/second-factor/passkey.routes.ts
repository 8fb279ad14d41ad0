import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema, LoginResultSchema } from "@/domain/auth/auth.schema";
import {
  PasskeyOptionsSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  PasskeySignInInputSchema,
  RegisterPasskeyInputSchema,
} from "@/domain/auth/second-factor";
import { copySetCookies } from "../../auth/auth.plugin";
import { BEFORE_SECOND_FACTOR } from "../../auth/second-factor-gate";
import { requestContext, signedInContext } from "../../http/request-context";
import { NoBodySchema } from "../../http/schemas";
import type { PasskeyService } from "./passkey.service";

const tags = ["Conta"];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};
export const PASSKEYS_PATH = "/api/me/chaves-de-acesso";

/**
 * Passkeys (docs/decisions/056): registered, listed (in GET /api/me/segundo-fator) and removed on
 * 'Minha conta', and signing in on /login. The options are asked with a POST: each one stores a
 * challenge (better-auth's GETs), and nothing changes on a GET here (ASVS 3.5.3).
 */
export async function passkeyRoutes(app: FastifyInstance, options: { service: PasskeyService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${PASSKEYS_PATH}/opcoes`,
    {
      config: BEFORE_SECOND_FACTOR,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "WebAuthn registration options for a new passkey of the signed-in person (a challenge of 5 minutes)",
        body: NoBodySchema,
        response: { 200: PasskeyOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { headers, options: body } = await service.registrationOptions(signedInContext(request));
      copySetCookies(headers, reply);
      reply.header("cache-control", "no-store");
      return body;
    },
  );

  r.post(
    PASSKEYS_PATH,
    {
      config: BEFORE_SECOND_FACTOR,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Register the passkey the authenticator made (the answer to the options above)",
        body: RegisterPasskeyInputSchema,
        response: { 201: PasskeySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.register(signedInContext(request), request.body)),
  );

  r.delete(
    `${PASSKEYS_PATH}/:id`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Remove one of the signed-in person's passkeys (not the last factor of someone who must have one)",
        params: PasskeyParamsSchema,
        response: { 204: z.null().describe("Removed"), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  signInRoutes(app, service);
}

function signInRoutes(app: FastifyInstance, service: PasskeyService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/login/chave-de-acesso/opcoes",
    {
      schema: {
        tags,
        summary: "WebAuthn options to sign in with a passkey (any of the browser's for this site)",
        body: NoBodySchema,
        response: { 200: PasskeyOptionsSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { headers, options: body } = await service.signInOptions(requestContext(request));
      copySetCookies(headers, reply);
      reply.header("cache-control", "no-store");
      return body;
    },
  );

  r.post(
    "/api/login/chave-de-acesso",
    {
      schema: {
        tags,
        summary: "Sign in with a passkey (it counts as the second factor too); sets the session cookie",
        body: PasskeySignInInputSchema,
        response: { 200: LoginResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { headers, user } = await service.signIn(request.body, requestContext(request));
      copySetCookies(headers, reply);
      return { user };
    },
  );
}
