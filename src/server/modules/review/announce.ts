import { changesCalendar } from "@/domain/absences/api";
import { handles, type RequestRow } from "@/domain/requests/access";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { ActorRole } from "@/domain/requests/workflow";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Executor } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import { enqueueWebhooks } from "../../outbox/outbox";
import type { AfterCommit, RequestRef } from "../notifications/after-commit";
import type { Notifier } from "../notifications/notifications.service";
import { allTeamScopes } from "../teams/teams.queries";
import { appendEvent } from "../timeline/timeline.queries";
import { findUsers } from "./review.queries";

/*
 * What the people concerned learn of a request's changes, inside the change's
 * transaction (the bell, the outbox) and after its commit (e-mails, live
 * events): docs/decisions/011.
 */

/** The person as the trail keeps them. */
export const actorOf = (user: CurrentUser) => ({
  id: user.id,
  name: user.name || user.email,
  email: user.email,
});

/** The teams that handle a request, from every team's scope (a short table, read whole). */
export async function handlingTeams(tx: Executor, kind: RequestKind, row: RequestRow) {
  return (await allTeamScopes(tx)).filter((team) => handles(team, kind, row));
}

export function summaryOf(kind: RequestKind, row: Readonly<Record<string, unknown>>): string {
  const { list } = requestKind(kind);
  return list.summary(Object.fromEntries(list.fields.map((f) => [f, row[f]])));
}

/** A change to tell: who made it, its headline and its detail. */
export type Change = {
  by: ActorRole | "comment";
  actor: CurrentUser;
  headline: string;
  detail: string | null;
  /** Taking a request is the team's business: the requester sees it on the page, unannounced. */
  silentForRequester?: boolean;
  internal?: boolean;
};

/** A state change, for the status automation. */
export type StatusChange = {
  from: string;
  to: string;
  action: string;
  actor: CurrentUser;
  reason: string | null;
};

/** One request to tell of its change. */
type Told = { kind: RequestKind; row: RequestRow; change: Change };

/** The status automation's delivery of one move. */
function statusDelivery({ kind, id, change }: { kind: RequestKind; id: string; change: StatusChange }) {
  return {
    kind: "status",
    payload: {
      evento: "solicitacao.status_alterado",
      solicitacao: { id, tipo: kind },
      de: change.from,
      para: change.to,
      acao: change.action,
      por: { nome: change.actor.name || change.actor.email, email: change.actor.email },
      motivo: change.reason,
      em: new Date().toISOString(),
    },
    source: { table: "events", id },
  };
}

/** The people concerned by each change: the teams read once, the requesters once, the bell in one statement. */
async function tellAll(notifier: Notifier, tx: Executor, after: AfterCommit, list: readonly Told[]) {
  const scopes = list.length ? await allTeamScopes(tx) : [];
  const toRequester: { ref: RequestRef; userId: string; change: Change }[] = [];
  for (const { kind, row, change } of list) {
    const teamIds = [
      ...scopes.filter((team) => handles(team, kind, row)).map((t) => t.id),
      ...(row.pendingApprovalTeamId ? [row.pendingApprovalTeamId] : []),
    ];
    const definition = requestKind(kind);
    const ref = { kind, id: row.id, kindLabel: definition.label, summary: summaryOf(kind, row) };
    after.live.push({ type: "request", kind, id: row.id, userIds: [row.userId], teamIds });
    const fromRequester = change.actor.id === row.userId;
    if (!fromRequester && !change.internal && !change.silentForRequester)
      toRequester.push({ ref, userId: row.userId, change });
    if (fromRequester) {
      await notifier.toHandlers(
        tx,
        after,
        { ...ref, teamIds, exceptUserId: change.actor.id },
        { title: `${definition.label}: ${change.headline}`, body: change.detail },
      );
    }
  }
  if (!toRequester.length) return;
  const people = new Map(
    (await findUsers(tx, [...new Set(toRequester.map((t) => t.userId))])).map((u) => [u.id, u]),
  );
  await notifier.toRequesters(
    tx,
    after,
    toRequester.flatMap(({ ref, userId, change }) => {
      const requester = people.get(userId);
      if (!requester) return [];
      return [
        {
          request: { ...ref, requester: { id: requester.id, name: requester.name, email: requester.email } },
          message: { headline: change.headline, detail: change.detail },
        },
      ];
    }),
  );
}

export function createAnnouncer(deps: {
  notifier: Notifier;
  /** WEBHOOK_STATUS_URL is set: every state change goes through the outbox. */
  statusWebhook: boolean;
}) {
  const { notifier } = deps;

  /** A request has just been saved (inside its transaction): the first event, and its handlers told. */
  async function created(
    tx: Executor,
    after: AfterCommit,
    context: SignedInContext,
    kind: RequestKind,
    row: RequestRow,
  ) {
    await appendEvent(tx, {
      subjectKind: kind,
      subjectId: row.id,
      actor: actorOf(context.user),
      type: "criada",
      toStatus: row.status,
    });
    const teams = await handlingTeams(tx, kind, row);
    await notifier.newRequest(tx, after, {
      kind,
      id: row.id,
      kindLabel: requestKind(kind).label,
      summary: summaryOf(kind, row),
      requester: {
        id: context.user.id,
        name: context.user.name || context.user.email,
        email: context.user.email,
      },
      teamIds: teams.map((t) => t.id),
    });
  }

  async function statusChanged(tx: Executor, kind: RequestKind, id: string, change: StatusChange) {
    await statusChangedMany(tx, [{ kind, id, change }]);
  }

  /** The status automation's deliveries of many moves, queued in one statement. */
  async function statusChangedMany(
    tx: Executor,
    moves: readonly { kind: RequestKind; id: string; change: StatusChange }[],
  ) {
    if (!deps.statusWebhook || !moves.length) return;
    await enqueueWebhooks(tx as never, moves.map(statusDelivery));
  }

  /** Tells the people concerned: the requester of a reviewer's decision; the handlers of the requester's move. */
  async function tell(tx: Executor, after: AfterCommit, kind: RequestKind, row: RequestRow, change: Change) {
    await tellMany(tx, after, [{ kind, row, change }]);
  }

  /** `tell` for many requests at once: the teams and the requesters read once, the bell written in one. */
  const tellMany = (tx: Executor, after: AfterCommit, list: readonly Told[]) =>
    tellAll(notifier, tx, after, list);

  /**
   * A move into or out of the calendar's state: every open page of 'Quem está fora'
   * asks again (docs/decisions/040). The event names nobody: the page reads names only.
   */
  function calendarMoved(after: AfterCommit, kind: RequestKind, from: string, to: string) {
    if (changesCalendar(kind, from, to)) after.live.push({ type: "ausencias" });
  }

  return { created, statusChanged, statusChangedMany, tell, tellMany, calendarMoved, flush: notifier.flush };
}

export type Announcer = ReturnType<typeof createAnnouncer>;
