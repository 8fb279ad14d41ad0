import { describe, expect, it } from "vitest";
import { capacityOf, handles, mayMake, type Person, type RequestRow, roleOf, scopeOf } from "./access";
import { TICKET_WORKFLOW } from "./kinds/suporte/workflow";
import { approvalStep } from "./machine";
import { PAYMENT_WORKFLOW, transitionFor } from "./workflow";

/*
 * Who a person is to a request, and what their teams review
 * (docs/decisions/011, 029): pure, no database.
 */

const reembolsoTeam = { id: "t-rh", kinds: ["reembolso", "bolsa"], departamentos: [] };
const financeTeam = { id: "t-fin", kinds: [], departamentos: [] };
const itTeam = { id: "t-ti", kinds: [], departamentos: ["ti"] };

const person = (id: string, ...teams: Person["teams"]): Person => ({ id, teams });

function request(changes: Partial<RequestRow> = {}): RequestRow {
  return {
    id: "r1",
    userId: "ana",
    status: "em_analise",
    createdAt: new Date("2026-11-01T12:00:00Z"),
    statusChangedAt: new Date("2026-11-02T12:00:00Z"),
    version: 1,
    assigneeId: null,
    pendingApprovalTeamId: null,
    approvalTeamId: null,
    ...changes,
  };
}

describe("who a person is to a request", () => {
  it("its author is the requester, a handling team's member a reviewer, anyone else nobody", () => {
    expect(roleOf(capacityOf(person("ana"), "reembolso", request()))).toBe("solicitante");
    expect(roleOf(capacityOf(person("bia", reembolsoTeam), "reembolso", request()))).toBe("revisor");
    expect(roleOf(capacityOf(person("bia", reembolsoTeam), "material", request()))).toBeNull();
    expect(roleOf(capacityOf(person("caio"), "reembolso", request()))).toBeNull();
    // The author stays the requester on their own request, whatever their teams.
    expect(roleOf(capacityOf(person("ana", reembolsoTeam), "reembolso", request()))).toBe("solicitante");
  });

  it("a support ticket reaches the team of its department only", () => {
    const ticket = request({ departamento: "ti" });
    expect(handles(itTeam, "suporte", ticket)).toBe(true);
    expect(handles(itTeam, "suporte", { departamento: "rh" })).toBe(false);
    // A routed kind is never handled by kind alone.
    expect(handles({ kinds: ["suporte"], departamentos: [] }, "suporte", ticket)).toBe(false);
  });

  it("the team whose second approval is awaited, or was given, reads the request", () => {
    const awaiting = request({ pendingApprovalTeamId: "t-fin", approvalTeamId: "t-fin" });
    expect(capacityOf(person("duda", financeTeam), "reembolso", awaiting)).toEqual({
      requester: false,
      handler: false,
      awaited: true,
      approver: true,
    });
    const approved = request({ status: "aprovado", approvalTeamId: "t-fin" });
    expect(roleOf(capacityOf(person("duda", financeTeam), "reembolso", approved))).toBe("revisor");
    // It reads, but moves nothing once its approval is given: the handling team pays.
    const pay = transitionFor(PAYMENT_WORKFLOW, "aprovado", "marcar_pago")!;
    expect(mayMake(person("duda", financeTeam), "reembolso", approved, pay)).toBe(false);
    expect(mayMake(person("bia", reembolsoTeam), "reembolso", approved, pay)).toBe(true);
  });

  it("a requester's move is its author's alone", () => {
    const reopen = transitionFor(TICKET_WORKFLOW, "resolvido", "reabrir")!;
    const ticket = request({ status: "resolvido", departamento: "ti" });
    expect(mayMake(person("ana"), "suporte", ticket, reopen)).toBe(true);
    expect(mayMake(person("bia", itTeam), "suporte", ticket, reopen)).toBe(false);
  });
});

describe("what a person's teams review", () => {
  it("the kinds of their teams, the departments of their support teams, and their teams' approvals", () => {
    const scope = scopeOf(person("bia", reembolsoTeam, itTeam, financeTeam));
    expect(scope.kinds).toEqual([
      { kind: "reembolso", all: true, routedValues: [] },
      { kind: "bolsa", all: true, routedValues: [] },
      { kind: "suporte", all: false, routedValues: ["ti"] },
    ]);
    expect(scope.teamIds).toEqual(["t-rh", "t-ti", "t-fin"]);
    expect(scopeOf(person("caio")).kinds).toEqual([]);
  });
});

describe("the second approval", () => {
  const approve = transitionFor(PAYMENT_WORKFLOW, "em_analise", "aprovar")!;
  const policy = { thresholdCents: 100_000, teamId: "t-fin" };
  const facts = { person: person("bia", reembolsoTeam), policy, firstApproverId: null };

  it("above the policy amount the first approval waits for the policy's team; at or below it, none", () => {
    expect(approvalStep(approve, request(), { ...facts, value: 150_000 })).toEqual({
      step: "first",
      teamId: "t-fin",
    });
    expect(approvalStep(approve, request(), { ...facts, value: 100_000 })).toEqual({ step: "none" });
    expect(approvalStep(approve, request(), { ...facts, value: 150_000, policy: null })).toEqual({
      step: "none",
    });
  });

  it("the awaited team gives the second, never the first approver", () => {
    const awaiting = request({ pendingApprovalTeamId: "t-fin" });
    const duda = person("duda", financeTeam);
    expect(approvalStep(approve, awaiting, { ...facts, person: duda, value: 150_000 })).toEqual({
      step: "second",
    });
    expect(
      approvalStep(approve, awaiting, { ...facts, person: duda, value: 150_000, firstApproverId: "duda" }),
    ).toEqual({ refusal: "ACTION_NOT_ALLOWED" });
    expect(approvalStep(approve, awaiting, { ...facts, value: 150_000 })).toEqual({
      refusal: "ACTION_NOT_ALLOWED",
    });
  });
});
