import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  MarkReadInputSchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
} from "@/domain/notifications/api";
import { signedInContext } from "../../http/request-context";
import type { Notifier } from "./notifications.service";

const tags = ["Notificações"];

/** The bell and the 'Notificações' preference (docs/decisions/011): each person's own, nobody else's. */
export async function notificationsRoutes(app: FastifyInstance, options: { notifier: Notifier }) {
  const { notifier } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notificacoes",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Your latest notifications, newest first, and how many are unread",
        response: { 200: NotificationListSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return notifier.list(signedInContext(request));
    },
  );

  r.post(
    "/api/notificacoes/lidas",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Mark notifications read: those listed in `ids`, or all",
        body: MarkReadInputSchema,
        response: { 204: z.null().describe("Marked"), 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await notifier.read(signedInContext(request), request.body.ids);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/notificacoes/preferencias",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "How you hear of new requests for your teams",
        response: { 200: NotificationPreferencesSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => notifier.preferences(signedInContext(request)),
  );

  r.put(
    "/api/notificacoes/preferencias",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Each new request at once, or one summary a day at 8:00 (São Paulo)",
        body: NotificationPreferencesSchema,
        response: { 200: NotificationPreferencesSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => notifier.setPreferences(signedInContext(request), request.body),
  );
}
