import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import type { Snapshot, SnapshotRow } from "./snapshot";
import type { Actor } from "./world";

/*
 * Whose rows the actor may change, and how (docs/decisions/032). Their own rows: freely. A
 * reviewer: the workflow columns of the requests their teams handle, and new events and files
 * on them, never a request's content. An administrator: teams, policies, limits and service
 * levels, whose deletion clears a request's team references; as a planning and job-opening
 * manager, the shared clients and openings and their own plans. Whoever holds a plan's shared
 * link: that plan's approval, comments and history. Everyone: new notifications for others
 * (a move tells the requester), never an existing one changed. Anything else is someone else's.
 */

export type Scope = {
  actor: Actor;
  /** The teams the actor belongs to, and what they handle. */
  teamIds: Set<string>;
  kinds: Set<string>;
  departments: Set<string>;
  /** A planning and job-opening manager (the clients and openings are every manager's). */
  manager: boolean;
  sharedPlanId: string | null;
  /** People's labels by user id, for reports. */
  names: Map<string, string>;
};

/** free: anything; kept: existing rows unchanged, new ones allowed; the others refuse new rows too. */
type Rule = "free" | "kept" | "content" | "withoutTeams" | "strict";

export async function scopeOf(
  db: Executor,
  actor: Actor,
  options: { manager: boolean; sharedPlanId: string | null; names: Map<string, string> },
): Promise<Scope> {
  const teams = actor.email
    ? ((
        await db.execute(
          sql`select t.id, t.kinds, t.departamentos from teams t join team_members m on m.team_id = t.id
              where m.email = ${actor.email}`,
        )
      ).rows as { id: string; kinds: string[]; departamentos: string[] }[])
    : [];
  return {
    actor,
    teamIds: new Set(teams.map((t) => t.id)),
    kinds: new Set(teams.flatMap((t) => t.kinds)),
    departments: new Set(teams.flatMap((t) => t.departamentos)),
    ...options,
  };
}

const mine = (scope: Scope, owner: string | null) =>
  scope.actor.userId !== null && owner === scope.actor.userId;

/** Whether the actor's teams handle this request (its kind, its department, or its second approval). */
export function handles(scope: Scope, request: SnapshotRow): boolean {
  if (scope.actor.role !== "reviewer") return false;
  const kind = request.key.split(":")[0]!;
  if (kind === "suporte" ? scope.departments.has(request.about ?? "") : scope.kinds.has(kind)) return true;
  return (request.teams ?? "").split(",").some((id) => id !== "" && scope.teamIds.has(id));
}

function requestRule(scope: Scope, row: SnapshotRow): Rule {
  if (mine(scope, row.owner)) return "free";
  if (handles(scope, row)) return "content";
  return scope.actor.role === "admin" ? "withoutTeams" : "strict";
}

/** Files and events follow their request; a team's events are the administrators'. */
function partOfRequestRule(scope: Scope, row: SnapshotRow, rows: Snapshot): Rule {
  if (row.about?.startsWith("equipe:")) return scope.actor.role === "admin" ? "free" : "strict";
  const request = rows.get(`request/${row.about}`);
  if (!request) return mine(scope, row.owner) ? "free" : "strict";
  // A file a reviewer attached to a move (a proof, a result) is theirs, even on the actor's own request.
  if (mine(scope, request.owner)) return row.table === "events" || mine(scope, row.owner) ? "free" : "kept";
  return handles(scope, request) ? "kept" : "strict";
}

function planPartRule(scope: Scope, row: SnapshotRow, rows: Snapshot): Rule {
  const plan = rows.get(`plans/${row.about}`);
  if (plan && mine(scope, plan.owner)) return "free";
  const throughLink = row.table === "plan_client_comments" || row.table === "plan_history";
  return throughLink && row.about === scope.sharedPlanId ? "kept" : "strict";
}

function ruleFor(scope: Scope, row: SnapshotRow, rows: Snapshot): Rule {
  const admin = scope.actor.role === "admin";
  switch (row.table) {
    case "request":
      return requestRule(scope, row);
    case "anexos":
    case "events":
      return partOfRequestRule(scope, row, rows);
    case "notifications":
    case "users":
    case "sessions":
    case "accounts":
      return mine(scope, row.owner) ? "free" : "kept";
    case "notification_preferences":
      return row.owner === scope.actor.email ? "free" : "strict";
    case "teams":
    case "team_members":
    case "approval_policies":
    case "expense_limits":
    case "service_levels":
      return admin ? "free" : "strict";
    case "clients":
    case "vagas":
      return scope.manager ? "free" : "strict";
    case "plans":
      if (mine(scope, row.owner)) return "free";
      return row.key === scope.sharedPlanId ? "content" : "strict";
    default:
      return planPartRule(scope, row, rows);
  }
}

function rowName(scope: Scope, row: SnapshotRow) {
  const whose = row.owner ? ` (${scope.names.get(row.owner) ?? row.owner})` : "";
  return `${row.table} ${row.key}${whose}${row.about ? ` of ${row.about}` : ""}`;
}

/** The changes of `before` → `after` the actor was not allowed to make; empty when none. */
export function forbiddenChanges(scope: Scope, before: Snapshot, after: Snapshot): string[] {
  const found: string[] = [];
  for (const [id, row] of before) {
    const rule = ruleFor(scope, row, before);
    if (rule === "free") continue;
    const now = after.get(id);
    if (!now) {
      found.push(`deleted ${rowName(scope, row)}`);
      continue;
    }
    const same =
      rule === "content"
        ? now.content === row.content
        : rule === "withoutTeams"
          ? now.withoutTeams === row.withoutTeams
          : now.full === row.full;
    if (!same) found.push(`changed ${rowName(scope, row)}${rule === "content" ? " (its content)" : ""}`);
  }
  for (const [id, row] of after) {
    if (before.has(id)) continue;
    const rule = ruleFor(scope, row, after);
    if (rule !== "free" && rule !== "kept") found.push(`created ${rowName(scope, row)}`);
  }
  return found;
}

/** A text seeded into a row (markers.ts) and whose row it marks. */
export type Marker = { text: string; kind: "request" | "internal-note" | "plan"; row: string };

/** The markers of rows this actor may not read, as the snapshot stands. */
export function hiddenMarkers(scope: Scope, markers: Marker[], rows: Snapshot): string[] {
  return markers
    .filter((marker) => {
      const row = rows.get(marker.row);
      if (!row) return false;
      if (marker.kind === "plan") return !mine(scope, row.owner);
      if (marker.kind === "internal-note") return !handles(scope, row);
      return !mine(scope, row.owner) && !handles(scope, row);
    })
    .map((marker) => marker.text);
}
