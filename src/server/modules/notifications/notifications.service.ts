import type { FastifyBaseLogger } from "fastify";
import type { NotificationList, NotificationPreferences } from "@/domain/notifications/api";
import type { Db } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import type { LiveBus, LiveEvent } from "../../live/bus";
import type { Email, Mailer } from "../../mail/mailer";
import type { AfterCommit } from "./after-commit";
import { type Links, newRequest, toHandlers, toPlanOwner, toRequester, toRequesters } from "./announcements";
import { sendDailySummaries } from "./daily-summary";
import { latestNotifications, markRead, preferencesOf, savePreferences } from "./notifications.queries";

export { AfterCommit, type RequestRef } from "./after-commit";

/** A tuple without its first element: the announcements' arguments once their links are given. */
type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/** E-mails of one change in flight at once. */
const MAILS_AT_ONCE = 4;

/**
 * A change's e-mails, a few at a time in the background: a bank's file that moves a thousand
 * payments must not open a thousand SMTP connections (nor queue a thousand lookups) at once.
 * Never rejects: a failed e-mail is logged, the others still go.
 */
export async function sendInTurn(
  mailer: Pick<Mailer, "send">,
  log: Pick<FastifyBaseLogger, "error">,
  mails: readonly Email[],
  atOnce = MAILS_AT_ONCE,
) {
  let next = 0;
  const worker = async () => {
    for (let mail = mails[next++]; mail; mail = mails[next++]) {
      const subject = mail.subject;
      // Yield to the event loop between e-mails: PGlite answers in microtasks, and a run of them
      // would otherwise hold back every request's answer until the last e-mail was handled.
      await new Promise((resolve) => setImmediate(resolve));
      await mailer.send(mail).catch((err) => log.error({ err, subject }, "notification e-mail not sent"));
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, mails.length) }, worker));
}

/** At most this many people per live notification event: its NOTIFY stays under PostgreSQL's 8000 bytes. */
const PEOPLE_PER_EVENT = 100;

/**
 * The live events of one change, the bells' merged: a bank's file that moves a thousand requests
 * rings a thousand bells, told in a few events instead of a thousand.
 */
export function coalesced(events: readonly LiveEvent[]): LiveEvent[] {
  const rung = new Set<string>();
  const others: LiveEvent[] = [];
  for (const event of events) {
    if (event.type === "notification") for (const id of event.userIds) rung.add(id);
    else others.push(event);
  }
  const ids = [...rung];
  const bells: LiveEvent[] = [];
  for (let i = 0; i < ids.length; i += PEOPLE_PER_EVENT)
    bells.push({ type: "notification", userIds: ids.slice(i, i + PEOPLE_PER_EVENT) });
  return [...others, ...bells];
}

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
    for (const event of coalesced(after.live)) {
      await bus
        .publish(event)
        .catch((err) => log.warn({ err, type: event.type }, "live event not published"));
    }
    void sendInTurn(mailer, log, after.mails);
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
    toRequesters: (...args: Tail<Parameters<typeof toRequesters>>) => toRequesters(links, ...args),
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
