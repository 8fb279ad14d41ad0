import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ClientErrorCode, clientErrorMessages } from "@/domain/messages";

/*
 * One answer for every request the framework could not read. Fastify's router
 * (through `frameworkErrors`), its body parsers, @fastify/multipart and Node's
 * HTTP parser (through `clientErrorHandler`) each raise English errors with a
 * code; this table turns each code into a status and one of our Portuguese
 * texts (`clientErrorMessages`), so no English, code name or stack reaches a user.
 */
type ClientError = { status: number; code: ClientErrorCode };

const BY_ERROR_CODE: Record<string, ClientError> = {
  // Router, before any route runs (frameworkErrors)
  FST_ERR_BAD_URL: { status: 400, code: "BAD_URL" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: "URL_TOO_LONG" },
  // Content-type parsers
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "UNSUPPORTED_MEDIA_TYPE" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "INVALID_CONTENT_LENGTH" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "EMPTY_BODY" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "INVALID_JSON" },
  // @fastify/multipart (its own statuses are 406 for two of these; 415 and 400 are what they mean)
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: "NOT_MULTIPART" },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: "INVALID_MULTIPART" },
  FST_PROTO_VIOLATION: { status: 400, code: "INVALID_MULTIPART" },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: "UPLOAD_ABORTED" },
  FST_FIELDS_LIMIT: { status: 413, code: "TOO_MANY_FIELDS" },
  FST_PARTS_LIMIT: { status: 413, code: "TOO_MANY_FIELDS" },
  FST_FILES_LIMIT: { status: 413, code: "TOO_MANY_FIELDS" },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE" },
  // Node's HTTP parser, before Fastify sees a request (clientErrorHandler); other HPE_* are 400
  HPE_HEADER_OVERFLOW: { status: 431, code: "HEADERS_TOO_LARGE" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: "REQUEST_TIMEOUT" },
};

/** Any other 4xx a plugin raises without a code we know: the status still picks a Portuguese text. */
const BY_STATUS: Record<number, ClientErrorCode> = {
  400: "BAD_REQUEST",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  406: "NOT_ACCEPTABLE",
  408: "REQUEST_TIMEOUT",
  409: "CONFLICT",
  411: "LENGTH_REQUIRED",
  413: "PAYLOAD_TOO_LARGE",
  414: "URL_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  416: "RANGE_NOT_SATISFIABLE",
  429: "TOO_MANY_REQUESTS",
  431: "HEADERS_TOO_LARGE",
};

export type ClientErrorAnswer = {
  status: number;
  body: { message: string; description?: string; code: ClientErrorCode };
};

export function clientErrorAnswer(status: number, code: ClientErrorCode): ClientErrorAnswer {
  const notice: { title: string; description?: string } = clientErrorMessages[code];
  return {
    status,
    body: { message: notice.title, ...(notice.description ? { description: notice.description } : {}), code },
  };
}

/** The answer for an error the framework raised about the request, or undefined when it is not a client error. */
export function answerForClientError(error: { code?: unknown; statusCode?: unknown }) {
  const known = typeof error.code === "string" ? BY_ERROR_CODE[error.code] : undefined;
  if (known) return clientErrorAnswer(known.status, known.code);
  const status = typeof error.statusCode === "number" ? error.statusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) {
    return clientErrorAnswer(status, BY_STATUS[status] ?? "BAD_REQUEST");
  }
  return undefined;
}

/** Fastify's `frameworkErrors`: a path the router cannot decode, or a parameter too long for it. */
export function frameworkErrors(error: Error, request: FastifyRequest, reply: FastifyReply) {
  const answer = answerForClientError(error as { code?: unknown }) ?? clientErrorAnswer(400, "BAD_REQUEST");
  request.log.info({ code: (error as { code?: unknown }).code }, "request refused: unreadable path");
  return reply.status(answer.status).send(answer.body);
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (a broken
 * header, headers too large, a request line that is not HTTP) before any request
 * exists. Answers in Portuguese and closes, as the connection cannot be trusted
 * to carry another request.
 */
export function connectionErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const answer = answerForClientError(error) ?? clientErrorAnswer(400, "BAD_REQUEST");
  this.log.debug({ code: error.code }, "connection refused: unreadable request");
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(answer.body);
  socket.end(
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      "Connection: close\r\n\r\n" +
      json,
    () => socket.destroy(),
  );
}
