import type { MoveData } from "@/domain/finance/move-notes";
import type { Person, RequestRow } from "@/domain/requests/access";
import { detailLabel } from "@/domain/requests/detail-rows";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import {
  type ApprovalStep,
  approvalStep,
  checkMove,
  checkResubmit,
  type MoveCheck,
  type RowChange,
  requires,
  rowChange,
} from "@/domain/requests/machine";
import { type ActionInput, reviewMessages } from "@/domain/requests/review-api";
import { requestStateLabel, type Transition } from "@/domain/requests/workflow";
import { substitutingName } from "@/domain/time-off/substitute-api";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db, Executor } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import { type MoneyChange, moneyOfMove } from "../finance/money-move";
import { AfterCommit } from "../notifications/after-commit";
import { numericToCents } from "../requests/money-column";
import type { StoredFile } from "../requests/multipart";
import { findRequest, insertAttachments, lockRequest } from "../requests/requests.queries";
import { findPolicy } from "../teams/teams.queries";
import { appendEvent, type NewEvent, subjectEvents } from "../timeline/timeline.queries";
import { type Announcer, actorOf, type Change, type StatusChange } from "./announce";
import { conflict, refusalError } from "./errors";
import { findTeamName, moveRequest } from "./review.queries";
import { awayNameOf, withStandInsFor } from "./stand-ins";

/*
 * A move of a request's workflow (docs/decisions/011, 029, 035), in four
 * steps: authorise (the machine's check of the row, locked), apply (the row
 * change its declarations make, with finance's fields), record (the event and
 * the files that came with it) and announce (the status automation, the
 * people concerned). Two people acting at once: one wins, the other gets 409.
 */

type Update = (tx: Executor, row: RequestRow) => Promise<Record<string, { de: unknown; para: unknown }>>;

/** The row, or the machine's refusal as an answer. */
export function authorised(row: RequestRow | null, check: (row: RequestRow) => MoveCheck) {
  if (!row) throw refusalError({ code: "NOT_FOUND" }, "");
  const checked = check(row);
  if (!checked.ok) throw refusalError(checked.refusal, row.status);
  return { row, transition: checked.transition };
}

/** The value a second-approval policy compares (cents), when the kind shows one. */
function policyValue(kind: RequestKind, row: RequestRow): number | null {
  const { list } = requestKind(kind);
  const field = "value" in list ? list.value : undefined;
  if (!field) return null;
  const raw = row[field];
  return typeof raw === "string" ? numericToCents(raw) : Number(raw);
}

/** Where an approval stands with the kind's policy: reads the policy and the first approver only when it matters. */
async function secondApproval(
  tx: Executor,
  kind: RequestKind,
  row: RequestRow,
  transition: Transition,
  person: Person,
): Promise<ApprovalStep> {
  const value = requires(transition, "secondApproval") ? policyValue(kind, row) : null;
  if (value === null) return { step: "none" };
  const awaiting = row.pendingApprovalTeamId !== null;
  const events = awaiting ? await subjectEvents(tx, kind, row.id, { withInternal: true }) : [];
  const first = [...events].reverse().find((e) => e.type === "aprovacao_parcial");
  const policy = awaiting ? null : await findPolicy(tx, kind);
  const step = approvalStep(transition, row, {
    person,
    value,
    policy,
    firstApproverId: first?.actorId ?? null,
  });
  if ("refusal" in step) throw refusalError({ code: step.refusal }, row.status);
  return step;
}

/** What a move needs besides the request: the database, the announcer and the clock. */
export type MoveDeps = {
  db: Db;
  announcer: Announcer;
  /** Today's date for payments (tests set it). */
  clock?: () => Date;
};

/** The row change and finance's fields, as the transition declares them. */
export async function plan(
  deps: MoveDeps,
  tx: Executor,
  context: SignedInContext,
  kind: RequestKind,
  row: RequestRow,
  transition: Transition,
  input: ActionInput,
) {
  const step = await secondApproval(tx, kind, row, transition, context.user);
  const money = await moneyOfMove(tx, kind, row, transition, input, {
    secondStep: step.step === "second",
    now: deps.clock?.() ?? new Date(),
  });
  const change = rowChange(kind, transition, row, {
    actor: { id: context.user.id, name: actorOf(context.user).name },
    step,
    result: input.resultado,
    now: new Date(),
  });
  return { change, money, step };
}

async function apply(
  tx: Executor,
  kind: RequestKind,
  row: RequestRow,
  change: RowChange,
  money: MoneyChange,
) {
  const moved = await moveRequest(tx, kind, row.id, {
    from: row.status,
    to: change.to,
    version: row.version,
    clears: change.clears,
    ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
    ...(change.pendingApprovalTeamId !== undefined
      ? { pendingApprovalTeamId: change.pendingApprovalTeamId }
      : {}),
    ...(change.approvalTeamId !== undefined ? { approvalTeamId: change.approvalTeamId } : {}),
    fields: { ...change.fields, ...money.fields },
  });
  if (!moved) throw conflict((await findRequest(tx, kind, row.id))?.status ?? row.status);
  return moved;
}

/** What a move records: its transition, the row change, finance's fields, the input, the bank's note. */
export type MoveRecord = {
  transition: Transition;
  change: RowChange;
  money: MoneyChange;
  input: ActionInput;
  note?: MoveData;
};

/** The move's entry on the request's timeline. */
export function moveEvent(
  user: CurrentUser,
  kind: RequestKind,
  row: RequestRow,
  move: MoveRecord,
  pendingTeam: string | null,
  /** The name of the reviewer away whose request `user` holds as their substitute (decision 060). */
  awayName: string | null = null,
): NewEvent {
  const { transition, change, money, input } = move;
  const extra = { ...money.data, ...move.note };
  const actor = actorOf(user);
  return {
    subjectKind: kind,
    subjectId: row.id,
    actor: awayName ? { ...actor, name: substitutingName(actor.name, awayName) } : actor,
    type: change.event,
    action: transition.action,
    fromStatus: row.status,
    toStatus: change.to,
    reason: input.motivo ?? null,
    body: requires(transition, "result") ? (input.resultado ?? null) : null,
    data:
      pendingTeam || Object.keys(extra).length
        ? { ...(pendingTeam ? { aguardando: pendingTeam } : {}), ...extra }
        : null,
  };
}

/** The move's event, with the files that came with it. */
async function record(
  tx: Executor,
  user: CurrentUser,
  kind: RequestKind,
  row: RequestRow,
  move: MoveRecord,
  files: readonly StoredFile[],
  standingInFor: readonly string[],
) {
  const pendingTeam = move.change.pendingApprovalTeamId
    ? await findTeamName(tx, move.change.pendingApprovalTeamId)
    : null;
  const event = await appendEvent(
    tx,
    moveEvent(user, kind, row, move, pendingTeam, await awayNameOf(tx, user, row, standingInFor)),
  );
  if (files.length)
    await insertAttachments(
      tx,
      files.map((f) => ({
        userId: user.id,
        solicitacaoTipo: kind,
        solicitacaoId: row.id,
        eventoId: event.id,
        storageKey: f.key,
        nomeOriginal: f.originalName,
        nomeArquivo: f.storedName,
        contentType: f.contentType,
        tamanho: f.bytes,
        sha256: f.sha256,
      })),
    );
  return pendingTeam;
}

type Told = { transition: Transition; change: RowChange; input: ActionInput; pendingTeam: string | null };

/** What the people concerned are told of a move, and the status automation's change. */
export function toldOf(
  user: CurrentUser,
  row: RequestRow,
  move: Told,
): { change: Change; status: StatusChange | null } {
  const { transition, change, input } = move;
  return {
    change: {
      by: transition.by,
      actor: user,
      headline:
        change.event === "aprovacao_parcial"
          ? `aprovada por ${actorOf(user).name}; ${reviewMessages.secondApproval(move.pendingTeam!)}`
          : `${requestStateLabel(change.to)}`,
      detail: input.motivo ?? (requires(transition, "result") ? (input.resultado ?? null) : null),
      silentForRequester: transition.sets?.includes("assignee") ?? false,
    },
    status:
      change.to !== row.status
        ? {
            from: row.status,
            to: change.to,
            action: transition.action,
            actor: user,
            reason: input.motivo ?? null,
          }
        : null,
  };
}

/** The status automation and the people concerned, told of the move; the log keeps it. */
async function announce(
  announcer: Announcer,
  tx: Executor,
  after: AfterCommit,
  context: SignedInContext,
  request: { kind: RequestKind; row: RequestRow; moved: RequestRow },
  move: Told,
) {
  const { kind, row, moved } = request;
  const told = toldOf(context.user, row, move);
  announcer.calendarMoved(after, kind, row.status, move.change.to);
  if (told.status) await announcer.statusChanged(tx, kind, row.id, told.status);
  await announcer.tell(tx, after, kind, moved, told.change);
  context.log.info(
    { kind, requestId: row.id, action: move.transition.action, from: row.status, to: move.change.to },
    "request moved",
  );
}

/**
 * A move of the workflow inside the caller's transaction: the bank's files move many requests in
 * one (docs/decisions/059). `after` collects what is told once the transaction commits; the caller
 * flushes it. `via` names the channel when it is not the request's page.
 */
export async function moveWithin(
  deps: MoveDeps,
  tx: Executor,
  after: AfterCommit,
  context: SignedInContext,
  request: { kind: RequestKind; id: string },
  input: ActionInput,
  /** `note`: what the bank's files add to the move's entry (the remittance's number, the bank's words). */
  options: { files?: readonly StoredFile[]; via?: "banco" | "prestacao"; note?: MoveData } = {},
) {
  const { kind, id } = request;
  const files = options.files ?? [];
  const attempt = {
    action: input.acao,
    version: input.versao,
    reason: input.motivo,
    result: input.resultado,
    files: files.length,
    ...(options.via ? { via: options.via } : {}),
  };
  const locked = await lockRequest(tx, kind, id);
  // A stand-in's second approval for an away member of the awaited team (stand-ins.ts, decision 060).
  const user = locked
    ? await withStandInsFor(tx, context.user, locked, deps.clock?.() ?? new Date())
    : context.user;
  const { row, transition } = authorised(locked, (r) => checkMove(kind, r, user, attempt, new Date()));
  const { change, money, step } = await plan(deps, tx, { ...context, user }, kind, row, transition, input);
  const result = await apply(tx, kind, row, change, money);
  const move = { transition, change, money, input, ...(options.note ? { note: options.note } : {}) };
  const standingInFor = step.step === "second" ? (step.standingInFor ?? []) : [];
  const pendingTeam = await record(tx, user, kind, row, move, files, standingInFor);
  await announce(
    deps.announcer,
    tx,
    after,
    context,
    { kind, row, moved: result },
    { transition, change, input, pendingTeam },
  );
  return result;
}

/**
 * A move of the workflow. The server decides everything: the reader's role,
 * that the move exists from the current state, what it requires, the second
 * approval above the policy amount, and that nobody decides their own request.
 * `files` were stored already by the route (a multipart form); they belong to
 * the request once the move commits.
 */
export async function act(
  deps: MoveDeps,
  context: SignedInContext,
  kind: RequestKind,
  id: string,
  input: ActionInput,
  files: readonly StoredFile[] = [],
) {
  const after = new AfterCommit();
  const moved = await deps.db.transaction((tx) =>
    moveWithin(deps, tx, after, context, { kind, id }, input, { files }),
  );
  await deps.announcer.flush(after);
  return moved;
}

/**
 * 'Editar e reenviar': the requester changed the fields (and files) while
 * Aguardando ajuste. `update` writes the changes inside this transaction and
 * answers the changed fields; the timeline keeps them.
 */
export async function resubmit(
  deps: MoveDeps,
  context: SignedInContext,
  kind: RequestKind,
  id: string,
  update: Update,
) {
  const { db, announcer } = deps;
  const user = context.user;
  const after = new AfterCommit();
  const moved = await db.transaction(async (tx) => {
    const { row, transition } = authorised(await lockRequest(tx, kind, id), (r) =>
      checkResubmit(kind, r, user),
    );
    const changed = await update(tx, row);
    const result = await moveRequest(tx, kind, id, {
      from: row.status,
      to: transition.to,
      version: row.version,
      clears: transition.clears,
    });
    if (!result) throw conflict(row.status);
    const actor = actorOf(user);
    await appendEvent(tx, { subjectKind: kind, subjectId: id, actor, type: "edicao", data: { changed } });
    await appendEvent(tx, {
      subjectKind: kind,
      subjectId: id,
      actor,
      type: "transicao",
      action: transition.action,
      fromStatus: row.status,
      toStatus: transition.to,
    });
    const change = { from: row.status, to: transition.to, action: transition.action, actor: user };
    await announcer.statusChanged(tx, kind, id, { ...change, reason: null });
    const fields = Object.keys(changed);
    await announcer.tell(tx, after, kind, result, {
      by: "requester",
      actor: user,
      headline: "editada e reenviada",
      detail: fields.length ? `Alterou: ${fields.map((f) => detailLabel(kind, f)).join(", ")}` : null,
    });
    return result;
  });
  await announcer.flush(after);
  return moved;
}
