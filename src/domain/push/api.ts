import { z } from "zod";
import { pushMessages } from "./messages";

/*
 * Web push on this device ('Minha conta', docs/decisions/061-web-push.md): the
 * HTTP contract shared with the web. The subscription is what the browser's
 * PushManager gives (PushSubscription.toJSON()); the server refuses an endpoint
 * that is not https on a public host (the schema only says it is an address).
 */

/** base64url without padding, as PushSubscription.toJSON() writes the keys. */
const base64url = (length: { min: number; max: number }, message: string) =>
  z
    .string({ error: message })
    .min(length.min, { error: message })
    .max(length.max, { error: message })
    .regex(/^[A-Za-z0-9_-]+$/, { error: message });

export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: pushMessages.endpointInvalid })
    .max(1000, { error: pushMessages.endpointInvalid }),
  /** Browsers send it (null, or a time in ms); the server keeps no use for it. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // A P-256 public key, uncompressed: 65 bytes, 87 characters of base64url.
      p256dh: base64url({ min: 86, max: 88 }, pushMessages.keyInvalid),
      // The authentication secret: 16 bytes, 22 characters.
      auth: base64url({ min: 21, max: 24 }, pushMessages.keyInvalid),
    },
    { error: pushMessages.keyInvalid },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** One of the person's subscribed devices. */
export const PushSubscriptionSchema = z.object({
  id: z.uuid(),
  /** Where the browser sends (the web compares it with its own to know whether this device is on). */
  endpoint: z.string(),
  /** The device and browser, read from the User-Agent it subscribed with ('Android · Celular — Chrome 141'). */
  aparelho: z.string(),
  criadaEm: z.string(),
  /** The last push the push service accepted for it; null before the first. */
  ultimoEnvioEm: z.string().nullable(),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscriptionListSchema = z.object({ inscricoes: z.array(PushSubscriptionSchema) });
export type PushSubscriptionList = z.infer<typeof PushSubscriptionListSchema>;

export const PushSubscriptionParamsSchema = z.object({
  id: z.uuid({ error: pushMessages.notFound.title }),
});

/** The server's VAPID public key (RFC 8292), base64url: the browser's applicationServerKey. */
export const PushPublicKeySchema = z.object({ chavePublica: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;
