import { describe, expect, it } from "vitest";
import type { ConcreteCall } from "./build-request";
import { answerProblems, routedPath } from "./checks";
import { forbiddenChanges, hiddenMarkers, type Scope } from "./ownership";
import type { Snapshot, SnapshotRow } from "./snapshot";
import type { Actor, Role } from "./world";

/*
 * The API fuzzer's oracles on made-up answers and snapshots: each one fails where it must, so the
 * fuzzer passing means something (docs/decisions/032).
 */

const FINANCEIRO = "team-financeiro";

function scope(role: Role, userId: string | null): Scope {
  const actor: Actor = { role, email: userId ? `${userId}@agencia.digital` : null, userId, cookie: "c" };
  return {
    actor,
    teamIds: new Set(role === "reviewer" ? [FINANCEIRO] : []),
    kinds: new Set(role === "reviewer" ? ["reembolso"] : []),
    departments: new Set(role === "reviewer" ? ["Financeiro"] : []),
    manager: role === "admin",
    sharedPlanId: "shared-plan",
    names: new Map(),
  };
}

function row(table: string, key: string, over: Partial<SnapshotRow> = {}): SnapshotRow {
  return {
    table,
    key,
    owner: null,
    about: null,
    teams: null,
    full: "f",
    content: "c",
    withoutTeams: "w",
    ...over,
  };
}

const snapshot = (...rows: SnapshotRow[]): Snapshot => new Map(rows.map((r) => [`${r.table}/${r.key}`, r]));

const bobsReimbursement = row("request", "reembolso:1", { owner: "bob" });
const bobsMaterial = row("request", "material:2", { owner: "bob" });
const team = row("teams", FINANCEIRO);

describe("whose rows a call may change", () => {
  const before = snapshot(bobsReimbursement, bobsMaterial, team);

  it("a requester: nothing of Bruno's, not even a new event under his request", () => {
    const after = snapshot(
      { ...bobsReimbursement, full: "f2", content: "c2" },
      bobsMaterial,
      team,
      row("events", "9", { owner: "alice", about: "reembolso:1" }),
    );
    expect(forbiddenChanges(scope("requester", "alice"), before, after)).toEqual([
      "changed request reembolso:1 (bob)",
      "created events 9 (alice) of reembolso:1",
    ]);
  });

  it("a reviewer: the workflow of the requests her team handles, never their content nor another team's request", () => {
    const moved = snapshot(
      { ...bobsReimbursement, full: "f2" },
      bobsMaterial,
      team,
      row("events", "9", { about: "reembolso:1" }),
    );
    expect(forbiddenChanges(scope("reviewer", "rita"), before, moved)).toEqual([]);
    const edited = snapshot(
      { ...bobsReimbursement, full: "f2", content: "c2" },
      { ...bobsMaterial, full: "f2" },
      team,
    );
    expect(forbiddenChanges(scope("reviewer", "rita"), before, edited)).toEqual([
      "changed request reembolso:1 (bob) (its content)",
      "changed request material:2 (bob)",
    ]);
  });

  it("an administrator: teams, and a request's team references as a team is deleted; nothing else of a request", () => {
    const after = snapshot(
      { ...bobsReimbursement, full: "f2" },
      { ...bobsMaterial, full: "f2", withoutTeams: "w2" },
    );
    expect(forbiddenChanges(scope("admin", "admin"), before, after)).toEqual([
      "changed request material:2 (bob)",
    ]);
  });
});

describe("what a person may read", () => {
  const rows = snapshot(bobsReimbursement, bobsMaterial, row("plans", "private-plan", { owner: "paula" }));
  const markers = [
    { text: "sigilo-a", kind: "request" as const, row: "request/reembolso:1" },
    { text: "sigilo-b", kind: "request" as const, row: "request/material:2" },
    { text: "nota-1", kind: "internal-note" as const, row: "request/reembolso:1" },
    { text: "plano-1", kind: "plan" as const, row: "plans/private-plan" },
  ];

  it("the author's texts to the author, never an internal note; a handled request's to its reviewer", () => {
    expect(hiddenMarkers(scope("requester", "bob"), markers, rows)).toEqual(["nota-1", "plano-1"]);
    expect(hiddenMarkers(scope("reviewer", "rita"), markers, rows)).toEqual(["sigilo-b", "plano-1"]);
    expect(hiddenMarkers(scope("admin", "paula"), markers, rows)).toEqual(["sigilo-a", "sigilo-b", "nota-1"]);
  });
});

describe("what every answer must be", () => {
  const call = (over: Partial<ConcreteCall> = {}): ConcreteCall => ({
    method: "POST",
    url: "/api/solicitacoes/seo",
    headers: { cookie: "c" },
    shownBody: { url: "TypeError" },
    sentTexts: ["TypeError"],
    inject: {},
    ...over,
  });
  const signedIn = scope("requester", "alice").actor;
  const json = (status: number, body: unknown) => ({
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(body),
  });

  it("a 5xx, a 4xx that is not the error JSON, in English or naming an internal", () => {
    expect(answerProblems(call(), json(500, { message: "Erro inesperado" }), signedIn, [])).toEqual([
      "answered 500",
    ]);
    expect(
      answerProblems(
        call(),
        { status: 400, headers: { "content-type": "text/plain" }, body: "Bad" },
        signedIn,
        [],
      ),
    ).toEqual(["a 400 that is not JSON (text/plain)"]);
    expect(
      answerProblems(call(), json(400, { message: "Invalid input: expected string" }), signedIn, []),
    ).toEqual([
      'a 400 in English: "Invalid input: expected string"',
      'a 400 whose message is not Portuguese: "Invalid input: expected string"',
    ]);
    const leak = json(400, {
      message: "Dados inválidos",
      description: 'relation "users" violates constraint',
    });
    expect(answerProblems(call(), leak, signedIn, [])).toEqual([
      'a 400 naming a database message: "relation \\"users\\" violates constraint"',
    ]);
  });

  it("not what only echoes the call's own text", () => {
    const echo = json(400, { message: "Dados inválidos", fields: { url: "Valor inválido: TypeError" } });
    expect(answerProblems(call(), echo, signedIn, [])).toEqual([]);
  });

  it("a cross-site write carried out, a private route answering signed out, a hidden text shown", () => {
    const crossSite = call({ headers: { cookie: "c", origin: "https://evil.example" } });
    expect(answerProblems(crossSite, json(201, {}), signedIn, [])).toEqual([
      "a cross-site POST was carried out (201)",
    ]);
    const signedOut = call({ method: "GET", url: "/%61pi/solicitacoes", headers: {} });
    expect(answerProblems(signedOut, json(200, { items: [] }), signedIn, [])).toEqual([
      "signed out, a private route answered 200",
    ]);
    expect(
      answerProblems(call({ method: "GET" }), json(200, { d: "x sigilo-a" }), signedIn, ["sigilo-a"]),
    ).toEqual(["the answer shows sigilo-a, which this person may not read"]);
  });

  it("reads a path as the router does", () => {
    expect(routedPath("/%61pi/x/%2e%2e/healthz?a=1")).toBe("/api/healthz");
    expect(routedPath("/api//publico/planejamentos/t")).toBe("/api/publico/planejamentos/t");
  });
});
