import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { secondFactorOwed } from "@/domain/auth/second-factor-codes";
import { liveMessages } from "@/domain/messages";
import type { CurrentUser } from "../auth/auth.plugin";
import { AppError } from "../http/errors";
import type { LiveBus, LiveEvent } from "./bus";
import { createOpenStreams, MAX_STREAMS_PER_PERSON, type OpenStream } from "./open-streams";

/** The spec's realtime constants: a heartbeat every 30 s (clients give up on a silent stream after 30 s more). */
export const HEARTBEAT_MS = 30_000;
/** An open stream asks again who its session belongs to every this many heartbeats (5 min). */
const RECHECK_EVERY_BEATS = 10;

/**
 * `GET /api/eventos`: server-sent events for the signed-in person (decision 011,
 * live updates). Each event says only what changed (a request's kind and id, or "your
 * notifications"); the page then asks the API, which decides what it may see.
 * The stream stays authorised while open: it ends with its session and follows
 * its person's teams (docs/decisions/030).
 */
type LiveRoutesOptions = {
  bus: LiveBus;
  heartbeatMs?: number;
  maxStreamsPerPerson?: number;
  /** Hears how to count the open streams (/metrics). */
  observe?: (count: () => number) => void;
};

/** A person keeps a stream while their access and teams stay what they were (docs/decisions/030). */
function openStreamsOf(app: FastifyInstance, options: LiveRoutesOptions) {
  return createOpenStreams<CurrentUser>({
    topic: options.bus.sessions,
    sameAccess: (before, after) =>
      JSON.stringify([before.access, before.teams]) === JSON.stringify([after.access, after.teams]),
    max: options.maxStreamsPerPerson ?? MAX_STREAMS_PER_PERSON,
    log: app.log,
  });
}

/** Whether a live event is for this stream: everyone's calendar events, the person's, their teams'. */
function concerns(event: LiveEvent, userId: string, teamIds: ReadonlySet<string>) {
  if (event.type === "limites") return false;
  if (event.type === "ausencias" || event.type === "feriados") return true;
  return (
    event.userIds.includes(userId) ||
    (event.type === "request" && event.teamIds.some((id) => teamIds.has(id)))
  );
}

/** The stream's event name and data for a live event. */
function streamEventOf(event: LiveEvent): [string, unknown] {
  if (event.type === "request") return ["request", { kind: event.kind, id: event.id }];
  if (event.type === "ausencias" || event.type === "feriados") return [event.type, {}];
  return ["notification", {}];
}

export async function liveRoutes(app: FastifyInstance, options: LiveRoutesOptions) {
  const streams = new Set<FastifyReply>();
  options.observe?.(() => streams.size);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = openStreamsOf(app, options);

  // Open streams end with the app, so a shutdown does not wait for them.
  app.addHook("onClose", async () => {
    open.close();
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
          "Server-sent events: `request` ({kind, id}) when one of your requests or of your teams' changes, `notification` when your bell does, `ausencias` when who is away changed (everyone), `feriados` when the office's holidays did (everyone), `acesso` when your teams changed or your session ended (the stream then closes); a `ping` every 30 s. At most 10 open per person on an instance",
        response: {
          200: z.string().describe("text/event-stream"),
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const raw = reply.raw;
      const send = (name: string, data: unknown) =>
        raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      const token = app.sessions.tokenOf(request.headers.cookie);
      let teamIds = new Set(request.user!.teams.map((t) => t.id));
      const stream: OpenStream<CurrentUser> = {
        sessionKey: token ? app.sessions.keyOf(token) : null,
        user: request.user!,
        recheck: () => servedNow(app, request),
        narrow(user) {
          teamIds = new Set(user.teams.map((t) => t.id));
          // The page asks again for what it shows: a queue may be gone, a menu changed.
          send("acesso", {});
        },
        end() {
          // The page asks who is signed in, and goes to /login (its reconnection would get 401).
          send("acesso", {});
          raw.end();
        },
      };
      if (!open.add(stream)) {
        request.log.warn({ userId: stream.user.id }, "live stream refused: too many open");
        throw new AppError(
          429,
          "TOO_MANY_STREAMS",
          liveMessages.tooManyStreams(options.maxStreamsPerPerson ?? MAX_STREAMS_PER_PERSON),
        );
      }
      reply.hijack();
      openEventStream(raw, app.securityHeaders.api);

      const unsubscribe = options.bus.subscribe((event) => {
        if (concerns(event, stream.user.id, teamIds)) send(...streamEventOf(event));
      });
      let beats = 0;
      const heartbeat = setInterval(() => {
        send("ping", { at: new Date().toISOString() });
        // What published nothing (an expiry, a lost notification) is caught here; not at every
        // beat, as the cached session has usually lapsed by then and this reads the database.
        beats += 1;
        if (beats % RECHECK_EVERY_BEATS === 0) open.recheck([stream]);
      }, heartbeatMs);
      heartbeat.unref();
      streams.add(reply);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.remove(stream);
        streams.delete(reply);
      };
      raw.on("close", stop);
      raw.on("error", stop);
      // Gone while its session was looked up: no close event will come, and it must not hold a place.
      if (request.raw.socket?.destroyed) stop();
    },
  );
}

/** Who the stream serves now; someone who must enrol a second factor first is no longer served (055). */
async function servedNow(app: FastifyInstance, request: FastifyRequest): Promise<CurrentUser | null> {
  const now = await app.reauthorise(request);
  return now && secondFactorOwed(now.secondFactor) ? null : now;
}

/** The stream's head and first comment, written by hand as the answer is hijacked. */
function openEventStream(raw: FastifyReply["raw"], apiHeaders: FastifyInstance["securityHeaders"]["api"]) {
  // A hijacked answer skips the onSend hooks: the API's security headers are written here.
  raw.writeHead(200, {
    ...apiHeaders,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    // Proxies such as nginx would otherwise hold the events back.
    "x-accel-buffering": "no",
  });
  raw.write(": conectado\n\n");
}
