import type { FastifyBaseLogger } from "fastify";
import type { NotificationList, NotificationPreferences } from "@/domain/notifications/api";
import type { Db, Executor } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import type { LiveBus, LiveEvent } from "../../live/bus";
import type { Email, Mailer } from "../../mail/mailer";
import {
  dailySummaryEmail,
  newRequestEmail,
  planClientEmail,
  requestUpdateEmail,
} from "../../mail/templates";
import { findUsersByEmail } from "../review/review.queries";
import { memberEmailsOf } from "../teams/teams.queries";
import {
  claimDailySummaries,
  dailySummaryEmails,
  insertNotifications,
  latestNotifications,
  markRead,
  preferencesOf,
  savePreferences,
} from "./notifications.queries";

/**
 * What a change leaves to do once its transaction has committed: e-mails to
 * send (never blocking the action, never undoing it) and live events to publish.
 */
export class AfterCommit {
  readonly mails: Email[] = [];
  readonly live: LiveEvent[] = [];
}

export type RequestRef = { kind: string; id: string; kindLabel: string; summary: string };

/**
 * The bell, the e-mails and the live events of the review desk (issue 11). The
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
  /** The one address of a request for everyone who may see it; e-mails open it (after sign-in if needed). */
  const requestUrl = (kind: string, id: string) => `${deps.publicUrl}/solicitacoes/${kind}/${id}`;

  /** A new request: the members of the teams that handle it, in the bell and by e-mail (at once, or in the day's summary). */
  async function newRequest(
    tx: Executor,
    after: AfterCommit,
    request: RequestRef & { requester: { id: string; name: string; email: string }; teamIds: string[] },
  ) {
    const emails = (await memberEmailsOf(tx, request.teamIds)).filter((e) => e !== request.requester.email);
    const [accounts, summaryReaders] = await Promise.all([
      findUsersByEmail(tx, emails),
      dailySummaryEmails(tx, emails),
    ]);
    await insertNotifications(
      tx,
      accounts.map((user) => ({
        userId: user.id,
        type: "nova_solicitacao",
        subjectKind: request.kind,
        subjectId: request.id,
        title: `Nova solicitação de ${request.kindLabel}`,
        body: `${request.requester.name}: ${request.summary}`,
      })),
    );
    for (const email of emails) {
      if (summaryReaders.has(email)) continue;
      after.mails.push(
        newRequestEmail({
          to: email,
          kindLabel: request.kindLabel,
          requester: request.requester.name,
          summary: request.summary,
          url: requestUrl(request.kind, request.id),
        }),
      );
    }
    after.live.push({
      type: "request",
      kind: request.kind,
      id: request.id,
      userIds: [request.requester.id],
      teamIds: request.teamIds,
    });
    if (accounts.length) after.live.push({ type: "notification", userIds: accounts.map((a) => a.id) });
  }

  /** Tells the requester of a decision or a public comment: the bell and an e-mail. */
  async function toRequester(
    tx: Executor,
    after: AfterCommit,
    request: RequestRef & { requester: { id: string; name: string; email: string } },
    message: { headline: string; detail: string | null },
  ) {
    await insertNotifications(tx, [
      {
        userId: request.requester.id,
        type: "atualizacao",
        subjectKind: request.kind,
        subjectId: request.id,
        title: `${request.kindLabel}: ${message.headline}`,
        body: message.detail,
      },
    ]);
    after.mails.push(
      requestUpdateEmail({
        to: request.requester.email,
        name: request.requester.name,
        kindLabel: request.kindLabel,
        summary: request.summary,
        headline: message.headline,
        detail: message.detail,
        url: requestUrl(request.kind, request.id),
      }),
    );
    after.live.push({ type: "notification", userIds: [request.requester.id] });
  }

  /**
   * Tells the people handling a request of what its author did (resent, cancelled, reopened,
   * commented): the bell of the teams' members as they are now. Whoever took the request hears
   * as a member only: someone removed from the team hears nothing more of it (docs/decisions/030).
   */
  async function toHandlers(
    tx: Executor,
    after: AfterCommit,
    request: RequestRef & { teamIds: string[]; exceptUserId: string },
    message: { title: string; body: string | null },
  ) {
    const emails = await memberEmailsOf(tx, request.teamIds);
    const accounts = (await findUsersByEmail(tx, emails)).filter((a) => a.id !== request.exceptUserId);
    const userIds = new Set(accounts.map((a) => a.id));
    await insertNotifications(
      tx,
      [...userIds].map((userId) => ({
        userId,
        type: "atividade",
        subjectKind: request.kind,
        subjectId: request.id,
        title: message.title,
        body: message.body,
      })),
    );
    if (userIds.size) after.live.push({ type: "notification", userIds: [...userIds] });
  }

  /**
   * What a client did through a shared plan's link (issue 14): its owner's bell
   * and an e-mail. The bell's subject kind 'planejamento' opens the plan's viewer.
   */
  async function toPlanOwner(
    tx: Executor,
    after: AfterCommit,
    plan: { id: string; label: string; owner: { id: string; name: string; email: string } },
    message: { headline: string; detail: string | null },
  ) {
    await insertNotifications(tx, [
      {
        userId: plan.owner.id,
        type: "cliente",
        subjectKind: "planejamento",
        subjectId: plan.id,
        title: `${plan.label}: ${message.headline}`,
        body: message.detail,
      },
    ]);
    after.mails.push(
      planClientEmail({
        to: plan.owner.email,
        name: plan.owner.name,
        plan: plan.label,
        headline: message.headline,
        detail: message.detail,
        url: `${deps.publicUrl}/planejamento/visualizar/${plan.id}`,
      }),
    );
    after.live.push({ type: "notification", userIds: [plan.owner.id] });
  }

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

  /**
   * The daily summaries (a job runs this every few minutes): from 8:00 in São
   * Paulo, each member who chose it gets the requests that reached their teams
   * since their last summary, once.
   */
  async function sendDailySummaries(
    now: Date,
    newSince: (
      email: string,
      since: Date,
    ) => Promise<{ kind: string; id: string; kindLabel: string; requester: string; summary: string }[]>,
  ) {
    const today8 = saoPauloEightOClock(now);
    if (now < today8) return 0;
    const claimed = await claimDailySummaries(db, today8);
    let sent = 0;
    for (const { email, previous } of claimed) {
      const since = previous ? new Date(previous) : new Date(today8.getTime() - 24 * 3600_000);
      const items = await newSince(email, since);
      if (!items.length) continue;
      const [account] = await findUsersByEmail(db, [email]);
      await mailer
        .send(
          dailySummaryEmail({
            to: email,
            name: account?.name ?? "",
            items: items.map((i) => ({ ...i, url: requestUrl(i.kind, i.id) })),
            queueUrl: `${deps.publicUrl}/caixa`,
          }),
        )
        .then(() => {
          sent += 1;
        })
        .catch((err) => log.error({ err }, "daily summary not sent"));
    }
    return sent;
  }

  return {
    newRequest,
    toRequester,
    toHandlers,
    toPlanOwner,
    flush,
    list,
    read,
    preferences,
    setPreferences,
    sendDailySummaries,
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

/** Today's 8:00 in São Paulo as an instant (Brazil has had no daylight saving time since 2019: UTC−3). */
export function saoPauloEightOClock(now: Date): Date {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now);
  return new Date(`${day}T08:00:00-03:00`);
}
