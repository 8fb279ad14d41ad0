import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/*
 * An answer sent before the request's body has all arrived — a 413 once an
 * upload passes its limit, a 400 for a form refused on its first field, a 401
 * before an upload was read — leaves the rest of that body on the connection.
 * Node parses the next request on a keep-alive connection only after the rest
 * of the body, and once the handler stopped reading it nothing reads it: the
 * next request (a browser reuses the connection for the user's next click)
 * waited for nothing until a timeout.
 *
 * Reading and discarding the rest instead would keep the connection, but costs
 * whatever the client still means to send (gigabytes, for a hostile one) before
 * the next request is served. So such an answer says `Connection: close`; Node
 * closes the connection once the answer is written, and the client sends its
 * next request on a new one. The answer itself is complete (it has its
 * Content-Length) so the client reads it; a browser retries an idempotent
 * request that finds a closed keep-alive connection, but would not retry a
 * POST that got no answer — hence answer first, then close.
 */

/** True while the body announced by the headers has not all been received. */
export function bodyStillArriving(raw: IncomingMessage): boolean {
  const announced =
    raw.headers["transfer-encoding"] !== undefined ||
    (raw.headers["content-length"] !== undefined && raw.headers["content-length"] !== "0");
  // `complete` is Node's: false until the parser has seen the whole message. (app.inject's
  // requests have no such flag, and always arrive whole.)
  return announced && raw.complete === false;
}

export function registerUnreadBodyClose(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (bodyStillArriving(request.raw)) {
      reply.header("connection", "close");
      request.log.debug("answered before the body arrived: closing the connection after the answer");
    }
    done(null, payload);
  });
}
