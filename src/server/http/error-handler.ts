import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { httpMessages } from "@/domain/messages";
import { answerForClientError } from "./client-errors";
import { AppError, notFound, unauthorized } from "./errors";
import { routedPath } from "./routed-path";

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  const missing = (params as { issue?: { path?: PropertyKey[] } })?.issue?.path;
  return path || (missing?.length ? missing.join(".") : "_");
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.statusCode === 403 || error.statusCode === 429) {
        request.log.info({ code: error.code, statusCode: error.statusCode }, "request refused");
      }
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names nothing (a malformed id, an unknown kind) is not found, like another user's id.
      if (error.validationContext === "params") return reply.status(404).send(notFound().toBody());
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, issue.params);
        fields[name] ??= issue.message ?? httpMessages.invalid;
      }
      return reply.status(400).send({
        message: httpMessages.badRequest,
        description: Object.values(fields)[0],
        code: "VALIDATION",
        fields,
      });
    }
    // Fastify's and its plugins' own errors about the request: one Portuguese answer per code.
    const client = answerForClientError(error);
    if (client) return reply.status(client.status).send(client.body);
    if (request.user && isForeignKeyViolation(error)) {
      // A write that names a person whose row is gone: the session it came with ended meanwhile
      // (the row deleted by hand, before every instance heard of it: docs/decisions/030).
      return request.server.sessionEnded(request).then(
        (ended) => {
          if (!ended) return internal(error, request, reply);
          request.log.info({ userId: request.user?.id }, "write by an ended session refused");
          return reply.status(401).send(unauthorized().toBody());
        },
        () => internal(error, request, reply),
      );
    }
    return internal(error, request, reply);
  });
}

function internal(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  request.log.error({ err: error }, "unhandled error");
  return reply.status(500).send({
    message: httpMessages.internal,
    description: httpMessages.internalDescription,
    code: "INTERNAL",
  });
}

/** PostgreSQL's foreign_key_violation, however deep the driver and the ORM wrapped it. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

export function registerNotFound(app: FastifyInstance, spa: { indexHtml: string | null }) {
  app.setNotFoundHandler((request, reply) => {
    const path = routedPath(request.url);
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !path.startsWith("/api/") &&
      path !== "/api" &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!wantsPage) return reply.status(404).send(notFound().toBody());
    if (!spa.indexHtml) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet: run `npm run build` (or use `npm start`, which builds it).");
    }
    // History fallback: the React router decides what the path shows, including its own 404 page.
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(spa.indexHtml);
  });
}
