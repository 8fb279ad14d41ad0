import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import {
  PushPublicKeySchema,
  PushSubscriptionInputSchema,
  PushSubscriptionListSchema,
  PushSubscriptionParamsSchema,
  PushSubscriptionSchema,
} from "@/domain/push/api";
import { signedInContext } from "../../http/request-context";
import type { PushService } from "./push.service";

const tags = ["Notificações"];

/** Web push on 'Minha conta' (docs/decisions/061-web-push.md): each person's own devices, nobody else's. */
export async function pushRoutes(app: FastifyInstance, options: { service: PushService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notificacoes/chave-push",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "The server's VAPID public key (RFC 8292), the browser's applicationServerKey",
        response: { 200: PushPublicKeySchema, 401: ApiErrorSchema },
      },
    },
    async () => service.publicKey(),
  );

  r.get(
    "/api/notificacoes/aparelhos",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Your devices that receive the bell's notifications by web push",
        response: { 200: PushSubscriptionListSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.list(signedInContext(request));
    },
  );

  r.post(
    "/api/notificacoes/aparelhos",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          "Receive the bell's notifications on this device: the browser's PushSubscription (https endpoint of a public push service); removed when this session ends",
        body: PushSubscriptionInputSchema,
        response: { 201: PushSubscriptionSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const saved = await service.subscribe(signedInContext(request), request.body);
      return reply.status(201).send(saved);
    },
  );

  r.delete(
    "/api/notificacoes/aparelhos/:id",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Stop the notifications of one of your devices (404 for anyone else's)",
        params: PushSubscriptionParamsSchema,
        response: {
          204: z.null().describe("Removed"),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await service.unsubscribe(signedInContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
