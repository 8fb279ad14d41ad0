import { type TeamScope, teamHandles } from "../teams/team";
import { REQUEST_KINDS, type RequestKind, requestKind } from "./kinds";
import type { Transition } from "./workflow";

/*
 * Who a person is to a request, and which requests their teams review
 * (docs/decisions/011, 029, 035): pure functions of the person, the kind and
 * the row, so the server's reads, moves and queue, and their tests, share one
 * set of rules.
 */

/** A team someone belongs to, as far as reviewing goes. */
export type PersonTeam = TeamScope & { readonly id: string };

/** The signed-in person, as the rules see them. */
/**
 * The second approvals a person may give in the stead of members of a team who are away today and
 * chose them as 'Substituto' (docs/decisions/060): an approver away does not hold the request.
 */
export type StandIn = { readonly teamId: string; readonly forIds: readonly string[] };

export type Person = {
  readonly id: string;
  readonly teams: readonly PersonTeam[];
  /** Set only by the review desk, for the request or the queue at hand (never the export or the Painel). */
  readonly standsIn?: readonly StandIn[];
};

/**
 * The columns the review desk keeps on a request row, beside the kind's own
 * fields: never shown as the request's data.
 */
export const WORKFLOW_COLUMNS = [
  "userId",
  "idempotencyKey",
  "assigneeId",
  "statusChangedAt",
  "version",
  "pendingApprovalTeamId",
  "approvalTeamId",
  "substitutingId",
  "decidedAt",
  "decidedBy",
  "settledAt",
  "settledBy",
  "slaMinutes",
] as const;

/** What the rules read of a request row. */
export type WorkflowRow = {
  id: string;
  userId: string;
  status: string;
  createdAt: Date;
  statusChangedAt: Date;
  /** Business minutes of the service-level clock before the current state (docs/decisions/014). */
  slaMinutes?: number;
  version: number;
  assigneeId: string | null;
  /** The team whose second approval the request awaits. */
  pendingApprovalTeamId: string | null;
  /** The team that gave (or gives) the second approval: it keeps seeing what it approved. */
  approvalTeamId: string | null;
};

/** A stored request: its kind's fields by name (the routed field among them) and the workflow columns. */
export type RequestRow = Record<string, unknown> & WorkflowRow;

/** What a person is to one request; several may hold at once. */
export type Capacity = {
  /** Its author. */
  requester: boolean;
  /** A member of a team that handles it (its kind, or its routed value). */
  handler: boolean;
  /** A member of the team whose second approval it awaits. */
  awaited: boolean;
  /** A member of the team whose second approval it awaits or received. */
  approver: boolean;
};

/** The value of the kind's routed field (support's department), when the kind is routed. */
function routedValue(kind: RequestKind, row: Readonly<Record<string, unknown>>): unknown {
  const routing = requestKind(kind).routing;
  return routing ? row[routing.field] : undefined;
}

/** Whether `team` handles this request: its kind, or the value of the kind's routed field. */
export function handles(team: TeamScope, kind: RequestKind, row: Readonly<Record<string, unknown>>) {
  return teamHandles(team, kind, routedValue(kind, row));
}

export function capacityOf(person: Person, kind: RequestKind, row: RequestRow): Capacity {
  const member = (teamId: string | null) => teamId !== null && person.teams.some((t) => t.id === teamId);
  const standsIn = (teamId: string | null) =>
    teamId !== null && (person.standsIn ?? []).some((s) => s.teamId === teamId);
  const awaited = member(row.pendingApprovalTeamId) || standsIn(row.pendingApprovalTeamId);
  return {
    requester: row.userId === person.id,
    handler: person.teams.some((team) => handles(team, kind, row)),
    awaited,
    approver: awaited || member(row.approvalTeamId) || standsIn(row.approvalTeamId),
  };
}

/** 'solicitante': the author; 'revisor': a handling or approving team's member. */
export type Role = "solicitante" | "revisor";

/** The reader's role, or null: nobody may read it (who then gets 404, as for a request that does not exist). */
export function roleOf(capacity: Capacity): Role | null {
  if (capacity.requester) return "solicitante";
  return capacity.handler || capacity.approver ? "revisor" : null;
}

/** Why a person may not make a move they can see. */
export type AuthorityRefusal = "OWN_REQUEST" | "ACTION_NOT_ALLOWED";

/**
 * Whether the person may make `transition` on this request, by its `by` and
 * `whileAwaiting` declarations: a requester's move is the author's; a
 * reviewer's move is never on one's own request, and belongs to the handling
 * team unless a second approval is awaited and the move says otherwise.
 */
export function authorityRefusal(capacity: Capacity, row: WorkflowRow, transition: Transition) {
  if (transition.by === "requester") return capacity.requester ? null : "ACTION_NOT_ALLOWED";
  if (capacity.requester) return "OWN_REQUEST";
  return reviewerMay(capacity, row, transition) ? null : "ACTION_NOT_ALLOWED";
}

function reviewerMay(capacity: Capacity, row: WorkflowRow, transition: Transition): boolean {
  if (row.pendingApprovalTeamId !== null) {
    if (transition.whileAwaiting === "approver") return capacity.awaited;
    if (transition.whileAwaiting === "either") return capacity.handler || capacity.awaited;
  }
  return capacity.handler;
}

/** May the person make `transition` on this request (it being in a state the move starts from)? */
export function mayMake(person: Person, kind: RequestKind, row: RequestRow, transition: Transition) {
  return authorityRefusal(capacityOf(person, kind, row), row, transition) === null;
}

/** The requests of one kind a person reviews: all of them, or those of some routed values. */
export type KindScope = {
  kind: RequestKind;
  /** Every request of the kind (a team handles it). */
  all: boolean;
  /** Or those whose routed field holds one of these (support tickets by department). */
  routedValues: string[];
};

/** What a person's teams review: kinds, routed values, and the approvals awaited from (or given by) them. */
export type ReviewerScope = {
  kinds: KindScope[];
  teamIds: string[];
  /**
   * 'yyyy-mm-dd': also the approvals awaited from teams whose away members chose this person as
   * 'Substituto' that day (only those, docs/decisions/060); the queue and its count set it.
   */
  standInOn?: string;
};

/**
 * The requests a person's teams handle, as `handles` decides request by
 * request: a member of one team sees nothing of another's queue.
 */
export function scopeOf(person: Pick<Person, "teams">): ReviewerScope {
  const reviewing = person.teams.filter((t) => t.kinds.length || t.departamentos.length);
  const kinds: KindScope[] = [];
  for (const kind of REQUEST_KINDS) {
    const routed = Boolean(requestKind(kind).routing);
    // A routed kind reaches a team only through its values (teamHandles).
    const all = !routed && reviewing.some((t) => t.kinds.includes(kind));
    const routedValues = routed ? [...new Set(reviewing.flatMap((t) => t.departamentos))] : [];
    if (all || routedValues.length) kinds.push({ kind, all, routedValues });
  }
  return { kinds, teamIds: person.teams.map((t) => t.id) };
}
