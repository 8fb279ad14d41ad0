import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema, LoginResultSchema, OkSchema } from "@/domain/auth/auth.schema";
import {
  DisableTotpInputSchema,
  PasswordConfirmationSchema,
  RecoveryCodesSchema,
  SecondFactorStatusSchema,
  SecondStepInputSchema,
  TotpCodeInputSchema,
  TotpEnrolmentSchema,
} from "@/domain/auth/second-factor";
import { copySetCookies } from "../../auth/auth.plugin";
import { BEFORE_SECOND_FACTOR } from "../../auth/second-factor-gate";
import { requestContext, signedInContext } from "../../http/request-context";
import type { SecondFactorService } from "./second-factor.service";

const tags = ["Conta"];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** Where the person's own second factor is read and changed (docs/decisions/054). */
export const SECOND_FACTOR_PATH = "/api/me/segundo-fator";

/**
 * The new session better-auth made for this browser is sent now; the old one is forgotten on
 * every instance once the answer has gone, also when the client left first (docs/decisions/050).
 */
function replaceSession(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: { headers: Headers; afterAnswer: () => Promise<void> },
) {
  copySetCookies(outcome.headers, reply);
  reply.raw.once("close", () => {
    outcome.afterAnswer().catch((err) => request.log.error({ err }, "old session not evicted"));
  });
}

/**
 * The second factor: /login's second step, and on 'Minha conta' the authenticator app with its
 * recovery codes. better-auth's /two-factor/* endpoints stay closed from outside (auth.plugin.ts):
 * these routes call them with our checks, limits and Portuguese answers.
 */
export async function secondFactorRoutes(app: FastifyInstance, options: { service: SecondFactorService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/login/segundo-fator",
    {
      schema: {
        tags,
        summary:
          "The second step of a sign-in: the authenticator app's code or a single-use recovery code; sets the session cookie",
        body: SecondStepInputSchema,
        response: { 200: LoginResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { headers, user } = await service.secondStep(request.body, requestContext(request));
      copySetCookies(headers, reply);
      return { user };
    },
  );

  r.get(
    SECOND_FACTOR_PATH,
    {
      config: BEFORE_SECOND_FACTOR,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "The signed-in person's second factor: the app, recovery codes left, passkeys, and whether it is required",
        response: { 200: SecondFactorStatusSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.status(signedInContext(request));
    },
  );

  enrolmentRoutes(app, service);
  managementRoutes(app, service);
}

/** Switching the app on: open to a person who must enrol before anything else. */
function enrolmentRoutes(app: FastifyInstance, service: SecondFactorService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${SECOND_FACTOR_PATH}/totp`,
    {
      config: BEFORE_SECOND_FACTOR,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Start the authenticator app's enrolment (the password, when the account has one): its otpauth:// URI and secret, not in force until confirmed",
        body: PasswordConfirmationSchema,
        response: { 200: TotpEnrolmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.startTotp(signedInContext(request), request.body);
    },
  );

  r.post(
    `${SECOND_FACTOR_PATH}/totp/confirmar`,
    {
      config: BEFORE_SECOND_FACTOR,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Confirm the app with its first code: switches it on and answers the ten recovery codes, shown this once",
        body: TotpCodeInputSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await service.confirmTotp(signedInContext(request), request.body);
      replaceSession(request, reply, outcome);
      reply.header("cache-control", "no-store");
      return outcome.result;
    },
  );
}

/** Switching the app off and renewing the recovery codes. */
function managementRoutes(app: FastifyInstance, service: SecondFactorService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${SECOND_FACTOR_PATH}/totp/desativar`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Switch the authenticator app off: the password, or a current code for an account without one",
        body: DisableTotpInputSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request, reply) => {
      replaceSession(request, reply, await service.disableTotp(signedInContext(request), request.body));
      return { ok: true as const };
    },
  );

  r.post(
    `${SECOND_FACTOR_PATH}/codigos`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Ten new recovery codes (the password, when the account has one); the old ones stop working",
        body: PasswordConfirmationSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.renewRecoveryCodes(signedInContext(request), request.body);
    },
  );
}
