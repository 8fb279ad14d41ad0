import { sql } from "drizzle-orm";
import type { MoveData } from "@/domain/finance/move-notes";
import type { RequestRow } from "@/domain/requests/access";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { checkMove, type RowChange } from "@/domain/requests/machine";
import type { ActionInput } from "@/domain/requests/review-api";
import { businessMinutesBetween } from "@/domain/sla/business-hours";
import { clockRuns } from "@/domain/sla/service-level";
import type { Executor } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { MoneyChange } from "../finance/money-move";
import type { AfterCommit } from "../notifications/after-commit";
import { lockRequests } from "../requests/requests.queries";
import { appendEvents } from "../timeline/timeline.queries";
import { conflict } from "./errors";
import { authorised, type MoveDeps, type MoveRecord, moveEvent, plan, toldOf } from "./move";
import { moveLockedRequests } from "./review.queries";

/*
 * Many moves of the workflow in the caller's transaction: a bank's file moves up to a thousand
 * payments at once (docs/decisions/059). Each request is checked and planned by the same machine
 * and rules as a single move (move.ts); what reaches the database is shared: the rows locked in one
 * statement, updated in one per kind of change, their events, the bell's rows and the status
 * automation's deliveries inserted in one each (`npm run bench`: 1,000 payments under 2 s). One
 * refusal refuses them all: the caller's transaction rolls back.
 */

export type ManyMove = { request: { kind: RequestKind; id: string }; input: ActionInput; note?: MoveData };

/** Requests per statement: 13 parameters per event, well under PostgreSQL's 65,535. */
const SLICE = 1_000;

type Planned = { kind: RequestKind; row: RequestRow; move: MoveRecord; minutes: number };

/** The database's clock, the one `now()` stamps the moves with (the transaction's start). */
async function databaseNow(tx: Executor): Promise<Date> {
  const result = await tx.execute(sql`select extract(epoch from now()) * 1000 as now_ms`);
  return new Date(Number((result.rows[0] as { now_ms: string | number }).now_ms));
}

/** Each request locked and checked, its change planned; a request named twice is refused. */
async function planAll(deps: MoveDeps, tx: Executor, context: SignedInContext, moves: readonly ManyMove[]) {
  const rows = new Map<string, RequestRow>();
  for (const kind of new Set(moves.map((m) => m.request.kind))) {
    const kindIds = moves.filter((m) => m.request.kind === kind).map((m) => m.request.id);
    for (const [id, row] of await lockRequests(tx, kind, kindIds)) rows.set(id, row);
  }
  const now = await databaseNow(tx);
  const planned: Planned[] = [];
  for (const { request, input, note } of moves) {
    const { kind, id } = request;
    const attempt = {
      action: input.acao,
      version: input.versao,
      reason: input.motivo,
      result: input.resultado,
      files: 0,
      via: "banco" as const,
    };
    const { row, transition } = authorised(rows.get(id) ?? null, (r) =>
      checkMove(kind, r, context.user, attempt, new Date()),
    );
    const { change, money } = await plan(deps, tx, context, kind, row, transition, input);
    if (change.pendingApprovalTeamId) throw new Error("a bank's move never awaits a second approval");
    const running = change.to !== row.status && clockRuns(requestKind(kind).workflow, row.status);
    const minutes = running ? businessMinutesBetween(row.statusChangedAt as Date, now) : 0;
    planned.push({
      kind,
      row,
      move: { transition, change, money, input, ...(note ? { note } : {}) },
      minutes,
    });
  }
  return planned;
}

/** The row change a group shares: everything but the row's own version and minutes. */
function rowMoveOf(row: RequestRow, change: RowChange, money: MoneyChange) {
  return {
    from: row.status,
    to: change.to,
    clears: change.clears,
    ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
    ...(change.approvalTeamId !== undefined ? { approvalTeamId: change.approvalTeamId } : {}),
    fields: { ...change.fields, ...money.fields },
  };
}

/** The planned rows updated, one statement per kind and shared change; the rows as moved, in order. */
async function applyAll(tx: Executor, planned: readonly Planned[]) {
  const groups = new Map<string, Planned[]>();
  for (const p of planned) {
    const key = JSON.stringify([p.kind, rowMoveOf(p.row, p.move.change, p.move.money)]);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const moved = new Map<string, RequestRow>();
  for (const group of groups.values()) {
    const first = group[0]!;
    const rows = await moveLockedRequests(
      tx,
      first.kind,
      rowMoveOf(first.row, first.move.change, first.move.money),
      group.map((p) => ({ id: p.row.id, version: p.row.version as number, slaMinutes: p.minutes })),
    );
    // Locked rows cannot change under us; fewer rows moved than asked is a bug, not a race: refuse all.
    if (rows.length !== group.length) throw conflict(first.row.status);
    for (const row of rows) moved.set(row.id, row);
  }
  return planned.map((p) => moved.get(p.row.id)!);
}

/**
 * The moves, all or none, inside the caller's transaction; `after` collects what is told once it
 * commits. Answers the rows as moved, in the order asked.
 */
export async function moveManyWithin(
  deps: MoveDeps,
  tx: Executor,
  after: AfterCommit,
  context: SignedInContext,
  moves: readonly ManyMove[],
): Promise<RequestRow[]> {
  if (new Set(moves.map((m) => m.request.id)).size !== moves.length)
    throw new AppError(400, "VALIDATION", {
      title: "Pedido inválido",
      description: "A mesma solicitação foi escolhida mais de uma vez.",
    });
  const moved: RequestRow[] = [];
  // A statement holds at most 65,535 parameters: a return file of several remittances goes in slices.
  for (let i = 0; i < moves.length; i += SLICE)
    moved.push(...(await moveSlice(deps, tx, after, context, moves.slice(i, i + SLICE))));
  return moved;
}

async function moveSlice(
  deps: MoveDeps,
  tx: Executor,
  after: AfterCommit,
  context: SignedInContext,
  moves: readonly ManyMove[],
): Promise<RequestRow[]> {
  const planned = await planAll(deps, tx, context, moves);
  const moved = await applyAll(tx, planned);
  const user = context.user;
  await appendEvents(
    tx,
    planned.map((p) => moveEvent(user, p.kind, p.row, p.move, null)),
  );
  const told = planned.map((p) => toldOf(user, p.row, { ...p.move, pendingTeam: null }));
  for (const p of planned) deps.announcer.calendarMoved(after, p.kind, p.row.status, p.move.change.to);
  await deps.announcer.statusChangedMany(
    tx,
    planned.flatMap((p, i) => {
      const status = told[i]!.status;
      return status ? [{ kind: p.kind, id: p.row.id, change: status }] : [];
    }),
  );
  await deps.announcer.tellMany(
    tx,
    after,
    planned.map((p, i) => ({ kind: p.kind, row: moved[i]!, change: told[i]!.change })),
  );
  context.log.info(
    {
      moved: planned.length,
      actions: [...new Set(planned.map((p) => p.move.transition.action))],
      via: "banco",
    },
    "requests moved",
  );
  return moved;
}
