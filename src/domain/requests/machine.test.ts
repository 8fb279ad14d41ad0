import { describe, expect, it } from "vitest";
import { KINDS_WITH_VALUE } from "../teams/team";
import type { Person, PersonTeam, RequestRow } from "./access";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS, type RequestKind, requestKind } from "./kinds";
import { type ApprovalStep, checkMove, type MoveAttempt, offeredMoves, rowChange } from "./machine";
import { REOPEN_WINDOW_DAYS, REQUEST_STATES, type Transition } from "./workflow";

/*
 * Every transition of every kind in the registry, walked through the machine:
 * who may make it (its `by` and `whileAwaiting`), what it requires
 * (`needsReason`, `requires`, `file`) and what it writes (`sets`, `clears`)
 * are what the machine enforces and applies (docs/decisions/035).
 */

const NOW = new Date("2026-11-20T15:00:00Z");
const DAY = 24 * 3600_000;
const ROUTED_VALUE = "ti";

const teamFor = (kind: RequestKind, id: string): PersonTeam =>
  requestKind(kind).routing
    ? { id, kinds: [], departamentos: [ROUTED_VALUE] }
    : { id, kinds: [kind], departamentos: [] };

function people(kind: RequestKind) {
  const handling = teamFor(kind, "team-handling");
  const awaited: PersonTeam = { id: "team-awaited", kinds: [], departamentos: [] };
  return {
    author: { id: "author", teams: [] },
    /** The author is also a member of the handling team. */
    authorInTeam: { id: "author", teams: [handling] },
    handler: { id: "handler", teams: [handling] },
    awaitedMember: { id: "approver", teams: [awaited] },
    outsider: { id: "outsider", teams: [{ id: "team-other", kinds: [], departamentos: [] }] },
  } satisfies Record<string, Person>;
}

function row(kind: RequestKind, status: string, changes: Partial<RequestRow> = {}): RequestRow {
  const routing = requestKind(kind).routing;
  return {
    id: "00000000-0000-4000-8000-000000000001",
    userId: "author",
    status,
    createdAt: new Date(NOW.getTime() - 3 * DAY),
    statusChangedAt: new Date(NOW.getTime() - DAY),
    version: 3,
    assigneeId: null,
    pendingApprovalTeamId: null,
    approvalTeamId: null,
    ...(routing ? { [routing.field]: ROUTED_VALUE } : {}),
    ...changes,
  };
}

/** Everything the transition could ask for. */
const complete = (t: Transition): MoveAttempt => ({
  action: t.action,
  reason: "Porque sim.",
  result: "Resultado.",
  files: t.file ? 1 : 0,
  ...(t.via ? { via: t.via } : {}),
});

const outcome = (kind: RequestKind, r: RequestRow, person: Person, attempt: MoveAttempt) => {
  const checked = checkMove(kind, r, person, attempt, NOW);
  return checked.ok
    ? "ok"
    : checked.refusal.code === "FIELD_MISSING"
      ? checked.refusal.field
      : checked.refusal.code;
};

const every = REQUEST_KINDS.flatMap((kind) =>
  REQUEST_KIND_REGISTRY[kind].workflow.transitions.flatMap((t) =>
    t.from.map((state) => ({ name: `${kind}: ${t.action} from ${state}`, kind, t, state })),
  ),
);

describe("every transition of every kind, through the machine", () => {
  it.each(every.map((e) => [e.name, e] as const))("%s: made by whom it declares", (_, { kind, t, state }) => {
    const p = people(kind);
    const r = row(kind, state);
    const attempt = complete(t);
    if (t.by === "requester") {
      expect(outcome(kind, r, p.author, attempt)).toBe("ok");
      expect(outcome(kind, r, p.handler, attempt)).toBe("ACTION_NOT_ALLOWED");
    } else {
      expect(outcome(kind, r, p.handler, attempt)).toBe("ok");
      expect(outcome(kind, r, p.author, attempt)).toBe("OWN_REQUEST");
      expect(outcome(kind, r, p.authorInTeam, attempt)).toBe("OWN_REQUEST");
      // Awaiting a second approval: the awaited team instead of, or beside, the handling team.
      const awaiting = row(kind, state, { pendingApprovalTeamId: "team-awaited" });
      const byHandler = t.whileAwaiting === "approver" ? "ACTION_NOT_ALLOWED" : "ok";
      const byAwaited = t.whileAwaiting ? "ok" : "ACTION_NOT_ALLOWED";
      expect(outcome(kind, awaiting, p.handler, attempt)).toBe(byHandler);
      expect(outcome(kind, awaiting, p.awaitedMember, attempt)).toBe(byAwaited);
    }
    // Nobody else may even see it.
    expect(outcome(kind, r, p.outsider, attempt)).toBe("NOT_FOUND");
    expect(outcome(kind, r, p.awaitedMember, attempt)).toBe("NOT_FOUND");
  });

  it.each(every.map((e) => [e.name, e] as const))(
    "%s: only through the channel it declares (the request's page, or the bank's files)",
    (_, { kind, t, state }) => {
      const p = people(kind);
      const who = t.by === "requester" ? p.author : p.handler;
      const r = row(kind, state);
      const { via: _declared, ...onThePage } = complete(t);
      const other: MoveAttempt = t.via ? onThePage : { ...onThePage, via: "banco" };
      expect(outcome(kind, r, who, other)).toBe("ACTION_NOT_ALLOWED");
      const offered = offeredMoves(kind, r, who, NOW).map((m) => m.action);
      expect(offered.includes(t.action)).toBe(!t.via && !(t.notForAssignee && r.assigneeId === who.id));
    },
  );

  it.each(every.map((e) => [e.name, e] as const))(
    "%s: requires what it declares",
    (_, { kind, t, state }) => {
      const p = people(kind);
      const who = t.by === "requester" ? p.author : p.handler;
      const r = row(kind, state);
      const attempt = complete(t);
      expect(outcome(kind, r, who, { ...attempt, reason: undefined })).toBe(t.needsReason ? "motivo" : "ok");
      expect(outcome(kind, r, who, { ...attempt, result: undefined })).toBe(
        t.requires?.includes("result") ? "resultado" : "ok",
      );
      expect(outcome(kind, r, who, { ...attempt, files: 1 })).toBe(t.file ? "ok" : "FILE_NOT_TAKEN");
      const stale = row(kind, state, {
        statusChangedAt: new Date(NOW.getTime() - (REOPEN_WINDOW_DAYS + 1) * DAY),
      });
      expect(outcome(kind, stale, who, attempt)).toBe(
        t.requires?.includes("reopenWindow") ? "REOPEN_EXPIRED" : "ok",
      );
      // Where the request no longer is: from any state the move does not start from, or at another version.
      expect(outcome(kind, r, who, { ...attempt, version: 2 })).toBe("STATE_CONFLICT");
      const workflow = requestKind(kind).workflow;
      for (const other of REQUEST_STATES.filter(
        (s) => !workflow.transitions.some((w) => w.action === t.action && w.from.includes(s)),
      ))
        expect(outcome(kind, row(kind, other), who, attempt)).toBe("STATE_CONFLICT");
    },
  );

  it.each(every.map((e) => [e.name, e] as const))("%s: writes what it declares", (_, { kind, t, state }) => {
    const p = people(kind);
    const who = t.by === "requester" ? p.author : p.handler;
    const r = row(kind, state);
    const facts = { actor: { id: who.id, name: "Quem Faz" }, result: "Resultado.", now: NOW };
    const change = rowChange(kind, t, r, { ...facts, step: { step: "none" } });
    const sets = (effect: string) => t.sets?.includes(effect as never) ?? false;
    const delivery = requestKind(kind).delivery;
    const answerField = delivery.mode === "immediate" ? delivery.answerField : null;
    expect(change.to).toBe(t.to);
    expect(change.event).toBe("transicao");
    expect([...change.clears].sort()).toEqual([...(t.clears ?? [])].sort());
    expect(change.assigneeId).toBe(sets("assignee") ? who.id : undefined);
    expect(change.fields).toEqual({
      ...(sets("decision") ? { decidedAt: NOW, decidedBy: "Quem Faz" } : {}),
      ...(sets("settlement") ? { settledAt: NOW, settledBy: "Quem Faz" } : {}),
      ...(sets("answer") && answerField ? { [answerField]: "Resultado." } : {}),
    });
    if (t.requires?.includes("secondApproval")) {
      const first: ApprovalStep = { step: "first", teamId: "team-awaited" };
      const waiting = rowChange(kind, t, r, { ...facts, step: first });
      expect(waiting).toMatchObject({
        to: state,
        event: "aprovacao_parcial",
        pendingApprovalTeamId: "team-awaited",
      });
      expect(waiting.fields).not.toHaveProperty("decidedAt");
      expect(rowChange(kind, t, r, { ...facts, step: { step: "second" } }).pendingApprovalTeamId).toBeNull();
    }
    // Offered to whoever may make it, unless it would change nothing or the bank's files make it.
    const offered = (at: RequestRow) => offeredMoves(kind, at, who, NOW).includes(t);
    expect(offered(r)).toBe(!t.via);
    expect(offered(row(kind, state, { assigneeId: who.id }))).toBe(!t.notForAssignee && !t.via);
  });
});

describe("each kind's workflow agrees with the kind", () => {
  it.each(REQUEST_KINDS)("%s", (kind) => {
    const definition = requestKind(kind);
    const transitions = definition.workflow.transitions;
    const requiring = (what: string) => transitions.some((t) => t.requires?.includes(what as never));
    const setting = (what: string) => transitions.some((t) => t.sets?.includes(what as never));
    // Finance's approval and payment are declared exactly where the kind is paid.
    expect(requiring("approvedValue")).toBe(Boolean(definition.payment));
    expect(requiring("payment")).toBe(Boolean(definition.payment));
    expect(requiring("payable")).toBe(Boolean(definition.payment));
    expect(setting("approvedValue")).toBe(Boolean(definition.payment));
    // A second approval above an amount: the kinds that show a value ('Equipes e permissões' offers them).
    expect(requiring("secondApproval")).toBe(KINDS_WITH_VALUE.includes(kind));
    expect(setting("pendingApproval")).toBe(requiring("secondApproval"));
    // The result is kept in the kind's answer field only when the automation answers at once.
    if (setting("answer")) expect(definition.delivery.mode).toBe("immediate");
  });
});
