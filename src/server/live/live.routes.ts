import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import type { LiveBus, LiveEvent } from "./bus";

/** The spec's realtime constants: a heartbeat every 30 s (clients give up on a silent stream after 30 s more). */
export const HEARTBEAT_MS = 30_000;

/**
 * `GET /api/eventos`: server-sent events for the signed-in person (issue 11,
 * live). Each event says only what changed (a request's kind and id, or "your
 * notifications"); the page then asks the API, which decides what it may see.
 */
export async function liveRoutes(app: FastifyInstance, options: { bus: LiveBus; heartbeatMs?: number }) {
  const streams = new Set<FastifyReply>();
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;

  // Open streams end with the app, so a shutdown does not wait for them.
  app.addHook("onClose", async () => {
    for (const reply of streams) reply.raw.end();
    streams.clear();
  });

  app.get(
    "/api/eventos",
    {
      preValidation: app.requireUser,
      schema: {
        tags: ["Notificações"],
        summary:
          "Server-sent events: `request` ({kind, id}) when one of your requests or of your teams' changes, `notification` when your bell does; a `ping` every 30 s",
        response: {
          200: z.string().describe("text/event-stream"),
          401: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const teamIds = new Set(user.teams.map((t) => t.id));
      const concerns = (event: LiveEvent) =>
        event.userIds.includes(user.id) ||
        (event.type === "request" && event.teamIds.some((id) => teamIds.has(id)));

      reply.hijack();
      const raw = reply.raw;
      // A hijacked answer skips the onSend hooks: the API's security headers are written here.
      raw.writeHead(200, {
        ...app.securityHeaders.api,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        // Proxies such as nginx would otherwise hold the events back.
        "x-accel-buffering": "no",
      });
      raw.write(": conectado\n\n");
      const send = (name: string, data: unknown) =>
        raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

      const unsubscribe = options.bus.subscribe((event) => {
        if (!concerns(event)) return;
        if (event.type === "request") send("request", { kind: event.kind, id: event.id });
        else send("notification", {});
      });
      const heartbeat = setInterval(() => send("ping", { at: new Date().toISOString() }), heartbeatMs);
      heartbeat.unref();
      streams.add(reply);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(reply);
      };
      raw.on("close", stop);
      raw.on("error", stop);
    },
  );
}
