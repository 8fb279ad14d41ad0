import type { FastifyReply } from "fastify";

/**
 * Sends JSON the database built as text (a list page in one statement, see
 * db/json-rows.ts) as it is. Fastify serializes only payloads that are not
 * strings, so the route's declared response schema documents this answer
 * without checking it again.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type("application/json; charset=utf-8").send(json);
}
