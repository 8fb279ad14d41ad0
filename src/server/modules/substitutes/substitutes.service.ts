import { todayInSaoPaulo } from "@/domain/dates";
import { handles, type RequestRow } from "@/domain/requests/access";
import { isRequestKind } from "@/domain/requests/kinds";
import { type Substitute, type SubstituteInput, substituteMessages } from "@/domain/time-off/substitute-api";
import type { Db, Executor } from "../../db/client";
import { AppError, fieldError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { LiveBus, LiveEvent } from "../../live/bus";
import { findUsers } from "../review/review.queries";
import { allTeamScopes } from "../teams/teams.queries";
import { appendEvent } from "../timeline/timeline.queries";
import {
  awayOn,
  candidatesOf,
  handOver,
  openTakenBy,
  saveSubstitute,
  substituteOf,
  substitutesFor,
  teamIdsOf,
} from "./substitutes.queries";

/*
 * 'Substituto' (docs/decisions/060): a reviewer names who takes their requests while they are away;
 * a job hands the requests of whoever is away today to their substitute — when the substitute is
 * active, not away too, and handles the request — or back to the queue.
 */

/** The timeline entry of a request handed over because whoever had taken it is away (team only). */
export const HANDED_OVER_EVENT = "substituicao";

type Person = { id: string; name: string; email: string };

export function createSubstitutesService(deps: {
  db: Db;
  bus: Pick<LiveBus, "publish" | "subscribe">;
  clock?: () => Date;
}) {
  const { db } = deps;

  async function get(context: SignedInContext): Promise<Substitute> {
    const { id, email } = context.user;
    const [substituto, candidatos] = await Promise.all([substituteOf(db, id), candidatesOf(db, id, email)]);
    return {
      substituto: substituto && { id: substituto.id, nome: substituto.nome || "Sem nome" },
      candidatos,
    };
  }

  async function set(context: SignedInContext, input: SubstituteInput): Promise<Substitute> {
    const { user } = context;
    if (!user.teams.length)
      throw new AppError(403, "FORBIDDEN", {
        title: "Acesso negado",
        description: substituteMessages.notAMember,
      });
    if (input.substitutoId !== null) {
      const candidates = await candidatesOf(db, user.id, user.email);
      if (!candidates.some((c) => c.id === input.substitutoId))
        throw fieldError("substitutoId", substituteMessages.notACandidate);
    }
    await saveSubstitute(db, user.id, input.substitutoId);
    context.log.info({ substitute: input.substitutoId }, "substitute chosen");
    return get(context);
  }

  /** One pass of the job: the open requests of whoever is away today, handed over; how many. */
  async function handOverAway(): Promise<number> {
    const today = todayInSaoPaulo(deps.clock?.() ?? new Date());
    const away = await awayOn(db, today);
    const rows = await openTakenBy(db, [...away]);
    if (!rows.length) return 0;
    const holders = [...new Set(rows.map((r) => r.assigneeId as string))];
    const [subs, people, scopes] = await Promise.all([
      substitutesFor(db, holders),
      findUsers(db, holders),
      allTeamScopes(db),
    ]);
    const teams = await teamIdsOf(
      db,
      [...subs.values()].map((s) => s.email),
    );
    const names = new Map(people.map((p) => [p.id, p]));
    const live: LiveEvent[] = [];
    for (const row of rows) {
      const holder = names.get(row.assigneeId as string);
      if (!holder) continue;
      const taker = takerOf(row, subs.get(holder.id), { away, scopes, teams });
      const moved = await db.transaction(async (tx) => {
        if (!(await handOver(tx, row, taker?.id ?? null))) return false;
        await record(tx, row, holder, taker);
        return true;
      });
      if (!moved) continue;
      const kind = String(row.kind);
      const handling = isRequestKind(kind) ? scopes.filter((t) => handles(t, kind, row)) : [];
      live.push({
        type: "request",
        kind,
        id: row.id,
        userIds: [row.userId],
        teamIds: [
          ...handling.map((t) => t.id),
          ...(row.pendingApprovalTeamId ? [row.pendingApprovalTeamId] : []),
        ],
      });
    }
    for (const event of live) await deps.bus.publish(event).catch(() => undefined);
    return live.length;
  }

  /**
   * Runs a pass whenever the absence calendar changes on any instance: an absence approved for a
   * day already begun hands over at once rather than at the next tick. Passes run one after the
   * other; `stop` waits for the one in flight (the database closes after it).
   */
  function followAbsences(log: { error: (obj: object, msg: string) => void }) {
    let running: Promise<unknown> = Promise.resolve();
    const unsubscribe = deps.bus.subscribe((event) => {
      if (event.type !== "ausencias") return;
      running = running
        .then(handOverAway)
        .catch((err: unknown) => log.error({ err }, "substitute handover failed"));
    });
    return async () => {
      unsubscribe();
      await running;
    };
  }

  return { get, set, handOverAway, followAbsences };
}

/** Who takes `row` from its away reviewer: their substitute if able, else nobody (the queue). */
function takerOf(
  row: RequestRow,
  substitute: Person | undefined,
  facts: {
    away: Set<string>;
    scopes: Awaited<ReturnType<typeof allTeamScopes>>;
    teams: Map<string, Set<string>>;
  },
): Person | null {
  const kind = String(row.kind);
  if (!substitute || facts.away.has(substitute.id) || !isRequestKind(kind)) return null;
  const theirs = facts.teams.get(substitute.email) ?? new Set<string>();
  const able = facts.scopes.some((team) => theirs.has(team.id) && handles(team, kind, row));
  return able ? substitute : null;
}

/** The team's entry: the away reviewer's, saying who has the request now. */
async function record(tx: Executor, row: RequestRow, holder: Person, taker: Person | null) {
  await appendEvent(tx, {
    subjectKind: String(row.kind),
    subjectId: row.id,
    actor: { id: holder.id, name: holder.name || holder.email, email: holder.email },
    type: HANDED_OVER_EVENT,
    data: { substituicao: { para: taker ? taker.name || taker.email : null } },
    internal: true,
  });
}

export type SubstitutesService = ReturnType<typeof createSubstitutesService>;
