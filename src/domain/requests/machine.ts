import {
  type AuthorityRefusal,
  authorityRefusal,
  type Capacity,
  capacityOf,
  type Person,
  type RequestRow,
  roleOf,
  type WorkflowRow,
} from "./access";
import { type RequestKind, requestKind } from "./kinds";
import {
  availableTransitions,
  type DecisionField,
  type Effect,
  REOPEN_WINDOW_DAYS,
  type RequestAction,
  type Requirement,
  type Transition,
  transitionFor,
  type Workflow,
} from "./workflow";

/*
 * The workflow as a machine (docs/decisions/035): whether a move may be made
 * now, by this person, with what they sent; which moves to offer them; and
 * what a move writes on the row. Every answer is read from the transition's
 * declarations in workflow.ts (`by`, `whileAwaiting`, `needsReason`,
 * `requires`, `file`, `sets`, `clears`); the server adds only what needs the
 * database (the policy, the first approver, the flags) and the writing.
 */

/** Why the machine refuses a move; the server answers each with its HTTP status and message. */
export type MoveRefusal =
  /** The person may not read the request: 404, as for one that does not exist. */
  | { code: "NOT_FOUND" }
  /** Not from here, or not at the version the person saw: 409 with the current state. */
  | { code: "STATE_CONFLICT" }
  | { code: AuthorityRefusal }
  | { code: "FIELD_MISSING"; field: "motivo" | "resultado" }
  | { code: "FILE_NOT_TAKEN" }
  | { code: "REOPEN_EXPIRED" };

/** What a person sends with a move, as far as the machine checks it. */
export type MoveAttempt = {
  action: RequestAction;
  /** The version the person saw, when they sent it. */
  version?: number | undefined;
  reason?: string | undefined;
  result?: string | undefined;
  /** How many files came with it. */
  files: number;
  /** Made by the bank's files (a remittance, its return), the only way to make a `via` move. */
  via?: "banco" | "prestacao";
};

export type MoveCheck =
  | { ok: true; transition: Transition; capacity: Capacity }
  | { ok: false; refusal: MoveRefusal };

const refuse = (refusal: MoveRefusal): MoveCheck => ({ ok: false, refusal });

export const requires = (transition: Transition, requirement: Requirement) =>
  transition.requires?.includes(requirement) ?? false;

export const sets = (transition: Transition, effect: Effect) => transition.sets?.includes(effect) ?? false;

/** Whether the reopening window of the state the request is in has passed (REOPEN_WINDOW_DAYS). */
export function reopenExpired(row: Pick<WorkflowRow, "statusChangedAt">, now: Date): boolean {
  return now.getTime() - row.statusChangedAt.getTime() > REOPEN_WINDOW_DAYS * 24 * 3600_000;
}

/** The first unmet requirement of `transition` for what was sent, or null. */
function requirementRefusal(
  transition: Transition,
  row: WorkflowRow,
  attempt: MoveAttempt,
  now: Date,
): MoveRefusal | null {
  if (transition.needsReason && !attempt.reason) return { code: "FIELD_MISSING", field: "motivo" };
  if (requires(transition, "result") && !attempt.result) return { code: "FIELD_MISSING", field: "resultado" };
  if (attempt.files && !transition.file) return { code: "FILE_NOT_TAKEN" };
  if (requires(transition, "reopenWindow") && reopenExpired(row, now)) return { code: "REOPEN_EXPIRED" };
  return null;
}

/**
 * Whether `attempt` may be made on this request now, in this order: the
 * reader may see it; it is at the version they saw; the move exists from its
 * state (409 when it exists elsewhere in the workflow: the request moved on;
 * refused when the workflow has no such move); the person may make it; and
 * what it requires came with it.
 */
export function checkMove(
  kind: RequestKind,
  row: RequestRow,
  person: Person,
  attempt: MoveAttempt,
  now: Date,
): MoveCheck {
  const workflow = requestKind(kind).workflow;
  const capacity = capacityOf(person, kind, row);
  if (!roleOf(capacity)) return refuse({ code: "NOT_FOUND" });
  if (attempt.version !== undefined && attempt.version !== row.version)
    return refuse({ code: "STATE_CONFLICT" });
  // A move of the bank's files is nobody's on the request's page, and the bank makes no other.
  const declared = workflow.transitions.filter((t) => t.action === attempt.action);
  if (!declared.some((t) => t.via === attempt.via)) return refuse({ code: "ACTION_NOT_ALLOWED" });
  const transition = transitionFor(workflow, row.status, attempt.action);
  if (!transition) return refuse({ code: "STATE_CONFLICT" });
  const authority = authorityRefusal(capacity, row, transition);
  if (authority) return refuse({ code: authority });
  const unmet = requirementRefusal(transition, row, attempt, now);
  return unmet ? refuse(unmet) : { ok: true, transition, capacity };
}

/**
 * 'Editar e reenviar': the edit form is the author's, so anyone else is
 * refused first (whatever the state); then the 'reenviar' move must exist
 * from the request's state (409 otherwise, in every workflow).
 */
export function checkResubmit(kind: RequestKind, row: RequestRow, person: Person): MoveCheck {
  const capacity = capacityOf(person, kind, row);
  if (!roleOf(capacity)) return refuse({ code: "NOT_FOUND" });
  if (!capacity.requester) return refuse({ code: "ACTION_NOT_ALLOWED" });
  const transition = transitionFor(requestKind(kind).workflow, row.status, "reenviar");
  if (!transition) return refuse({ code: "STATE_CONFLICT" });
  const authority = authorityRefusal(capacity, row, transition);
  return authority ? refuse({ code: authority }) : { ok: true, transition, capacity };
}

/** The moves offered to a reader: those they may make now, none that would change nothing or is past its window. */
export function offeredMoves(kind: RequestKind, row: RequestRow, person: Person, now: Date): Transition[] {
  const workflow: Workflow = requestKind(kind).workflow;
  const capacity = capacityOf(person, kind, row);
  const role = roleOf(capacity);
  if (!role) return [];
  return availableTransitions(workflow, row.status, role === "solicitante" ? "requester" : "reviewer").filter(
    (t) =>
      !t.via &&
      authorityRefusal(capacity, row, t) === null &&
      !(t.notForAssignee && row.assigneeId === person.id) &&
      !(requires(t, "reopenWindow") && reopenExpired(row, now)),
  );
}

/**
 * Where an approval stands with the kind's second-approval policy ('Acima de
 * R$ X, aprovação também de <equipe>', docs/decisions/029): "none" when none
 * applies, "first" when this approval must wait for the policy's team,
 * "second" when it is that team's, by someone other than the first approver.
 */
export type ApprovalStep =
  | { step: "none" }
  | { step: "first"; teamId: string }
  /** `standingInFor`: the away members of the awaited team a stand-in approves for (docs/decisions/060). */
  | { step: "second"; standingInFor?: readonly string[] };

export function approvalStep(
  transition: Transition,
  row: Pick<WorkflowRow, "pendingApprovalTeamId">,
  facts: {
    person: Person;
    /** The request's value (cents), when its kind has one. */
    value: number | null;
    policy: { thresholdCents: number; teamId: string } | null;
    /** Who gave the first approval, while the second is awaited. */
    firstApproverId: string | null;
  },
): ApprovalStep | { refusal: AuthorityRefusal } {
  if (!requires(transition, "secondApproval") || facts.value === null) return { step: "none" };
  if (row.pendingApprovalTeamId !== null) {
    const team = row.pendingApprovalTeamId;
    const member = facts.person.teams.some((t) => t.id === team);
    // A stand-in approves for an away member, never for the one who gave the first approval.
    const standingInFor = member
      ? []
      : (facts.person.standsIn?.find((s) => s.teamId === team)?.forIds ?? []).filter(
          (id) => id !== facts.firstApproverId,
        );
    if ((!member && !standingInFor.length) || facts.firstApproverId === facts.person.id)
      return { refusal: "ACTION_NOT_ALLOWED" };
    return standingInFor.length ? { step: "second", standingInFor } : { step: "second" };
  }
  if (!facts.policy || facts.value <= facts.policy.thresholdCents) return { step: "none" };
  return { step: "first", teamId: facts.policy.teamId };
}

/** What a move writes on the row: the state, the stamps and the decision fields, as its declarations say. */
export type RowChange = {
  to: string;
  /** "aprovacao_parcial": a first approval that waits for the second; the state stays. */
  event: "transicao" | "aprovacao_parcial";
  assigneeId?: string;
  pendingApprovalTeamId?: string | null;
  approvalTeamId?: string;
  clears: readonly DecisionField[];
  fields: Record<string, unknown>;
};

/**
 * The row change of `transition`, made by `actor` at `now`: `sets` names what
 * it fills (the assignee, who decided or settled and when, the answer),
 * `clears` what it empties; the money fields are finance's to add.
 */
export function rowChange(
  kind: RequestKind,
  transition: Transition,
  row: Pick<WorkflowRow, "status">,
  facts: { actor: { id: string; name: string }; step: ApprovalStep; result?: string | undefined; now: Date },
): RowChange {
  const waiting = facts.step.step === "first";
  const change: RowChange = {
    to: waiting ? row.status : transition.to,
    event: waiting ? "aprovacao_parcial" : "transicao",
    clears: transition.clears ?? [],
    fields: {},
  };
  if (sets(transition, "assignee")) change.assigneeId = facts.actor.id;
  if (sets(transition, "pendingApproval") && facts.step.step === "first") {
    change.pendingApprovalTeamId = facts.step.teamId;
    // Kept after the second approval: the approving team still sees what it approved.
    change.approvalTeamId = facts.step.teamId;
  } else if (sets(transition, "pendingApproval") && facts.step.step === "second") {
    change.pendingApprovalTeamId = null;
  }
  // An approval that still waits for the second one has decided nothing yet.
  if (sets(transition, "decision") && !waiting)
    Object.assign(change.fields, { decidedAt: facts.now, decidedBy: facts.actor.name });
  if (sets(transition, "settlement"))
    Object.assign(change.fields, { settledAt: facts.now, settledBy: facts.actor.name });
  const delivery = requestKind(kind).delivery;
  if (sets(transition, "answer") && facts.result && delivery.mode === "immediate")
    change.fields[delivery.answerField] = facts.result;
  return change;
}
