import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";

/*
 * Every row a call could change that may belong to someone else, as a hash per row read in
 * one statement: the fuzzer takes one after every call and compares it with the one before
 * (ownership.ts decides which differences the actor was allowed to make). Three hashes per
 * row: the whole row; its content, without the columns a reviewer's move changes (or, for a
 * plan, those a client's approval through a shared link changes); and the whole row but the
 * team references that deleting a team clears.
 */

export type SnapshotRow = {
  table: string;
  key: string;
  /** Whose row: a request's, notification's or session's user, an event's or file's request, a plan's id. */
  owner: string | null;
  /** A request's kind:id for files and events, a support ticket's department, a plan for its parts. */
  about: string | null;
  /** A request's awaited and approving teams ("pending,approval"). */
  teams: string | null;
  full: string;
  content: string;
  withoutTeams: string;
};

export type Snapshot = Map<string, SnapshotRow>;

/** The columns a move of the workflow changes (decision 011, 015): a reviewer's, never the request's content. */
const WORKFLOW_COLUMNS = [
  "status",
  "assignee_id",
  "status_changed_at",
  "version",
  "pending_approval_team_id",
  "approval_team_id",
  "decided_at",
  "decided_by",
  "settled_at",
  "settled_by",
  "sla_minutes",
  "aberta",
  "valor_aprovado",
  "pago_em",
  "forma_pagamento",
];
/** What a client's approval through a shared link changes on the plan. */
const CLIENT_APPROVAL_COLUMNS = [
  "status",
  "client_approved_by",
  "client_approved_at",
  "updated_at",
  "version",
];

const minus = (columns: string[]) => columns.map((c) => ` - '${c}'`).join("");
const hash = (row: string, columns: string[] = []) => `md5((to_jsonb(${row})${minus(columns)})::text)`;

/** Every request, in the one table (docs/decisions/034); `about` is a routed kind's value (a ticket's department). */
function request() {
  return `select 'request' as tbl, r.kind || ':' || r.id as key, r.user_id as owner, r.rota as about,
    coalesce(r.pending_approval_team_id::text, '') || ',' || coalesce(r.approval_team_id::text, '') as teams,
    ${hash("r")} as full_hash, ${hash("r", WORKFLOW_COLUMNS)} as content_hash,
    ${hash("r", ["pending_approval_team_id", "approval_team_id"])} as without_teams_hash
    from requests r`;
}

function plain(table: string, key: string, owner: string, about = "null") {
  return `select '${table}', (${key})::text, (${owner})::text, (${about})::text, null, ${hash("t")}, ${hash("t")}, ${hash("t")} from ${table} t`;
}

const SNAPSHOT_SQL = [
  request(),
  plain("anexos", "t.id", "t.user_id", "t.solicitacao_tipo || ':' || t.solicitacao_id"),
  plain("events", "t.id", "t.actor_id", "t.subject_kind || ':' || t.subject_id"),
  plain("notifications", "t.id", "t.user_id"),
  plain("notification_preferences", "t.email", "t.email"),
  plain("users", "t.id", "t.id"),
  plain("sessions", "t.id", "t.user_id"),
  plain("accounts", "t.id", "t.user_id"),
  plain("teams", "t.id", "null"),
  plain("team_members", "t.team_id || ':' || t.email", "null"),
  plain("approval_policies", "t.kind", "null"),
  plain("expense_limits", "t.kind || ':' || t.expense_type", "null"),
  plain("service_levels", "t.kind", "null"),
  plain("clients", "t.id", "null"),
  plain("vagas", "t.id", "null"),
  `select 'plans', p.id::text, p.user_id, null, null, ${hash("p")}, ${hash("p", CLIENT_APPROVAL_COLUMNS)}, ${hash("p")}
    from planejamentos_conteudo p`,
  plain("plan_post_tasks", "t.plan_id || ':' || t.post_id", "null", "t.plan_id"),
  plain("plan_share_links", "t.id", "null", "t.plan_id"),
  plain("plan_client_comments", "t.id", "null", "t.plan_id"),
  plain("plan_history", "t.id", "null", "t.plan_id"),
].join("\nunion all\n");

/** The tables the snapshot reads: a write to any of them is what makes a new snapshot worth taking. */
const WATCHED = [
  "requests",
  "anexos",
  "events",
  "notifications",
  "notification_preferences",
  "users",
  "sessions",
  "accounts",
  "teams",
  "team_members",
  "approval_policies",
  "expense_limits",
  "service_levels",
  "clients",
  "vagas",
  "planejamentos_conteudo",
  "plan_post_tasks",
  "plan_share_links",
  "plan_client_comments",
  "plan_history",
];

/**
 * Counts every statement that writes to a watched table (a sequence: no lock, counted even if
 * rolled back), in the test's database only: most calls write nothing, and then the snapshot
 * need not be read again. Observes only; the app's own statements and triggers are unchanged.
 */
export async function watchWrites(db: Executor): Promise<() => Promise<string>> {
  await db.execute(sql.raw("create sequence if not exists fuzz_writes"));
  await db.execute(
    sql.raw(`create or replace function fuzz_count_write() returns trigger language plpgsql as
      $$ begin perform nextval('fuzz_writes'); return null; end $$`),
  );
  for (const table of WATCHED) {
    await db.execute(
      sql.raw(`create or replace trigger fuzz_count_write after insert or update or delete or truncate
        on ${table} for each statement execute function fuzz_count_write()`),
    );
  }
  return async () => {
    const row = (await db.execute(sql.raw("select last_value, is_called from fuzz_writes"))).rows[0]!;
    return `${row.last_value}:${row.is_called}`;
  };
}

export async function takeSnapshot(db: Executor): Promise<Snapshot> {
  const result = await db.execute(sql.raw(SNAPSHOT_SQL));
  const snapshot: Snapshot = new Map();
  for (const row of result.rows as Record<string, unknown>[]) {
    const text = (name: string) => (row[name] === null ? null : String(row[name]));
    snapshot.set(`${row.tbl}/${row.key}`, {
      table: String(row.tbl),
      key: String(row.key),
      owner: text("owner"),
      about: text("about"),
      teams: text("teams"),
      full: String(row.full_hash),
      content: String(row.content_hash),
      withoutTeams: String(row.without_teams_hash),
    });
  }
  return snapshot;
}
