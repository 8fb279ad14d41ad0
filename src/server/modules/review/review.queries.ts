import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS, type RequestKind } from "@/domain/requests/kinds";
import { CLOSED_STATES, type DecisionField, WAITING_ON_REQUESTER_STATES } from "@/domain/requests/workflow";
import { businessMinutesBetween } from "@/domain/sla/business-hours";
import { clockRuns } from "@/domain/sla/service-level";
import type { Executor } from "../../db/client";
import { teams, users } from "../../db/schema";
import type { Cursor } from "../../http/keyset-cursor";
import { columnName, kindTable, kindTableName } from "../requests/kind-tables";
import type { RequestListRow } from "../requests/requests.queries";

/** The requests of one kind a person reviews: all of them, those of some routed values, and approvals awaited from their teams. */
export type KindScope = {
  kind: RequestKind;
  /** Every request of the kind (a team handles it). */
  all: boolean;
  /** Or those whose routed field holds one of these (support tickets by department). */
  routedValues: string[];
};

export type ReviewerScope = { kinds: KindScope[]; teamIds: string[] };

const closedList = sql.join(
  CLOSED_STATES.map((s) => sql`${s}`),
  sql`, `,
);

/** The rows a reviewer scope covers, as SQL over `r` (the queue, the count, the Painel). */
export function scopeCondition(scope: KindScope | undefined, teamIds: readonly string[]): SQL | null {
  const parts: SQL[] = [];
  if (scope?.all) parts.push(sql`true`);
  else if (scope?.routedValues.length) {
    const routing = (REQUEST_KIND_REGISTRY[scope.kind] as { routing?: { field: string } }).routing!;
    parts.push(
      sql`r.${sql.raw(columnName(scope.kind, routing.field))} in (${sql.join(
        scope.routedValues.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  if (teamIds.length)
    parts.push(
      sql`(r.pending_approval_team_id in (${sql.join(
        teamIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) or r.approval_team_id in (${sql.join(
        teamIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`,
    );
  if (!parts.length) return null;
  return sql`(${sql.join(parts, sql` or `)})`;
}

export type QueueFilters = {
  kind?: RequestKind | undefined;
  status?: string | undefined;
  requester?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Sent after this instant, whatever their state now (the daily summary). */
  since?: Date | undefined;
};

/** A row of 'Minhas solicitações' with who sent it, who took it and the approval awaited. */
export type QueueRow = RequestListRow & {
  requester_name: string;
  requester_email: string;
  assignee_id: string | null;
  assignee_name: string | null;
  pending_team: string | null;
  /** The service-level clock (issue 12): when the state began and the minutes before it. */
  status_changed_at: string | Date;
  sla_minutes: number;
};

export function filtersCondition(filters: QueueFilters): SQL {
  const parts: SQL[] = [];
  if (filters.status) parts.push(sql`r.status = ${filters.status}`);
  else if (!filters.since) parts.push(sql`r.status not in (${closedList})`);
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
  return sql.join(parts, sql` and `);
}

/**
 * 'Caixa de entrada': one page of the requests a reviewer's teams handle,
 * oldest first, in ONE statement built from the registry. Each kind's branch
 * reads its own open-requests index in created order and stops after `limit`
 * rows; the requester, the assignee and the awaited team are joined once, on
 * the page only. A person's own requests are never in their queue.
 */
export async function queuePage(
  db: Executor,
  reviewer: { userId: string; scope: ReviewerScope },
  filters: QueueFilters,
  cursor: Cursor | null,
  limit: number,
) {
  const branches: SQL[] = [];
  for (const kind of REQUEST_KINDS) {
    if (filters.kind && filters.kind !== kind) continue;
    const scope = scopeCondition(
      reviewer.scope.kinds.find((s) => s.kind === kind),
      reviewer.scope.teamIds,
    );
    if (!scope) continue;
    const { list } = REQUEST_KIND_REGISTRY[kind];
    const summary = sql.join(
      list.fields.map((field) => sql`${field}::text, r.${sql.raw(columnName(kind, field))}`),
      sql`, `,
    );
    const value =
      "value" in list && list.value ? sql`r.${sql.raw(columnName(kind, list.value))}` : sql`null::numeric`;
    const after = cursor
      ? sql`and (r.created_at, r.id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
    branches.push(sql`(select ${kind}::text as tipo, r.id, r.created_at, r.status,
        jsonb_build_object(${summary}) as resumo_campos, ${value} as valor,
        r.user_id, r.assignee_id, r.pending_approval_team_id, r.status_changed_at, r.sla_minutes
      from ${sql.raw(kindTableName(kind))} r
      where ${scope} and r.user_id <> ${reviewer.userId} and ${filtersCondition(filters)} ${after}
      order by r.created_at, r.id limit ${limit})`);
  }
  if (!branches.length) return [];
  const result = await db.execute(sql`
    select q.tipo, q.id, q.created_at, q.status, q.resumo_campos, q.valor,
      coalesce(nullif(u.name, ''), u.email) as requester_name, u.email as requester_email,
      q.assignee_id, coalesce(nullif(a.name, ''), a.email) as assignee_name, t.name as pending_team,
      q.status_changed_at, q.sla_minutes
    from (${sql.join(
      // Each branch wrapped, so one branch alone (a kind filter) is still a query with one ORDER BY.
      branches.map((branch, i) => sql`select * from ${branch} ${sql.raw(`b${i}`)}`),
      sql` union all `,
    )} order by created_at, id limit ${limit}) q
    join ${users} u on u.id = q.user_id
    left join ${users} a on a.id = q.assignee_id
    left join ${teams} t on t.id = q.pending_approval_team_id
    order by q.created_at, q.id`);
  return result.rows as QueueRow[];
}

/**
 * What waits for a reviewer: open requests in their queue that nobody else has
 * taken and that do not wait on their requester.
 */
export async function queueCount(db: Executor, reviewer: { userId: string; scope: ReviewerScope }) {
  const notWaiting = sql.join(
    [...CLOSED_STATES, ...WAITING_ON_REQUESTER_STATES].map((s) => sql`${s}`),
    sql`, `,
  );
  const counts: SQL[] = [];
  for (const kind of REQUEST_KINDS) {
    const scope = scopeCondition(
      reviewer.scope.kinds.find((s) => s.kind === kind),
      reviewer.scope.teamIds,
    );
    if (!scope) continue;
    counts.push(sql`(select count(*) from ${sql.raw(kindTableName(kind))} r
      where ${scope} and r.user_id <> ${reviewer.userId} and r.status not in (${notWaiting})
        and (r.assignee_id is null or r.assignee_id = ${reviewer.userId}))`);
  }
  if (!counts.length) return 0;
  const result = await db.execute(sql`select (${sql.join(counts, sql` + `)})::int as total`);
  return Number((result.rows[0] as { total: number }).total);
}

/** A request with its requester, for a decision: locked until the transaction ends. */
export async function lockRequest(db: Executor, kind: RequestKind, id: string) {
  const table = kindTable(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id)).for("update").limit(1);
  return (row as (Record<string, unknown> & RequestWorkflowColumns) | undefined) ?? null;
}

export async function findRequest(db: Executor, kind: RequestKind, id: string) {
  const table = kindTable(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  return (row as (Record<string, unknown> & RequestWorkflowColumns) | undefined) ?? null;
}

/** Rows of one kind by id, in one statement (the payment batch reads every row it lists). */
export async function findRequests(db: Executor, kind: RequestKind, ids: readonly string[]) {
  if (!ids.length) return new Map<string, Record<string, unknown> & RequestWorkflowColumns>();
  const table = kindTable(kind);
  const rows = await db
    .select()
    .from(table)
    .where(inArray(table.id, [...ids]));
  return new Map(
    (rows as (Record<string, unknown> & RequestWorkflowColumns & { id: string })[]).map((row) => [
      row.id,
      row,
    ]),
  );
}

/** The workflow columns every request table has (src/server/db/schema/requests.ts). */
/** The columns the review desk keeps on a request row, beside the kind's own fields: never shown as its data. */
export const WORKFLOW_COLUMNS = [
  "userId",
  "idempotencyKey",
  "assigneeId",
  "statusChangedAt",
  "version",
  "pendingApprovalTeamId",
  "approvalTeamId",
  "decidedAt",
  "decidedBy",
  "settledAt",
  "settledBy",
  "slaMinutes",
] as const;

export type RequestWorkflowColumns = {
  id: string;
  userId: string;
  status: string;
  createdAt: Date;
  statusChangedAt: Date;
  /** Business minutes of the service-level clock before the current state (issue 12). */
  slaMinutes?: number;
  version: number;
  assigneeId: string | null;
  pendingApprovalTeamId: string | null;
  approvalTeamId: string | null;
};

/**
 * The service-level clock (issue 12, decision 014): leaving a state where it
 * runs adds that state's business minutes to `sla_minutes`. Business hours are
 * computed in TypeScript (holidays, weekends), so the state's start and the
 * database's `now()` (the transaction's, the same the move stamps) are read
 * first; the start goes back as text, to the microsecond, to guard the update.
 * null: the clock does not run in `from`; false: the request is no longer in `from`.
 */
async function slaShare(db: Executor, kind: RequestKind, id: string, from: string) {
  if (!clockRuns(from)) return null;
  const table = kindTable(kind);
  const result = await db.execute(sql`select ${table.statusChangedAt}::text as since,
      extract(epoch from ${table.statusChangedAt}) * 1000 as since_ms, extract(epoch from now()) * 1000 as now_ms
    from ${table} where ${table.id} = ${id} and ${table.status} = ${from}`);
  const row = result.rows[0] as
    | { since: string; since_ms: string | number; now_ms: string | number }
    | undefined;
  if (!row) return false;
  const minutes = businessMinutesBetween(new Date(Number(row.since_ms)), new Date(Number(row.now_ms)));
  return { since: row.since, minutes };
}

/** The column each decision field names, on the tables that have it (the approved value: paid kinds). */
const DECISION_COLUMNS: Record<DecisionField, string> = {
  pendingApproval: "pendingApprovalTeamId",
  approvedValue: "valorAprovado",
};

function clearedColumns(table: object, clears: readonly DecisionField[]): Record<string, null> {
  return Object.fromEntries(
    clears
      .map((field) => DECISION_COLUMNS[field])
      .flatMap((column) => (column in table ? [[column, null]] : [])),
  );
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
  change: {
    from: string;
    to: string;
    version?: number | undefined;
    assigneeId?: string | null;
    pendingApprovalTeamId?: string | null;
    approvalTeamId?: string | null;
    clears?: readonly DecisionField[] | undefined;
    fields?: Record<string, unknown>;
  },
) {
  const table = kindTable(kind);
  const clock = change.to !== change.from ? await slaShare(db, kind, id, change.from) : null;
  if (clock === false) return null;
  const [row] = await db
    .update(table)
    .set({
      ...clearedColumns(table, change.clears ?? []),
      ...(change.fields ?? {}),
      ...(clock ? { slaMinutes: sql`${table.slaMinutes} + ${clock.minutes}` } : {}),
      status: change.to,
      ...(change.to !== change.from ? { statusChangedAt: sql`now()` } : {}),
      version: sql`${table.version} + 1`,
      ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
      ...(change.pendingApprovalTeamId !== undefined
        ? { pendingApprovalTeamId: change.pendingApprovalTeamId }
        : {}),
      ...(change.approvalTeamId !== undefined ? { approvalTeamId: change.approvalTeamId } : {}),
    } as never)
    .where(
      and(
        eq(table.id, id),
        eq(table.status, change.from),
        change.version !== undefined ? eq(table.version, change.version) : undefined,
        // The state's start read above is still the row's: its minutes were counted once.
        clock ? sql`${table.statusChangedAt} = ${clock.since}::timestamptz` : undefined,
      ),
    )
    .returning();
  return (row as (Record<string, unknown> & RequestWorkflowColumns) | undefined) ?? null;
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

export async function findUsersByEmail(db: Executor, emails: readonly string[]) {
  if (!emails.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      sql`${users.email} in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
}

export async function findTeamName(db: Executor, id: string) {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, id)).limit(1);
  return row?.name ?? null;
}
