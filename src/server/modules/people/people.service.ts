import type { PeopleList, PersonAccount } from "@/domain/people/api";
import { peopleMessages } from "@/domain/people/api";
import { isRequestKind } from "@/domain/requests/kinds";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db, Executor } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { LiveBus, LiveEvent } from "../../live/bus";
import { removeSubscriptions } from "../push/push.queries";
import { handlingTeams } from "../review/announce";
import { TEAM_SUBJECT } from "../teams/teams.service";
import { appendEvent } from "../timeline/timeline.queries";
import {
  endEverySession,
  findPerson,
  leaveEveryTeam,
  listPeople,
  markDeactivated,
  markReactivated,
  releaseTakenRequests,
} from "./people.queries";

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** postgres arrays arrive as arrays from node-postgres and as '{a,b}' text from some drivers. */
const names = (value: string[] | string) =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean);

/** The timeline entry of a request given back to the queue because whoever had taken it was switched off. */
export const RELEASED_EVENT = "responsavel_liberado";

type Actor = { id: string; name: string; email: string };

/**
 * The open requests the person had taken go back to their teams' queue, each with an entry for
 * the team (internal: the requester is not told who left); answers the live events to publish
 * once committed, so every open 'Caixa de entrada' shows them untaken (docs/decisions/048).
 */
async function releaseTaken(tx: Executor, person: { id: string; email: string }, actor: Actor) {
  const live: LiveEvent[] = [];
  for (const row of await releaseTakenRequests(tx, person.id)) {
    await appendEvent(tx, {
      subjectKind: row.kind,
      subjectId: row.id,
      actor,
      type: RELEASED_EVENT,
      data: { released: person.email },
      internal: true,
    });
    if (!isRequestKind(row.kind)) continue;
    const teams = await handlingTeams(tx, row.kind, row);
    const teamIds = [
      ...teams.map((t) => t.id),
      ...(row.pendingApprovalTeamId ? [row.pendingApprovalTeamId] : []),
    ];
    live.push({ type: "request", kind: row.kind, id: row.id, userIds: [row.userId], teamIds });
  }
  return live;
}

/**
 * 'Pessoas' (docs/decisions/048): administrators see every account and switch off the account of
 * someone who left. Switching off ends every session on every instance, takes the person out of
 * every team (in the teams' history) and refuses every way of signing in; their requests,
 * comments and history stay, with their name.
 */
export function createPeopleService(deps: {
  db: Db;
  sessions: SessionRevoker;
  bus: Pick<LiveBus, "publish">;
  adminEmails: readonly string[];
}) {
  const { db, sessions } = deps;
  const isConfigAdmin = (email: string) => deps.adminEmails.includes(email.toLowerCase());

  async function list(search: string | undefined): Promise<PeopleList> {
    const rows = await listPeople(db, search);
    return {
      pessoas: rows.map(
        (r): PersonAccount => ({
          id: r.id,
          email: r.email,
          nome: r.name,
          equipes: names(r.team_names),
          ultimoAcesso: iso(r.last_sign_in_at),
          situacao: r.deactivated_at ? "desativada" : "ativa",
          desativadaEm: iso(r.deactivated_at),
          administrador: isConfigAdmin(r.email),
          dataAdmissao: r.admission,
        }),
      ),
    };
  }

  async function deactivate(context: SignedInContext, id: string) {
    const person = await findPerson(db, id);
    if (!person) throw notFound();
    if (isConfigAdmin(person.email))
      throw new AppError(409, "ADMIN_FROM_CONFIG", peopleMessages.adminFromConfig);
    if (person.id === context.user.id) throw new AppError(409, "NOT_YOURSELF", peopleMessages.notYourself);
    const actor: Actor = {
      id: context.user.id,
      name: context.user.name || context.user.email,
      email: context.user.email,
    };
    const done = await db.transaction(async (tx) => {
      const changed = await markDeactivated(tx, id);
      if (!changed) return null;
      const teamIds = await leaveEveryTeam(tx, changed.email);
      for (const teamId of teamIds)
        await appendEvent(tx, {
          subjectKind: TEAM_SUBJECT,
          subjectId: teamId,
          actor,
          type: "equipe_alterada",
          data: { changed: {}, added: [], removed: [changed.email], deactivated: true },
        });
      const live = await releaseTaken(tx, { id, email: changed.email }, actor);
      // Their devices hear nothing more, and what was queued for them is not sent (decision 061).
      await removeSubscriptions(tx, { userId: id });
      await endEverySession(tx, id);
      return { teamIds, live };
    });
    // Committed: every instance forgets the person's sessions and everyone's teams (decision 012).
    await sessions.revoke({ type: "user", userId: id });
    if (done?.teamIds.length) await sessions.revoke({ type: "all" });
    for (const event of done?.live ?? []) await deps.bus.publish(event);
    context.log.info(
      { userId: id, teamsLeft: done?.teamIds.length ?? 0, requestsReleased: done?.live.length ?? 0 },
      done ? "account deactivated" : "account already deactivated",
    );
  }

  async function reactivate(context: SignedInContext, id: string) {
    const person = await findPerson(db, id);
    if (!person) throw notFound();
    const changed = await markReactivated(db, id);
    context.log.info({ userId: id }, changed ? "account reactivated" : "account already active");
  }

  return { list, deactivate, reactivate };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
