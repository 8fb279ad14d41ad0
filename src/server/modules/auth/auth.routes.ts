import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ApiErrorSchema,
  ConfirmationTokenQuerySchema,
  ConfirmInThisBrowserInputSchema,
  ConfirmWithPasswordInputSchema,
  ConfirmWithPasswordResultSchema,
  LoginInputSchema,
  LoginResultSchema,
  MagicLinkInputSchema,
  MagicLinkVerifyInputSchema,
  MagicLinkVerifyResultSchema,
  MeSchema,
  OkSchema,
  PendingConfirmationSchema,
  PublicConfigSchema,
  RegisterInputSchema,
  RegisterResultSchema,
  ResendConfirmationInputSchema,
} from "@/domain/auth/auth.schema";
import { type CurrentUser, copySetCookies } from "../../auth/auth.plugin";
import { WHO_IS_SIGNED_IN } from "../../auth/second-factor-gate";
import { readCookie, serializeCookie } from "../../http/cookies";
import { requestContext } from "../../http/request-context";
import { NoBodySchema } from "../../http/schemas";
import { serializedOnce } from "../../http/serialized-once";
import type { AuthService } from "./auth.service";
import { PENDING_SIGN_UP_HOURS } from "./pending-sign-ups.service";

/** The confirmation endpoints; the browser nonce cookie is sent to these paths only. */
export const CONFIRM_EMAIL_PATH = "/api/confirm-email";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };

type Options = {
  service: AuthService;
  publicConfig: z.infer<typeof PublicConfigSchema>;
  /** PUBLIC_URL is https: cookies are Secure (and the nonce's name takes the __Secure- prefix). */
  secureCookies: boolean;
};

export async function authRoutes(app: FastifyInstance, options: Options) {
  const nonce = signUpNonce(options.secureCookies);
  signUpRoutes(app, options, nonce);
  confirmationRoutes(app, options.service, nonce);
  sessionRoutes(app, options.service);
}

/*
 * The registering browser's proof (docs/decisions/009): httpOnly, SameSite=Lax
 * (a link opened from a mail client is a top-level GET, which carries it), and
 * sent to the confirmation endpoints only.
 */
function signUpNonce(secureCookies: boolean) {
  const nonceCookie = secureCookies ? "__Secure-balcao.signup_nonce" : "balcao.signup_nonce";
  return {
    set: (reply: FastifyReply, nonce: string, maxAgeSeconds: number) =>
      reply.header(
        "set-cookie",
        serializeCookie(nonceCookie, nonce, {
          path: CONFIRM_EMAIL_PATH,
          maxAgeSeconds,
          secure: secureCookies,
        }),
      ),
    of: (request: FastifyRequest) => readCookie(request.headers.cookie, nonceCookie),
  };
}

type SignUpNonce = ReturnType<typeof signUpNonce>;

/** The public settings and the sign-up itself. */
function signUpRoutes(app: FastifyInstance, options: Options, nonceCookie: SignUpNonce) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
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
        response: { 201: RegisterResultSchema, 409: ApiErrorSchema, 503: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { nonce, ...result } = await service.register(request.body, requestContext(request));
      if (nonce) nonceCookie.set(reply, nonce, PENDING_SIGN_UP_HOURS * 60 * 60);
      return reply.status(201).send(result);
    },
  );
}

/** The e-mailed confirmation link: opened, looked at, finished elsewhere, sent again. */
function confirmationRoutes(app: FastifyInstance, service: AuthService, nonceCookie: SignUpNonce) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CONFIRM_EMAIL_PATH,
    {
      schema: {
        tags: ["Conta"],
        summary:
          "The e-mailed confirmation link: changes nothing (mail scanners open it first) and opens the confirmation page",
        querystring: ConfirmationTokenQuerySchema,
        response: {
          302: z
            .null()
            .describe("To the confirmation page /confirmar-email?token=…, or to /login when refused"),
        },
      },
    },
    async (request, reply) => {
      const location = await service.openConfirmationLink(requestContext(request), request.query.token);
      reply.header("cache-control", "no-store");
      return reply.redirect(location, 302);
    },
  );

  r.post(
    `${CONFIRM_EMAIL_PATH}/this-browser`,
    {
      schema: {
        tags: ["Conta"],
        summary:
          "'Confirmar email' in the browser that registered: spends the token, confirms the e-mail, keeps the password chosen at sign-up",
        body: ConfirmInThisBrowserInputSchema,
        response: { 200: ConfirmWithPasswordResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const nonce = nonceCookie.of(request);
      const result = await service.confirmInThisBrowser(request.body.token, requestContext(request), nonce);
      nonceCookie.set(reply, "", 0);
      return result;
    },
  );

  r.get(
    `${CONFIRM_EMAIL_PATH}/pending`,
    {
      schema: {
        tags: ["Conta"],
        summary:
          "Whose sign-up a confirmation link is for, and whether this is the browser that registered it (changes nothing)",
        querystring: ConfirmationTokenQuerySchema,
        response: { 200: PendingConfirmationSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.pendingConfirmation(request.query.token, nonceCookie.of(request));
    },
  );

  confirmationWithPasswordRoutes(app, service, nonceCookie);
}

/** The set-password form of the confirmation page, and a fresh link. */
function confirmationWithPasswordRoutes(
  app: FastifyInstance,
  service: AuthService,
  nonceCookie: SignUpNonce,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    CONFIRM_EMAIL_PATH,
    {
      schema: {
        tags: ["Conta"],
        summary:
          "Finish a confirmation opened in another browser: spends the token, confirms the e-mail, sets name and password",
        body: ConfirmWithPasswordInputSchema,
        response: { 200: ConfirmWithPasswordResultSchema, ...errors },
      },
    },
    async (request) => service.confirmWithPassword(request.body, requestContext(request)),
  );

  r.post(
    `${CONFIRM_EMAIL_PATH}/resend`,
    {
      schema: {
        tags: ["Conta"],
        summary:
          "E-mail a fresh confirmation link for a pending sign-up (the same answer whether or not there is one)",
        body: ResendConfirmationInputSchema,
        response: { 200: OkSchema, 503: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const nonce = nonceCookie.of(request);
      const { refreshNonce } = await service.resendConfirmation(request.body, requestContext(request), nonce);
      if (refreshNonce && nonce) nonceCookie.set(reply, nonce, PENDING_SIGN_UP_HOURS * 60 * 60);
      return { ok: true as const };
    },
  );
}

/** Signing in and out, and who is signed in. */
function sessionRoutes(app: FastifyInstance, service: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sendMe = serializedOnce<CurrentUser>(app.seams.serializeOnce);
  r.post(
    "/api/login",
    {
      schema: {
        tags: ["Conta"],
        summary:
          "Sign in with e-mail and password; sets the session cookie, or for an account with an authenticator app answers `secondStep` and sets the short-lived cookie of POST /api/login/segundo-fator",
        body: LoginInputSchema,
        response: { 200: LoginResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { headers, ...result } = await service.login(request.body, requestContext(request));
      copySetCookies(headers, reply);
      return result;
    },
  );

  r.post(
    "/api/magic-link",
    {
      schema: {
        tags: ["Conta"],
        summary: "E-mail a single-use sign-in link to a registered user",
        body: MagicLinkInputSchema,
        response: { 200: OkSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await service.sendMagicLink(request.body, requestContext(request));
      return { ok: true as const };
    },
  );

  r.post(
    "/api/magic-link/verify",
    {
      schema: {
        tags: ["Conta"],
        summary:
          "Spend an e-mailed sign-in link: the click on the page the link opens (opening the link spends nothing, so mail scanners do not)",
        body: MagicLinkVerifyInputSchema,
        response: { 200: MagicLinkVerifyResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { headers, result } = await service.verifyMagicLink(request.body, requestContext(request));
      copySetCookies(headers, reply);
      reply.header("cache-control", "no-store");
      return result;
    },
  );

  r.post(
    "/api/logout",
    {
      schema: {
        tags: ["Conta"],
        summary: "End the session on the server and clear its cookie",
        body: NoBodySchema,
        response: { 204: z.null().describe("Signed out"), ...errors },
      },
    },
    async (request, reply) => {
      const { headers } = await service.logout(requestContext(request));
      copySetCookies(headers, reply);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/me",
    {
      // Read by the SPA to send someone who must enrol a second factor to do so (docs/decisions/055).
      config: WHO_IS_SIGNED_IN,
      preHandler: app.requireUser,
      schema: {
        tags: ["Conta"],
        summary: "The signed-in user and the staff areas they may see",
        response: { 200: MeSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      // A cached session is the same object on every call: its answer is serialized once.
      return sendMe(reply, request.user!, ({ access, secondFactor, ...user }) => ({
        user,
        access,
        secondFactor,
      }));
    },
  );
}
