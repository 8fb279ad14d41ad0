import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { httpMessages } from "@/domain/messages";
import { type CurrentUser, toWebHeaders } from "../auth/auth.plugin";
import { AppError } from "./errors";

/**
 * What a service knows of the HTTP request that called it, the same type for
 * every module: who (when signed in), from where, the logger bound to the
 * request, and the Idempotency-Key a client may send with a submission.
 */
export type RequestContext = {
  user: CurrentUser | null;
  ip: string;
  /** The request's headers for better-auth (cookies), with the client IP as Fastify resolved it. */
  headers: Headers;
  log: FastifyBaseLogger;
  idempotencyKey: string | null;
};

/** A context whose route ran `requireUser` (or `requireAccess`). */
export type SignedInContext = RequestContext & { user: CurrentUser };

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    user: request.user,
    ip: request.ip,
    get headers() {
      return toWebHeaders(request);
    },
    log: request.log,
    idempotencyKey: idempotencyKey(request),
  };
}

export function signedInContext(request: FastifyRequest): SignedInContext {
  const context = requestContext(request);
  if (!context.user) throw new Error("signedInContext on a route without requireUser");
  return context as SignedInContext;
}

/** Idempotency-Key (IETF draft): printable ASCII, at most 200 characters; absent is fine. */
function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return null;
  if (typeof value !== "string" || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError(400, "VALIDATION", {
      title: httpMessages.badRequest,
      description: "Cabeçalho Idempotency-Key inválido",
    });
  }
  return value;
}
