import { todayInSaoPaulo } from "@/domain/dates";
import { type Person, type PersonTeam, type ReviewerScope, scopeOf } from "@/domain/requests/access";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { QueueItem, QueuePage, QueueQuery } from "@/domain/requests/review-api";
import type { RequestState } from "@/domain/requests/workflow";
import type { Executor } from "../../db/client";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import { flagsOfPage } from "../finance/flags";
import type { FlagsCache } from "../finance/flags-cache";
import { findUsersByEmail } from "../notifications/notifications.queries";
import { numericToCents } from "../requests/money-column";
import { queuePrazos } from "../sla/sla.service";
import { type QueueFilters, queueCount, queuePage } from "./review.queries";

/*
 * 'Caixa de entrada' (docs/decisions/011): the requests a person's teams
 * handle, oldest first, with the flags and deadlines the team reads, and what
 * waits for them; the same queue feeds the daily summary, the late reminders
 * and the payment batch.
 */

/** One page of the person's queue. */
export async function queueOf(
  db: Executor,
  person: Person,
  query: QueueQuery,
  options: { flagsCache?: FlagsCache | undefined; standInOn?: string } = {},
): Promise<QueuePage> {
  const cursor = decodeCursor(query.cursor);
  const rows = await queuePage(
    db,
    { userId: person.id, scope: withStandIns(scopeOf(person), options.standInOn) },
    {
      kind: query.tipo,
      status: query.status,
      requester: query.solicitante,
      from: query.de,
      to: query.ate,
      search: query.busca,
    },
    cursor,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const today = todayInSaoPaulo();
  const [flags, prazos] = await Promise.all([
    flagsOfPage(db, page, options.flagsCache),
    queuePrazos(db, page),
  ]);
  return {
    items: page.map(
      (r, i): QueueItem => ({
        tipo: r.tipo,
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        status: r.status as RequestState,
        resumo: requestKind(r.tipo).list.summary(r.resumo_campos),
        valor: r.valor === null ? null : numericToCents(String(r.valor)),
        solicitante: { nome: r.requester_name, email: r.requester_email },
        responsavel: r.assignee_id ? { id: r.assignee_id, nome: r.assignee_name ?? "" } : null,
        aguardandoAprovacaoDe: r.pending_team,
        alertas: [
          ...(flags.get(r.id) ?? []),
          ...(requestKind(r.tipo).alerts?.(r.resumo_campos, r.status, today) ?? []),
        ],
        prazo: prazos[i] ?? null,
      }),
    ),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** What waits for the person: open, untaken (or theirs), not waiting on their author. */
export async function waitingCount(db: Executor, person: Person, standInOn?: string) {
  return {
    aguardando: await queueCount(db, { userId: person.id, scope: withStandIns(scopeOf(person), standInOn) }),
  };
}

/** The approvals awaited from the teams of away members who chose the person as substitute, on that day (decision 060). */
function withStandIns(scope: ReviewerScope, standInOn: string | undefined): ReviewerScope {
  return standInOn ? { ...scope, standInOn } : scope;
}

/** The first rows of a queue, unpaged: the jobs' and the payment batch's reads. */
export async function queuedFor(db: Executor, person: Person, filters: QueueFilters, limit: number) {
  return queuePage(db, { userId: person.id, scope: scopeOf(person) }, filters, null, limit);
}

/** The queue of the person at `email`, as their teams make it now; their own requests left out. */
export async function memberQueue(
  db: Executor,
  email: string,
  teamsOf: (email: string) => Promise<{ teams: PersonTeam[] }>,
  filters: QueueFilters,
  limit: number,
) {
  const [{ teams }, [account]] = await Promise.all([teamsOf(email), findUsersByEmail(db, [email])]);
  const rows = await queuedFor(db, { id: account?.id ?? "", teams }, filters, limit);
  return { name: account?.name ?? "", rows };
}

/** What reached the teams of `email` since `since`, for the daily summary. */
export async function newForMember(
  db: Executor,
  email: string,
  since: Date,
  teamsOf: (email: string) => Promise<{ teams: PersonTeam[] }>,
) {
  const { rows } = await memberQueue(db, email, teamsOf, { since }, 50);
  return rows.map((r) => ({
    kind: r.tipo as RequestKind,
    id: r.id,
    kindLabel: requestKind(r.tipo).label,
    requester: r.requester_name,
    summary: requestKind(r.tipo).list.summary(r.resumo_campos),
  }));
}
