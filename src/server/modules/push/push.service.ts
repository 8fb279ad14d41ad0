import type { PushPublicKey, PushSubscription, PushSubscriptionInput } from "@/domain/push/api";
import { pushMessages } from "@/domain/push/messages";
import { sessionKeyOf } from "../../auth/session-cache";
import type { Db } from "../../db/client";
import { AppError, fieldError, unauthorized } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { describeUserAgent } from "../account/device";
import { endpointProblem } from "./endpoint-guard";
import { listSubscriptions, ownSessionTokens, removeSubscriptions, saveSubscription } from "./push.queries";
import type { VapidKeySource } from "./vapid-keys";

/*
 * 'Notificações no aparelho' on 'Minha conta' (docs/decisions/061-web-push.md):
 * the person's own subscriptions only; another's is 404 to read or remove.
 */

/** More than anyone has devices: a script posting endpoints without end keeps only the newest. */
export const SUBSCRIPTIONS_PER_PERSON = 20;

type Row = Awaited<ReturnType<typeof listSubscriptions>>[number];

export function createPushService(deps: {
  db: Db;
  keys: VapidKeySource;
  /** The request's session by its cache key (session-cache.ts): the token never leaves the server. */
  sessionKeyOfCookie: (cookie: string | null) => string | null;
  allowPrivateEndpoints: boolean;
}) {
  const { db } = deps;

  async function publicKey(): Promise<PushPublicKey> {
    return { chavePublica: (await deps.keys.get()).publicKey };
  }

  async function list(context: SignedInContext) {
    const rows = await listSubscriptions(db, context.user.id);
    return { inscricoes: rows.map(shown) };
  }

  /** Stores this browser's subscription for this person and this session (signing out removes it). */
  async function subscribe(
    context: SignedInContext,
    input: PushSubscriptionInput,
  ): Promise<PushSubscription> {
    const problem = endpointProblem(input.endpoint, deps.allowPrivateEndpoints);
    if (problem) throw fieldError("endpoint", problem);
    const userId = context.user.id;
    const key = deps.sessionKeyOfCookie(context.headers.get("cookie"));
    const session = (await ownSessionTokens(db, userId)).find((s) => sessionKeyOf(s.token) === key);
    // Signed out between the guard and here.
    if (!key || !session) throw unauthorized();
    const saved = await saveSubscription(
      db,
      {
        userId,
        sessionId: session.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: context.headers.get("user-agent")?.slice(0, 512) ?? null,
      },
      SUBSCRIPTIONS_PER_PERSON,
    );
    context.log.info({ userId, subscriptionId: saved.id }, "push subscription saved");
    return shown(saved);
  }

  async function unsubscribe(context: SignedInContext, id: string) {
    const removed = await removeSubscriptions(db, { userId: context.user.id, id });
    if (removed === 0) throw new AppError(404, "PUSH_SUBSCRIPTION_NOT_FOUND", pushMessages.notFound);
    context.log.info({ userId: context.user.id, subscriptionId: id }, "push subscription removed");
  }

  return { publicKey, list, subscribe, unsubscribe };
}

function shown(row: Row): PushSubscription {
  const { device, browser } = describeUserAgent(row.userAgent);
  return {
    id: row.id,
    endpoint: row.endpoint,
    aparelho: `${device} — ${browser}`,
    criadaEm: row.createdAt.toISOString(),
    ultimoEnvioEm: row.lastSuccessAt?.toISOString() ?? null,
  };
}

export type PushService = ReturnType<typeof createPushService>;
