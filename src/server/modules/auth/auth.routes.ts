import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ApiErrorSchema,
  LoginInputSchema,
  MagicLinkInputSchema,
  MeSchema,
  PublicConfigSchema,
  RegisterInputSchema,
  RegisterResultSchema,
  UserSchema,
} from "@/domain/auth/auth.schema";
import { copySetCookies, toWebHeaders } from "../../auth/auth.plugin";
import type { AuthService } from "./auth.service";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };

export async function authRoutes(
  app: FastifyInstance,
  options: { service: AuthService; publicConfig: z.infer<typeof PublicConfigSchema> },
) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => ({
    ip: request.ip,
    headers: toWebHeaders(request),
    log: request.log,
  });

  r.get(
    "/api/config",
    {
      schema: {
        tags: ["Conta"],
        summary: "Public settings the sign-up form needs",
        response: { 200: PublicConfigSchema },
      },
    },
    async () => options.publicConfig,
  );

  r.post(
    "/api/register",
    {
      schema: {
        tags: ["Conta"],
        summary: "Sign up with name, company e-mail and password (spec §5 Registration)",
        body: RegisterInputSchema,
        response: { 201: RegisterResultSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.register(request.body, caller(request));
      return reply.status(201).send(result);
    },
  );

  r.post(
    "/api/login",
    {
      schema: {
        tags: ["Conta"],
        summary: "Sign in with e-mail and password; sets the session cookie",
        body: LoginInputSchema,
        response: { 200: z.object({ user: UserSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const { headers, user } = await service.login(request.body, caller(request));
      copySetCookies(headers, reply);
      return { user };
    },
  );

  r.post(
    "/api/magic-link",
    {
      schema: {
        tags: ["Conta"],
        summary: "E-mail a single-use sign-in link to a registered user",
        body: MagicLinkInputSchema,
        response: { 200: z.object({ ok: z.literal(true) }), 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await service.sendMagicLink(request.body, caller(request));
      return { ok: true as const };
    },
  );

  r.post(
    "/api/logout",
    { schema: { tags: ["Conta"], summary: "End the session on the server and clear its cookie" } },
    async (request, reply) => {
      const { headers } = await service.logout(caller(request));
      copySetCookies(headers, reply);
      return reply.status(204).send();
    },
  );

  r.get(
    "/api/me",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "The signed-in user and the staff areas they may see",
        response: { 200: MeSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { access, ...user } = request.user!;
      reply.header("cache-control", "no-store");
      return { user, access };
    },
  );
}
