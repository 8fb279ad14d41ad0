import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CalendarFeedLinksSchema,
  CalendarFeedStatusSchema,
  FEED_FILES,
  FeedTokenParamsSchema,
} from "@/domain/absences/feed-api";
import { ApiErrorSchema, OkSchema } from "@/domain/auth/auth.schema";
import { requestContext, signedInContext } from "../../http/request-context";
import { NoBodySchema } from "../../http/schemas";
import type { CalendarFeedsService, FeedName } from "./calendar-feeds.service";

/*
 * 'Assinar calendário' (docs/decisions/060): the person's secret address under /api/me, and the
 * two public feeds behind it. The token sits in the path, which the logs redact (http/redact.ts).
 */
export async function calendarFeedsRoutes(app: FastifyInstance, options: { service: CalendarFeedsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["Assinar calendário"];
  const signedIn = { 401: ApiErrorSchema };

  r.get(
    "/api/me/calendario",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Whether the person has a calendar address (never the address itself)",
        response: { 200: CalendarFeedStatusSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.status(signedInContext(request));
    },
  );

  r.post(
    "/api/me/calendario",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "'Gerar novo link': a new secret address, given this once; the previous one stops answering",
        body: NoBodySchema,
        response: { 201: CalendarFeedLinksSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      const links = await service.renew(signedInContext(request));
      return reply.header("cache-control", "no-store").status(201).send(links);
    },
  );

  r.delete(
    "/api/me/calendario",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Turns the person's calendar address off: both feeds answer 404",
        response: { 200: OkSchema, ...signedIn },
      },
    },
    async (request) => {
      await service.revoke(signedInContext(request));
      return { ok: true as const };
    },
  );

  const feeds: [FeedName, string][] = [
    ["whoIsAway", "'Quem está fora': approved absences by name only, and the office's holidays"],
    ["own", "The address owner's absences, approved and waiting, with their type"],
  ];
  for (const [name, summary] of feeds) {
    r.get(
      `/calendario/:token/${FEED_FILES[name]}`,
      {
        schema: {
          tags,
          summary: `${summary} (iCalendar; 404 for an unknown or revoked address, or a deactivated owner)`,
          params: FeedTokenParamsSchema,
          response: {
            200: {
              description: "An iCalendar feed (RFC 5545)",
              content: { "text/calendar": { schema: z.string() } },
            },
            404: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const text = await service.feed(requestContext(request), request.params.token, name);
        return reply
          .header("content-type", "text/calendar; charset=utf-8")
          .header("cache-control", "private, max-age=300")
          .header("x-robots-tag", "noindex")
          .send(text);
      },
    );
  }
}
