import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { KindScope, RequestRow, ReviewerScope } from "@/domain/requests/access";
import { REQUEST_KIND_REGISTRY, type RequestKind, requestKind } from "@/domain/requests/kinds";
import { type DecisionField, isClosed, WAITING_ON_REQUESTER_STATES } from "@/domain/requests/workflow";
import { businessMinutesBetween } from "@/domain/sla/business-hours";
import { clockRuns } from "@/domain/sla/service-level";
import type { Executor } from "../../db/client";
import { requests, teams, users } from "../../db/schema";
import type { Cursor } from "../../http/keyset-cursor";
import { fieldSql, fromStored, updateValues } from "../requests/request-store";
import { LISTED_COLUMNS, listed, type RequestListRow, searchQuery } from "../requests/requests.queries";
import { standInTeamsSql } from "./stand-ins.queries";

// The scope's shape is the domain's (it is computed there, from the person's teams); the export and the Painel read it here.
export type { KindScope, ReviewerScope };

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The rows of one kind a scope covers, as SQL over `r`; null when it covers none. */
function kindCondition(scope: KindScope): SQL | null {
  if (scope.all) return sql`r.kind = ${scope.kind}`;
  if (!scope.routedValues.length) return null;
  const routing = (REQUEST_KIND_REGISTRY[scope.kind] as { routing?: { field: string } }).routing!;
  return sql`(r.kind = ${scope.kind} and ${fieldSql(scope.kind, routing.field)} in (${sql.join(
    scope.routedValues.map((v) => sql`${v}`),
    sql`, `,
  )}))`;
}

/**
 * The rows a reviewer scope covers, as SQL over `r` (the queue, the count, the
 * export, the Painel): the kinds its teams handle, and the approvals awaited
 * from (or given by) its teams. null when it covers nothing.
 */
export function scopeCondition(
  scopes: readonly KindScope[],
  teamIds: readonly string[],
  standIn: SQL | null = null,
): SQL | null {
  const parts = scopes.map(kindCondition).filter((part): part is SQL => part !== null);
  if (teamIds.length)
    parts.push(
      sql`(r.pending_approval_team_id in (${uuidList(teamIds)}) or r.approval_team_id in (${uuidList(teamIds)}))`,
    );
  // A stand-in sees the approvals awaited from the away member's team, not the team's past ones (decision 060).
  if (standIn) parts.push(sql`r.pending_approval_team_id in (${standIn})`);
  if (!parts.length) return null;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** A reviewer's scope as SQL over `r`, with the teams they stand in for on `standInOn` (one statement still). */
function reviewerCondition(reviewer: { userId: string; scope: ReviewerScope }) {
  const { kinds, teamIds, standInOn } = reviewer.scope;
  return scopeCondition(kinds, teamIds, standInOn ? standInTeamsSql(reviewer.userId, standInOn) : null);
}

export type QueueFilters = {
  kind?: RequestKind | undefined;
  status?: string | undefined;
  requester?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Sent after this instant, whatever their state now (the daily summary). */
  since?: Date | undefined;
  /** 'Buscar': words of the request's own texts. */
  search?: string | undefined;
};

/** A row of 'Minhas solicitações' with who sent it, who took it and the approval awaited. */
export type QueueRow = RequestListRow & {
  requester_name: string;
  requester_email: string;
  assignee_id: string | null;
  assignee_name: string | null;
  pending_team: string | null;
  /** The service-level clock (docs/decisions/014): when the state began and the minutes before it. */
  status_changed_at: string | Date;
  sla_minutes: number;
};

export function filtersCondition(filters: QueueFilters): SQL {
  const parts: SQL[] = [];
  if (filters.kind) parts.push(sql`r.kind = ${filters.kind}`);
  if (filters.status) parts.push(sql`r.status = ${filters.status}`);
  else if (!filters.since) parts.push(sql`r.aberta`);
  if (filters.since) parts.push(sql`r.created_at > ${filters.since.toISOString()}::timestamptz`);
  if (filters.requester) {
    const like = `%${filters.requester.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`exists (select 1 from ${users} u where u.id = r.user_id and (u.name ilike ${like} or u.email ilike ${like}))`,
    );
  }
  if (filters.from)
    parts.push(sql`r.created_at >= (${filters.from}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (filters.to)
    parts.push(sql`r.created_at < (${filters.to}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`);
  const found = searchQuery(filters.search);
  if (found) parts.push(found);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * 'Caixa de entrada': one page of the requests a reviewer's teams handle,
 * oldest first, in one statement over the open requests' index; the
 * requester, the assignee and the awaited team are joined on the page only.
 * A person's own requests are never in their queue.
 */
export async function queuePage(
  db: Executor,
  reviewer: { userId: string; scope: ReviewerScope },
  filters: QueueFilters,
  cursor: Cursor | null,
  limit: number,
) {
  const scope = reviewerCondition(reviewer);
  if (!scope) return [];
  const after = cursor
    ? sql`and (r.created_at, r.id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  // 'Buscar' first finds the filtered rows whose words match, planned on their own (`offset 0`):
  // the open ones through their own words' index (migration 0014), a few thousand entries. Planned
  // with the scope, PGlite (which never gathers statistics) intersected that index with the kinds'
  // bitmaps, 500,000 entries, and PostgreSQL with the index of every request's words (docs/bench.md).
  const rows = filters.search
    ? sql`(select * from ${requests} r where ${filtersCondition(filters)} offset 0) r where`
    : sql`${requests} r where ${filtersCondition(filters)} and`;
  // The names are looked up per row of the page (by primary key), never joined: without statistics
  // PGlite planned hash joins over every person.
  const result = await db.execute(sql`
    select q.*,
      (select coalesce(nullif(u.name, ''), u.email) from ${users} u where u.id = q.user_id) as requester_name,
      (select u.email from ${users} u where u.id = q.user_id) as requester_email,
      (select coalesce(nullif(a.name, ''), a.email) from ${users} a where a.id = q.assignee_id) as assignee_name,
      (select t.name from ${teams} t where t.id = q.pending_approval_team_id) as pending_team
    from (select ${LISTED_COLUMNS}, r.user_id, r.assignee_id, r.pending_approval_team_id,
        r.status_changed_at, r.sla_minutes
      from ${rows} ${scope} and r.user_id <> ${reviewer.userId} ${after}
      order by r.created_at, r.id limit ${limit}) q
    order by q.created_at, q.id`);
  return (result.rows as QueueRow[]).map(listed);
}

/**
 * What waits for a reviewer: open requests in their queue that nobody else has
 * taken and that do not wait on their requester.
 */
export async function queueCount(db: Executor, reviewer: { userId: string; scope: ReviewerScope }) {
  const notWaiting = sql.join(
    WAITING_ON_REQUESTER_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const scope = reviewerCondition(reviewer);
  if (!scope) return 0;
  const result = await db.execute(sql`select count(*)::int as total from ${requests} r
    where ${scope} and r.user_id <> ${reviewer.userId} and r.aberta and r.status not in (${notWaiting})
      and (r.assignee_id is null or r.assignee_id = ${reviewer.userId})`);
  return Number((result.rows[0] as { total: number }).total);
}

/**
 * The service-level clock (docs/decisions/014): leaving a state where it
 * runs adds that state's business minutes to `sla_minutes`. Business hours are
 * computed in TypeScript (holidays, weekends), so the state's start and the
 * database's `now()` (the transaction's, the same the move stamps) are read
 * first; the start goes back as text, to the microsecond, to guard the update.
 * null: the clock does not run in `from`; false: the request is no longer in `from`.
 */
async function slaShare(db: Executor, kind: RequestKind, id: string, from: string) {
  if (!clockRuns(requestKind(kind).workflow, from)) return null;
  const result = await db.execute(sql`select ${requests.statusChangedAt}::text as since,
      extract(epoch from ${requests.statusChangedAt}) * 1000 as since_ms, extract(epoch from now()) * 1000 as now_ms
    from ${requests} where ${requests.id} = ${id} and ${requests.kind} = ${kind} and ${requests.status} = ${from}`);
  const row = result.rows[0] as
    | { since: string; since_ms: string | number; now_ms: string | number }
    | undefined;
  if (!row) return false;
  const minutes = businessMinutesBetween(new Date(Number(row.since_ms)), new Date(Number(row.now_ms)));
  return { since: row.since, minutes };
}

/** The record field each decision field names, on the kinds that have it (the approved value: paid kinds). */
const DECISION_FIELDS: Record<DecisionField, string> = {
  pendingApproval: "pendingApprovalTeamId",
  approvedValue: "valorAprovado",
};

function clearedFields(kind: RequestKind, clears: readonly DecisionField[]): Record<string, null> {
  const payment = Boolean(REQUEST_KIND_REGISTRY[kind].payment);
  return Object.fromEntries(
    clears
      .map((field) => DECISION_FIELDS[field])
      .flatMap((field) => (field !== "valorAprovado" || payment ? [[field, null]] : [])),
  );
}

/** A move's change of the row: where to, and what the transition sets or clears. */
export type RowMove = {
  from: string;
  to: string;
  assigneeId?: string | null;
  pendingApprovalTeamId?: string | null;
  approvalTeamId?: string | null;
  clears?: readonly DecisionField[] | undefined;
  fields?: Record<string, unknown>;
};

/** The columns a move sets (the service-level minutes aside). */
function moveSet(kind: RequestKind, change: RowMove) {
  return {
    ...updateValues(kind, { ...clearedFields(kind, change.clears ?? []), ...(change.fields ?? {}) }),
    status: change.to,
    ...(change.to !== change.from ? { statusChangedAt: sql`now()` } : {}),
    aberta: !isClosed(requestKind(kind).workflow, change.to),
    version: sql`${requests.version} + 1`,
    ...(change.assigneeId !== undefined
      ? {
          assigneeId: change.assigneeId,
          // A request handed to a substitute is theirs outright once someone else takes it (decision 060).
          substitutingId: sql`case when ${requests.assigneeId} is not distinct from ${change.assigneeId}::text then ${requests.substitutingId} end`,
        }
      : {}),
    ...(change.pendingApprovalTeamId !== undefined
      ? { pendingApprovalTeamId: change.pendingApprovalTeamId }
      : {}),
    ...(change.approvalTeamId !== undefined ? { approvalTeamId: change.approvalTeamId } : {}),
  };
}

/**
 * Moves a request from `from` to `to`, only if it is still in `from` (and at
 * `version` when given): of two reviewers acting at once, one wins; the other
 * gets null and answers 409. `clears` empties the decision fields the
 * transition declares (docs/decisions/029).
 */
export async function moveRequest(
  db: Executor,
  kind: RequestKind,
  id: string,
  change: RowMove & { version?: number | undefined },
) {
  const table = requests;
  const clock = change.to !== change.from ? await slaShare(db, kind, id, change.from) : null;
  if (clock === false) return null;
  const [row] = await db
    .update(table)
    .set({
      ...moveSet(kind, change),
      ...(clock ? { slaMinutes: sql`${table.slaMinutes} + ${clock.minutes}` } : {}),
    } as never)
    .where(
      and(
        eq(table.id, id),
        eq(table.kind, kind),
        eq(table.status, change.from),
        change.version !== undefined ? eq(table.version, change.version) : undefined,
        // The state's start read above is still the row's: its minutes were counted once.
        clock ? sql`${table.statusChangedAt} = ${clock.since}::timestamptz` : undefined,
      ),
    )
    .returning();
  return row ? (fromStored(row) as RequestRow) : null;
}

/**
 * The same move of many rows locked by the caller (the bank's files, docs/decisions/059), in one
 * statement: each row at its version, with its own service-level minutes (counted by the caller
 * from the locked row's start, which cannot change under the lock). Answers the rows moved; fewer
 * than asked means one changed, and the caller refuses the whole.
 */
export async function moveLockedRequests(
  db: Executor,
  kind: RequestKind,
  change: RowMove,
  rows: readonly { id: string; version: number; slaMinutes: number }[],
) {
  if (!rows.length) return [];
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.version}::int, ${r.slaMinutes}::int)`),
    sql`, `,
  );
  const moved = await db
    .update(requests)
    .set({ ...moveSet(kind, change), slaMinutes: sql`${requests.slaMinutes} + v.minutes` } as never)
    .from(sql`(values ${values}) as v (id, version, minutes)`)
    .where(
      and(
        sql`${requests.id} = v.id`,
        eq(requests.kind, kind),
        eq(requests.status, change.from),
        sql`${requests.version} = v.version`,
      ),
    )
    .returning(getTableColumns(requests));
  return moved.map((row) => fromStored(row) as RequestRow);
}

export async function findUsers(db: Executor, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      sql`${users.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

export async function findTeamName(db: Executor, id: string) {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, id)).limit(1);
  return row?.name ?? null;
}
