import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { SsoStartInputSchema, SsoStartParamsSchema, SsoStartResultSchema } from "@/domain/auth/sso";
import { copySetCookies } from "../../auth/auth.plugin";
import { requestContext } from "../../http/request-context";
import type { SsoService } from "./sso.service";

/** 'Entrar com Google', 'Entrar com Microsoft', 'Entrar com <name>' (docs/decisions/052). */
export async function ssoRoutes(app: FastifyInstance, options: { service: SsoService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/sso/:provider",
    {
      schema: {
        tags: ["Conta"],
        summary:
          "Start a sign-in with a configured identity provider: sets the state cookie and answers the provider's URL to open",
        params: SsoStartParamsSchema,
        body: SsoStartInputSchema,
        response: {
          200: SsoStartResultSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { result, headers } = await options.service.start(
        request.params.provider,
        request.body,
        requestContext(request),
      );
      copySetCookies(headers, reply);
      reply.header("cache-control", "no-store");
      return result;
    },
  );
}
