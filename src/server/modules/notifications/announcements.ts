import type { Executor } from "../../db/client";
import { newRequestEmail, planClientEmail, requestUpdateEmail } from "../../mail/templates";
import { memberEmailsOf } from "../teams/teams.queries";
import type { AfterCommit, RequestRef } from "./after-commit";
import { dailySummaryEmails, findUsersByEmail, insertNotifications } from "./notifications.queries";

/*
 * Who hears of a change, and how (docs/decisions/011): the rows of the bell,
 * written in the change's own transaction, and the e-mails and live events it
 * leaves to send once committed (AfterCommit).
 */

/** Where the e-mails' links go. */
export type Links = {
  /** The one address of a request for everyone who may see it; e-mails open it (after sign-in if needed). */
  request: (kind: string, id: string) => string;
  publicUrl: string;
};

/** A new request: the members of the teams that handle it, in the bell and by e-mail (at once, or in the day's summary). */
export async function newRequest(
  links: Links,
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
        url: links.request(request.kind, request.id),
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

type RequesterNews = {
  request: RequestRef & { requester: { id: string; name: string; email: string } };
  message: { headline: string; detail: string | null };
};

/** Tells the requester of a decision or a public comment: the bell and an e-mail. */
export async function toRequester(
  links: Links,
  tx: Executor,
  after: AfterCommit,
  request: RequesterNews["request"],
  message: RequesterNews["message"],
) {
  await toRequesters(links, tx, after, [{ request, message }]);
}

/** Many requesters at once (a bank's file moves many requests): the bell's rows in one statement. */
export async function toRequesters(
  links: Links,
  tx: Executor,
  after: AfterCommit,
  news: readonly RequesterNews[],
) {
  if (!news.length) return;
  await insertNotifications(
    tx,
    news.map(({ request, message }) => ({
      userId: request.requester.id,
      type: "atualizacao",
      subjectKind: request.kind,
      subjectId: request.id,
      title: `${request.kindLabel}: ${message.headline}`,
      body: message.detail,
    })),
  );
  for (const { request, message } of news)
    after.mails.push(
      requestUpdateEmail({
        to: request.requester.email,
        name: request.requester.name,
        kindLabel: request.kindLabel,
        summary: request.summary,
        headline: message.headline,
        detail: message.detail,
        url: links.request(request.kind, request.id),
      }),
    );
  after.live.push({ type: "notification", userIds: [...new Set(news.map((n) => n.request.requester.id))] });
}

/**
 * Tells the people handling a request of what its author did (resent, cancelled, reopened,
 * commented): the bell of the teams' members as they are now. Whoever took the request hears
 * as a member only: someone removed from the team hears nothing more of it (docs/decisions/030).
 */
export async function toHandlers(
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
 * What a client did through a shared plan's link (docs/decisions/020): its owner's bell
 * and an e-mail. The bell's subject kind 'planejamento' opens the plan's viewer.
 */
export async function toPlanOwner(
  links: Links,
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
      url: `${links.publicUrl}/planejamento/visualizar/${plan.id}`,
    }),
  );
  after.live.push({ type: "notification", userIds: [plan.owner.id] });
}
