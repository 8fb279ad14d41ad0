import type { FastifyBaseLogger } from "fastify";
import type { NotificationList, NotificationPreferences } from "@/domain/notifications/api";
import type { Db } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import type { LiveBus } from "../../live/bus";
import type { Mailer } from "../../mail/mailer";
import type { AfterCommit } from "./after-commit";
import { type Links, newRequest, toHandlers, toPlanOwner, toRequester } from "./announcements";
import { sendDailySummaries } from "./daily-summary";
import { latestNotifications, markRead, preferencesOf, savePreferences } from "./notifications.queries";

export { AfterCommit, type RequestRef } from "./after-commit";

/** A tuple without its first element: the announcements' arguments once their links are given. */
type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/**
 * The bell, the e-mails and the live events of the review desk (docs/decisions/011). The
 * rows of the bell are written in the action's own transaction; e-mails and
 * live events follow the commit.
 */
export function createNotifier(deps: {
  db: Db;
  mailer: Mailer;
  bus: LiveBus;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, bus, log } = deps;
  const links: Links = {
    request: (kind, id) => `${deps.publicUrl}/solicitacoes/${kind}/${id}`,
    publicUrl: deps.publicUrl,
  };

  /** Runs what a committed change left: publishes at once, sends the e-mails without making anyone wait. */
  async function flush(after: AfterCommit) {
    for (const event of after.live) {
      await bus
        .publish(event)
        .catch((err) => log.warn({ err, type: event.type }, "live event not published"));
    }
    for (const mail of after.mails) {
      void mailer
        .send(mail)
        .catch((err) => log.error({ err, subject: mail.subject }, "notification e-mail not sent"));
    }
  }

  /** The signed-in person's own bell. */
  async function list(context: SignedInContext): Promise<NotificationList> {
    const userId = context.user.id;
    const rows = await latestNotifications(db, userId, 30);
    return {
      items: rows.map((r) => ({
        id: Number(r.id),
        em: new Date(r.created_at).toISOString(),
        titulo: r.title,
        texto: r.body,
        tipo: r.subject_kind,
        solicitacaoId: r.subject_id,
        lida: r.read_at !== null,
      })),
      naoLidas: rows[0]?.unread ?? 0,
    };
  }

  async function read(context: SignedInContext, ids: number[] | undefined) {
    const userId = context.user.id;
    await markRead(db, userId, ids);
    await bus
      .publish({ type: "notification", userIds: [userId] })
      .catch((err) => log.warn({ err }, "live event not published"));
  }

  async function preferences(context: SignedInContext): Promise<NotificationPreferences> {
    const row = await preferencesOf(db, context.user.email);
    return { novasSolicitacoes: row?.newRequests ?? "imediato" };
  }

  async function setPreferences(context: SignedInContext, input: NotificationPreferences) {
    await savePreferences(db, context.user.email, input.novasSolicitacoes);
    return preferences(context);
  }

  return {
    newRequest: (...args: Tail<Parameters<typeof newRequest>>) => newRequest(links, ...args),
    toRequester: (...args: Tail<Parameters<typeof toRequester>>) => toRequester(links, ...args),
    toHandlers,
    toPlanOwner: (...args: Tail<Parameters<typeof toPlanOwner>>) => toPlanOwner(links, ...args),
    flush,
    list,
    read,
    preferences,
    setPreferences,
    /**
     * The daily summaries (a job runs this every few minutes): `newSince`
     * answers what reached a member's teams since a date.
     */
    sendDailySummaries: (now: Date, newSince: Parameters<typeof sendDailySummaries>[2]) =>
      sendDailySummaries({ db, mailer, links, log }, now, newSince),
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
