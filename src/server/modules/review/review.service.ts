import { todayInSaoPaulo } from "@/domain/dates";
import {
  BULK_MAX,
  type BulkActionInput,
  type BulkActionResult,
  type PaymentBatch,
} from "@/domain/finance/bulk-api";
import { type MoveData, moveNotes } from "@/domain/finance/move-notes";
import { approvedValueError, financeMessages, paidDateError, paymentBlocker } from "@/domain/finance/payment";
import { httpMessages } from "@/domain/messages";
import { detailLabel, detailText } from "@/domain/requests/detail-rows";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import {
  type ActionInput,
  type CommentInput,
  type QueueItem,
  type QueuePage,
  type QueueQuery,
  type RequestStanding,
  reviewMessages,
  TIMELINE_PAGE_SIZE,
  type TimelineEntry,
  type TimelinePage,
} from "@/domain/requests/review-api";
import {
  ACTION_FILE_FIELD,
  type ActorRole,
  availableTransitions,
  isClosed,
  REOPEN_WINDOW_DAYS,
  type RequestAction,
  type RequestState,
  requestStateLabel,
  transitionFor,
} from "@/domain/requests/workflow";
import { teamHandles } from "@/domain/teams/team";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db, Executor } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import type { SignedInContext } from "../../http/request-context";
import { enqueueWebhook } from "../../outbox/outbox";
import { flagsFor } from "../finance/flags";
import { AfterCommit, type Notifier } from "../notifications/notifications.service";
import { attachmentView } from "../requests/attachment-view";
import { centsToNumeric, numericToCents } from "../requests/money-column";
import type { StoredFile } from "../requests/multipart";
import { findEventAttachments, insertAttachments } from "../requests/requests.queries";
import { queuePrazos, requestPrazo } from "../sla/sla.service";
import { allTeamScopes, findPolicy } from "../teams/teams.queries";
import { appendEvent, latestReason, subjectEvents, subjectEventsPage } from "../timeline/timeline.queries";
import {
  findRequest,
  findRequests,
  findTeamName,
  findUsers,
  lockRequest,
  moveRequest,
  queueCount,
  queuePage,
  type RequestWorkflowColumns,
  type ReviewerScope,
} from "./review.queries";

type Row = Record<string, unknown> & RequestWorkflowColumns;
type Role = "solicitante" | "revisor";

function fieldMissing(field: "motivo" | "resultado") {
  return fieldError(
    field,
    field === "motivo" ? reviewMessages.reasonRequired : reviewMessages.resultRequired,
  );
}

function fieldError(field: string, message: string) {
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: message },
    { [field]: message },
  );
}

/** Moves that decide a request, and those that settle it (paid, delivered): kept on the row for the reports. */
const DECISIONS: readonly RequestAction[] = ["aprovar", "recusar", "concluir", "resolver"];
const SETTLEMENTS: readonly RequestAction[] = ["marcar_pago", "marcar_entregue"];

function conflict(state: string) {
  return new AppError(
    409,
    "STATE_CONFLICT",
    reviewMessages.stateConflict(requestStateLabel(state)),
    undefined,
    undefined,
    { status: state },
  );
}

function fileNotTaken() {
  const m = reviewMessages.fileNotTaken;
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: m },
    { [ACTION_FILE_FIELD]: m },
  );
}

const forbiddenAction = (own = false) =>
  new AppError(
    403,
    own ? "OWN_REQUEST" : "ACTION_NOT_ALLOWED",
    own ? reviewMessages.ownRequest : reviewMessages.notYourTurn,
  );

/** The person as the trail keeps them. */
const actorOf = (user: CurrentUser) => ({ id: user.id, name: user.name || user.email, email: user.email });

/**
 * The review desk (issue 11): who may see and move a request, its timeline,
 * the queue of each reviewer, and the moves themselves, checked against the
 * kind's workflow, one winner when two act at once, recorded in the events
 * table, told to the people concerned and to the status automation.
 */
export function createReviewService(deps: {
  db: Db;
  notifier: Notifier;
  /** WEBHOOK_STATUS_URL is set: every state change goes through the outbox. */
  statusWebhook: boolean;
  /** Today's date for payments (tests set it). */
  clock?: () => Date;
}) {
  const { db, notifier } = deps;

  /** The requests a person's teams handle (issue 11: a member of one team sees nothing of another's queue). */
  function scopeOf(user: { teams: CurrentUser["teams"] }): ReviewerScope {
    const reviewing = user.teams.filter((t) => t.kinds.length || t.departamentos.length);
    const kinds = new Map<RequestKind, { all: boolean; routedValues: Set<string> }>();
    for (const team of reviewing) {
      for (const kind of team.kinds as RequestKind[]) {
        // Routed kinds (support by department) reach a team only through its values, as teamHandles decides.
        if (requestKind(kind).routing) continue;
        const entry = kinds.get(kind) ?? { all: false, routedValues: new Set() };
        entry.all = true;
        kinds.set(kind, entry);
      }
      if (team.departamentos.length) {
        const entry = kinds.get("suporte") ?? { all: false, routedValues: new Set() };
        for (const d of team.departamentos) entry.routedValues.add(d);
        kinds.set("suporte", entry);
      }
    }
    return {
      kinds: [...kinds].map(([kind, e]) => ({ kind, all: e.all, routedValues: [...e.routedValues] })),
      teamIds: user.teams.map((t) => t.id),
    };
  }

  /** The teams that handle a request, from every team's scope (a short table, read whole). */
  async function handlingTeams(tx: Executor, kind: RequestKind, row: Row) {
    const routing = requestKind(kind).routing;
    const routed = routing ? row[routing.field] : undefined;
    return (await allTeamScopes(tx)).filter((team) => teamHandles(team, kind, routed));
  }

  /**
   * What a reader is to a request: its author, a member of a team that handles
   * it, a member of the team whose second approval it awaits (or gave), or
   * nobody (who then gets 404, as for a request that does not exist).
   */
  function capacityOf(user: { id: string; teams: CurrentUser["teams"] }, kind: RequestKind, row: Row) {
    const routing = requestKind(kind).routing;
    const routed = routing ? row[routing.field] : undefined;
    const handler = user.teams.some((team) => teamHandles(team, kind, routed));
    const approver = user.teams.some(
      (team) => team.id === row.pendingApprovalTeamId || team.id === row.approvalTeamId,
    );
    return { requester: row.userId === user.id, handler, approver };
  }

  /** 'solicitante', 'revisor' or nobody. */
  function roleFor(user: CurrentUser, kind: RequestKind, row: Row): Role | null {
    const c = capacityOf(user, kind, row);
    if (c.requester) return "solicitante";
    return c.handler || c.approver ? "revisor" : null;
  }

  /**
   * Which of a workflow's reviewer moves this reviewer may make. The handling
   * team does the work; while a second approval is awaited, the awaited team
   * approves (someone other than the first approver, checked on the move) and
   * either team may refuse or ask for an adjustment.
   */
  function reviewerMay(user: CurrentUser, kind: RequestKind, row: Row, action: RequestAction): boolean {
    const c = capacityOf(user, kind, row);
    if (c.requester) return false;
    if (row.pendingApprovalTeamId) {
      const awaited = user.teams.some((t) => t.id === row.pendingApprovalTeamId);
      if (action === "aprovar") return awaited;
      if (action === "recusar" || action === "pedir_ajuste") return c.handler || awaited;
    }
    return c.handler;
  }

  const actorRole = (role: Role): ActorRole => (role === "solicitante" ? "requester" : "reviewer");

  function summaryOf(kind: RequestKind, row: Row): string {
    const { list } = requestKind(kind);
    return list.summary(Object.fromEntries(list.fields.map((f) => [f, row[f]])));
  }

  function timelineOf(
    kind: RequestKind,
    role: Role,
    events: Awaited<ReturnType<typeof subjectEvents>>,
    files: Awaited<ReturnType<typeof findEventAttachments>>,
  ): TimelineEntry[] {
    return events.map((e) => {
      const data = (e.data ?? {}) as { changed?: Record<string, { de: unknown; para: unknown }> };
      return {
        id: e.id,
        em: e.at.toISOString(),
        autor: e.actorName,
        tipo: e.type as TimelineEntry["tipo"],
        acao: e.action,
        de: e.fromStatus,
        para: e.toStatus,
        motivo: e.reason,
        texto: e.body,
        interno: e.internal,
        alteracoes: data.changed
          ? Object.entries(data.changed).map(([field, change]) => ({
              campo: detailLabel(kind, field),
              de: detailText(kind, field, change.de),
              para: detailText(kind, field, change.para),
            }))
          : null,
        anexos: files.filter((f) => f.eventoId === e.id).map(attachmentView),
        notas: moveNotes(e.data as MoveData | null, role === "revisor" ? "team" : "requester"),
      };
    });
  }

  /** Where the request stands for this reader: state, who has it, the moves they may make, the timeline they may read. */
  async function standing(
    user: CurrentUser,
    kind: RequestKind,
    row: Row,
    role: Role,
  ): Promise<RequestStanding> {
    const workflow = requestKind(kind).workflow;
    const [timeline, files, teams, people, pendingTeam, flags, adjustmentReason] = await Promise.all([
      subjectEventsPage(db, kind, row.id, { withInternal: role === "revisor", size: TIMELINE_PAGE_SIZE }),
      findEventAttachments(db, kind, row.id),
      handlingTeams(db, kind, row),
      findUsers(db, [row.userId, ...(row.assigneeId ? [row.assigneeId] : [])]),
      row.pendingApprovalTeamId ? findTeamName(db, row.pendingApprovalTeamId) : Promise.resolve(null),
      // The flags are the team's business: the requester never sees them.
      role === "revisor" ? flagsFor(db, kind, [row.id]) : Promise.resolve(null),
      row.status === "aguardando_ajuste"
        ? latestReason(db, kind, row.id, "pedir_ajuste")
        : Promise.resolve(null),
    ]);
    const requester = people.find((p) => p.id === row.userId);
    const assignee = row.assigneeId ? people.find((p) => p.id === row.assigneeId) : undefined;
    const closed = isClosed(workflow, row.status);
    let actions = availableTransitions(workflow, row.status, actorRole(role));
    if (role === "revisor")
      actions = actions.filter(
        // 'Assumir' takes it from someone else (or from nobody): not offered to whoever has it.
        (t) =>
          reviewerMay(user, kind, row, t.action) && !(t.action === "assumir" && row.assigneeId === user.id),
      );
    if (row.status === "resolvido" && role === "solicitante" && !withinReopenWindow(row)) actions = [];
    return {
      papel: role,
      status: row.status as RequestState,
      desde: row.statusChangedAt.toISOString(),
      equipes: closed ? [] : pendingTeam ? [pendingTeam] : teams.map((t) => t.name),
      responsavel: assignee ? { id: assignee.id, nome: assignee.name || assignee.email } : null,
      aguardandoAprovacaoDe: pendingTeam,
      solicitante: { nome: requester?.name || requester?.email || "", email: requester?.email ?? "" },
      versao: row.version,
      acoes: actions.map((t) => ({ acao: t.action, label: t.label, precisaMotivo: Boolean(t.needsReason) })),
      podeNotaInterna: role === "revisor",
      alertas: flags?.get(row.id) ?? [],
      linhaDoTempo: timelineOf(kind, role, timeline.events, files),
      linhaDoTempoAnteriores: timeline.earlier,
      motivoAjuste: adjustmentReason,
      prazo: await requestPrazo(db, kind, row, role === "revisor"),
    };
  }

  function withinReopenWindow(row: Row, now = Date.now()) {
    return now - row.statusChangedAt.getTime() <= REOPEN_WINDOW_DAYS * 24 * 3600_000;
  }

  /** The timeline entries before entry `before`, a page at a time, as the request's page shows them. */
  async function timeline(context: SignedInContext, kind: RequestKind, id: string, before?: number) {
    const { role } = await access(context.user, kind, id);
    const [page, files] = await Promise.all([
      subjectEventsPage(db, kind, id, { withInternal: role === "revisor", before, size: TIMELINE_PAGE_SIZE }),
      findEventAttachments(db, kind, id),
    ]);
    return {
      itens: timelineOf(kind, role, page.events, files),
      anteriores: page.earlier,
    } satisfies TimelinePage;
  }

  /** The request and the reader's role; 404 when the reader may not see it. */
  async function access(user: CurrentUser, kind: RequestKind, id: string) {
    const row = await findRequest(db, kind, id);
    const role = row ? roleFor(user, kind, row) : null;
    if (!row || !role) throw notFound();
    return { row, role };
  }

  /** A request has just been saved (inside its transaction): the first event, and its handlers told. */
  async function created(
    tx: Executor,
    after: AfterCommit,
    context: SignedInContext,
    kind: RequestKind,
    row: Row,
  ) {
    await appendEvent(tx, {
      subjectKind: kind,
      subjectId: row.id,
      actor: actorOf(context.user),
      type: "criada",
      toStatus: row.status,
    });
    const teams = await handlingTeams(tx, kind, row);
    await notifier.newRequest(tx, after, {
      kind,
      id: row.id,
      kindLabel: requestKind(kind).label,
      summary: summaryOf(kind, row),
      requester: {
        id: context.user.id,
        name: context.user.name || context.user.email,
        email: context.user.email,
      },
      teamIds: teams.map((t) => t.id),
    });
  }

  async function statusWebhook(
    tx: Executor,
    kind: RequestKind,
    id: string,
    change: { from: string; to: string; action: string; actor: CurrentUser; reason: string | null },
  ) {
    if (!deps.statusWebhook) return;
    await enqueueWebhook(tx as never, {
      kind: "status",
      payload: {
        evento: "solicitacao.status_alterado",
        solicitacao: { id, tipo: kind },
        de: change.from,
        para: change.to,
        acao: change.action,
        por: { nome: change.actor.name || change.actor.email, email: change.actor.email },
        motivo: change.reason,
        em: new Date().toISOString(),
      },
      source: { table: "events", id },
    });
  }

  /**
   * A move of the workflow. The server decides everything: the reader's role,
   * that the move exists from the current state, the reason it needs, the
   * reopening window, the second approval above the policy amount, and that
   * nobody decides their own request. Two people acting at once: one wins.
   */
  async function act(
    context: SignedInContext,
    kind: RequestKind,
    id: string,
    input: ActionInput,
    /** Stored already by the route (a multipart form); they belong to the request once the move commits. */
    files: readonly StoredFile[] = [],
  ) {
    const user = context.user;
    const workflow = requestKind(kind).workflow;
    const after = new AfterCommit();
    const result = await db.transaction(async (tx) => {
      const row = await lockRequest(tx, kind, id);
      const role = row ? roleFor(user, kind, row) : null;
      if (!row || !role) throw notFound();
      if (input.versao !== undefined && input.versao !== row.version) throw conflict(row.status);
      const transition = transitionFor(workflow, row.status, input.acao);
      if (!transition) {
        // A move that exists elsewhere in the workflow: the request is no longer where the person saw it.
        if (workflow.transitions.some((t) => t.action === input.acao)) throw conflict(row.status);
        throw forbiddenAction();
      }
      if (transition.by === "reviewer") {
        if (row.userId === user.id) throw forbiddenAction(true);
        if (!reviewerMay(user, kind, row, transition.action)) throw forbiddenAction();
      } else if (role !== "solicitante") {
        throw forbiddenAction();
      }
      if (transition.needsReason && !input.motivo) throw fieldMissing("motivo");
      if (transition.action === "concluir" && !input.resultado) throw fieldMissing("resultado");
      if (files.length && !transition.file) throw fileNotTaken();
      if (transition.action === "reabrir" && !withinReopenWindow(row))
        throw new AppError(409, "REOPEN_EXPIRED", reviewMessages.reopenExpired(REOPEN_WINDOW_DAYS));
      const decision = transition.action === "aprovar" ? await secondApproval(tx, kind, row, user) : null;
      const money = await paymentMove(tx, kind, row, transition.action, input, decision?.step === "second");

      let to: string = transition.to;
      let pendingApprovalTeamId: string | null | undefined;
      let approvalTeamId: string | undefined;
      let eventType: "transicao" | "aprovacao_parcial" = "transicao";
      if (decision) {
        if (decision.step === "first") {
          to = row.status;
          pendingApprovalTeamId = decision.teamId;
          // Kept after the second approval: the approving team still sees what it approved.
          approvalTeamId = decision.teamId;
          eventType = "aprovacao_parcial";
        } else if (decision.step === "second") {
          pendingApprovalTeamId = null;
        }
      }
      const by = actorOf(user).name;
      const moved = await moveRequest(tx, kind, id, {
        from: row.status,
        to,
        version: row.version,
        ...(transition.action === "assumir" ? { assigneeId: user.id } : {}),
        clears: transition.clears,
        ...(pendingApprovalTeamId !== undefined ? { pendingApprovalTeamId } : {}),
        ...(approvalTeamId !== undefined ? { approvalTeamId } : {}),
        fields: {
          ...(transition.action === "concluir" && input.resultado ? answerField(kind, input.resultado) : {}),
          ...money.fields,
          // An approval that still waits for the second one has decided nothing yet.
          ...(DECISIONS.includes(transition.action) && to !== row.status
            ? { decidedAt: new Date(), decidedBy: by }
            : {}),
          ...(SETTLEMENTS.includes(transition.action) ? { settledAt: new Date(), settledBy: by } : {}),
        },
      });
      if (!moved) throw conflict((await findRequest(tx, kind, id))?.status ?? row.status);
      const pendingTeam = pendingApprovalTeamId ? await findTeamName(tx, pendingApprovalTeamId) : null;
      const event = await appendEvent(tx, {
        subjectKind: kind,
        subjectId: id,
        actor: actorOf(user),
        type: eventType,
        action: transition.action,
        fromStatus: row.status,
        toStatus: to,
        reason: input.motivo ?? null,
        body: transition.action === "concluir" ? (input.resultado ?? null) : null,
        data:
          pendingTeam || money.data
            ? { ...(pendingTeam ? { aguardando: pendingTeam } : {}), ...money.data }
            : null,
      });
      if (files.length)
        await insertAttachments(
          tx,
          files.map((f) => ({
            userId: user.id,
            solicitacaoTipo: kind,
            solicitacaoId: id,
            eventoId: event.id,
            storageKey: f.key,
            nomeOriginal: f.originalName,
            nomeArquivo: f.storedName,
            contentType: f.contentType,
            tamanho: f.bytes,
            sha256: f.sha256,
          })),
        );
      if (to !== row.status)
        await statusWebhook(tx, kind, id, {
          from: row.status,
          to,
          action: transition.action,
          actor: user,
          reason: input.motivo ?? null,
        });
      await tell(tx, after, kind, moved, {
        by: transition.by,
        actor: user,
        headline:
          eventType === "aprovacao_parcial"
            ? `aprovada por ${actorOf(user).name}; ${reviewMessages.secondApproval(pendingTeam!)}`
            : `${requestStateLabel(to)}`,
        detail: input.motivo ?? (transition.action === "concluir" ? (input.resultado ?? null) : null),
        // Taking a request is the team's business: the requester sees it on the page, unannounced.
        silentForRequester: transition.action === "assumir",
      });
      context.log.info(
        { kind, requestId: id, action: transition.action, from: row.status, to },
        "request moved",
      );
      return moved;
    });
    await notifier.flush(after);
    return standing(user, kind, result, roleFor(user, kind, result)!);
  }

  /**
   * What an approval or a payment of a reimbursement or a grant records
   * (issue 12): the approved value (never more than the amount asked now;
   * less needs a reason; the awaited second approver keeps the first one's
   * unless they change it, any other approval starts from the amount), the
   * flags the approver confirmed, and the payment's date and method. A payment
   * needs a complete approval within the amount (docs/decisions/029).
   */
  async function paymentMove(
    tx: Executor,
    kind: RequestKind,
    row: Row,
    action: RequestAction,
    input: ActionInput,
    secondStep: boolean,
  ): Promise<{ fields: Record<string, unknown>; data: MoveData | null }> {
    const payment = requestKind(kind).payment;
    const none = { fields: {}, data: null };
    if (!payment) return none;
    const requested = numericToCents(String(row[payment.amount]));
    const stored = row.valorAprovado == null ? null : numericToCents(String(row.valorAprovado));
    if (action === "aprovar") {
      if (input.valorAprovado !== undefined) {
        const problem = approvedValueError(input.valorAprovado, requested, input.motivo);
        if (problem) throw fieldError(problem.field, problem.message);
      }
      const approved = input.valorAprovado ?? (secondStep ? stored : null) ?? requested;
      if (approved > requested) throw fieldError("valorAprovado", financeMessages.approvedAboveRequested);
      const flags = (await flagsFor(tx, kind, [row.id])).get(row.id) ?? [];
      if (flags.length && !input.confirmarAlertas)
        throw fieldError("confirmarAlertas", financeMessages.flagsUnconfirmed);
      return {
        fields: { valorAprovado: centsToNumeric(approved) },
        data: {
          valorAprovado: approved,
          valorSolicitado: requested,
          ...(flags.length ? { alertasConfirmados: flags.map((f) => f.rotulo) } : {}),
        },
      };
    }
    if (action === "marcar_pago") {
      const blocked = paymentBlocker(stored, requested, row.pendingApprovalTeamId !== null);
      if (blocked)
        throw new AppError(409, "NOT_PAYABLE", { title: financeMessages.notPayable, description: blocked });
      const today = todayInSaoPaulo(deps.clock?.() ?? new Date());
      const paidOn = input.pagoEm ?? today;
      const problem = paidDateError(paidOn, today, todayInSaoPaulo(row.createdAt));
      if (problem) throw fieldError("pagoEm", problem);
      const method = input.formaPagamento ?? "pix";
      return {
        fields: { pagoEm: paidOn, formaPagamento: method },
        data: { pagoEm: paidOn, formaPagamento: method },
      };
    }
    return none;
  }

  function answerField(kind: RequestKind, text: string): Record<string, unknown> {
    const delivery = requestKind(kind).delivery;
    return delivery.mode === "immediate" ? { [delivery.answerField]: text } : {};
  }

  /**
   * 'Acima de R$ X, aprovação também de <equipe>': "none" when no second
   * approval applies, "first" when this approval must wait for the policy's
   * team, "second" when it is that team's (by someone other than the first).
   */
  async function secondApproval(tx: Executor, kind: RequestKind, row: Row, user: CurrentUser) {
    const { list } = requestKind(kind);
    const valueField = "value" in list ? list.value : undefined;
    const none = { step: "none" } as const;
    if (!valueField) return none;
    if (row.pendingApprovalTeamId) {
      if (!user.teams.some((t) => t.id === row.pendingApprovalTeamId)) throw forbiddenAction();
      const events = await subjectEvents(tx, kind, row.id, { withInternal: true });
      const first = [...events].reverse().find((e) => e.type === "aprovacao_parcial");
      if (first?.actorId === user.id) throw forbiddenAction();
      return { step: "second" } as const;
    }
    const policy = await findPolicy(tx, kind);
    if (!policy) return none;
    const raw = row[valueField];
    const cents = typeof raw === "string" ? numericToCents(raw) : Number(raw);
    return cents > policy.thresholdCents ? ({ step: "first", teamId: policy.teamId } as const) : none;
  }

  /** Tells the people concerned: the requester of a reviewer's decision; the handlers of the requester's move. */
  async function tell(
    tx: Executor,
    after: AfterCommit,
    kind: RequestKind,
    row: Row,
    change: {
      by: ActorRole | "comment";
      actor: CurrentUser;
      headline: string;
      detail: string | null;
      silentForRequester?: boolean;
      internal?: boolean;
    },
  ) {
    const definition = requestKind(kind);
    const teams = await handlingTeams(tx, kind, row);
    const teamIds = [
      ...teams.map((t) => t.id),
      ...(row.pendingApprovalTeamId ? [row.pendingApprovalTeamId] : []),
    ];
    const ref = { kind, id: row.id, kindLabel: definition.label, summary: summaryOf(kind, row) };
    after.live.push({ type: "request", kind, id: row.id, userIds: [row.userId], teamIds });
    const fromRequester = change.actor.id === row.userId;
    if (!fromRequester && !change.internal && !change.silentForRequester) {
      const [requester] = await findUsers(tx, [row.userId]);
      if (requester)
        await notifier.toRequester(
          tx,
          after,
          { ...ref, requester: { id: requester.id, name: requester.name, email: requester.email } },
          { headline: change.headline, detail: change.detail },
        );
    }
    if (fromRequester) {
      await notifier.toHandlers(
        tx,
        after,
        { ...ref, teamIds, exceptUserId: change.actor.id },
        { title: `${definition.label}: ${change.headline}`, body: change.detail },
      );
    }
  }

  /** 'Comentar': both ways; a 'Nota interna' only from the teams, and never shown to the requester. */
  async function comment(context: SignedInContext, kind: RequestKind, id: string, input: CommentInput) {
    const user = context.user;
    const after = new AfterCommit();
    const row = await db.transaction(async (tx) => {
      const found = await findRequest(tx, kind, id);
      const role = found ? roleFor(user, kind, found) : null;
      if (!found || !role) throw notFound();
      if (input.interno && role !== "revisor") {
        const m = reviewMessages.internalForbidden;
        throw new AppError(403, "INTERNAL_NOTE_FORBIDDEN", { title: "Ação não permitida", description: m });
      }
      await appendEvent(tx, {
        subjectKind: kind,
        subjectId: id,
        actor: actorOf(user),
        type: "comentario",
        body: input.texto,
        internal: input.interno,
      });
      await tell(tx, after, kind, found, {
        by: "comment",
        actor: user,
        headline: input.interno ? "nota interna" : "novo comentário",
        detail: input.interno ? null : input.texto,
        internal: input.interno,
      });
      return found;
    });
    await notifier.flush(after);
    return standing(user, kind, row, roleFor(user, kind, row)!);
  }

  /**
   * 'Editar e reenviar': the requester changed the fields (and files) while
   * Aguardando ajuste. `update` writes the changes inside this transaction and
   * answers the changed fields; the timeline keeps them.
   */
  async function resubmit(
    context: SignedInContext,
    kind: RequestKind,
    id: string,
    update: (tx: Executor, row: Row) => Promise<Record<string, { de: unknown; para: unknown }>>,
  ) {
    const user = context.user;
    const workflow = requestKind(kind).workflow;
    const after = new AfterCommit();
    const moved = await db.transaction(async (tx) => {
      const row = await lockRequest(tx, kind, id);
      if (!row || roleFor(user, kind, row) === null) throw notFound();
      if (row.userId !== user.id) throw forbiddenAction();
      const transition = transitionFor(workflow, row.status, "reenviar");
      if (!transition) throw conflict(row.status);
      const changed = await update(tx, row);
      const result = await moveRequest(tx, kind, id, {
        from: row.status,
        to: transition.to,
        version: row.version,
        clears: transition.clears,
      });
      if (!result) throw conflict(row.status);
      await appendEvent(tx, {
        subjectKind: kind,
        subjectId: id,
        actor: actorOf(user),
        type: "edicao",
        data: { changed },
      });
      await appendEvent(tx, {
        subjectKind: kind,
        subjectId: id,
        actor: actorOf(user),
        type: "transicao",
        action: "reenviar",
        fromStatus: row.status,
        toStatus: transition.to,
      });
      await statusWebhook(tx, kind, id, {
        from: row.status,
        to: transition.to,
        action: "reenviar",
        actor: user,
        reason: null,
      });
      await tell(tx, after, kind, result, {
        by: "requester",
        actor: user,
        headline: "editada e reenviada",
        detail: Object.keys(changed).length
          ? `Alterou: ${Object.keys(changed)
              .map((f) => detailLabel(kind, f))
              .join(", ")}`
          : null,
      });
      return result;
    });
    await notifier.flush(after);
    return standing(user, kind, moved, "solicitante");
  }

  async function queue(context: SignedInContext, query: QueueQuery): Promise<QueuePage> {
    const cursor = decodeCursor(query.cursor);
    const rows = await queuePage(
      db,
      { userId: context.user.id, scope: scopeOf(context.user) },
      {
        kind: query.tipo,
        status: query.status,
        requester: query.solicitante,
        from: query.de,
        to: query.ate,
        search: query.busca,
      },
      cursor,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const [flags, prazos] = await Promise.all([pageFlags(page), queuePrazos(db, page)]);
    return {
      items: page.map(
        (r, i): QueueItem => ({
          tipo: r.tipo,
          id: r.id,
          createdAt: new Date(r.created_at).toISOString(),
          status: r.status as RequestState,
          resumo: requestKind(r.tipo).list.summary(r.resumo_campos),
          valor: r.valor === null ? null : numericToCents(String(r.valor)),
          solicitante: { nome: r.requester_name, email: r.requester_email },
          responsavel: r.assignee_id ? { id: r.assignee_id, nome: r.assignee_name ?? "" } : null,
          aguardandoAprovacaoDe: r.pending_team,
          alertas: flags.get(r.id) ?? [],
          prazo: prazos[i] ?? null,
        }),
      ),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  /**
   * Several requests approved or paid in one go (issue 12). Whoever may not
   * make the move on every one of them is refused as a whole, with nothing
   * changed; then each is moved on its own, checked and recorded as if alone
   * (a flagged one is not approved in bulk: it needs its confirmation).
   */
  async function bulk(context: SignedInContext, input: BulkActionInput): Promise<BulkActionResult> {
    const user = context.user;
    const rows = await Promise.all(input.itens.map((item) => findRequest(db, item.tipo, item.id)));
    const allowed = rows.every((row, i) => {
      const kind = input.itens[i]!.tipo;
      return (
        row !== null &&
        requestKind(kind).payment !== undefined &&
        roleFor(user, kind, row) === "revisor" &&
        reviewerMay(user, kind, row, input.acao)
      );
    });
    if (!allowed) throw new AppError(403, "BULK_NOT_ALLOWED", financeMessages.bulkNotAllowed);
    const resultados: BulkActionResult["resultados"] = [];
    for (const item of input.itens) {
      try {
        const moved = await act(context, item.tipo, item.id, {
          acao: input.acao,
          motivo: undefined,
          ...(item.versao !== undefined ? { versao: item.versao } : {}),
          ...(input.pagoEm ? { pagoEm: input.pagoEm } : {}),
          ...(input.formaPagamento ? { formaPagamento: input.formaPagamento } : {}),
        });
        resultados.push({ tipo: item.tipo, id: item.id, ok: true, status: moved.status, erro: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const current = await findRequest(db, item.tipo, item.id);
        const erro = err.fields?.confirmarAlertas
          ? financeMessages.bulkFlagged
          : (Object.values(err.fields ?? {})[0] ?? err.notice.description ?? err.notice.title);
        resultados.push({
          tipo: item.tipo,
          id: item.id,
          ok: false,
          status: (current?.status as RequestState | undefined) ?? null,
          erro,
        });
      }
    }
    return { resultados };
  }

  /** 'Lote de pagamento': what this reviewer may pay now, grouped by person. */
  async function paymentBatch(context: SignedInContext): Promise<PaymentBatch> {
    const user = context.user;
    const scope = scopeOf(user);
    const people = new Map<string, PaymentBatch["pessoas"][number]>();
    for (const kind of REQUEST_KINDS) {
      const payment = requestKind(kind).payment;
      if (!payment) continue;
      const listed = await queuePage(
        db,
        { userId: user.id, scope },
        { kind, status: "aprovado" },
        null,
        BULK_MAX,
      );
      const rows = await findRequests(
        db,
        kind,
        listed.map((r) => r.id),
      );
      for (const r of listed) {
        const row = rows.get(r.id);
        if (row?.status !== "aprovado" || !reviewerMay(user, kind, row, "marcar_pago")) continue;
        // What is listed is what the row holds now; the payment checks it again under the row's lock.
        const approved = row.valorAprovado == null ? null : numericToCents(String(row.valorAprovado));
        const requested = numericToCents(String(row[payment.amount]));
        if (approved === null || paymentBlocker(approved, requested, row.pendingApprovalTeamId !== null))
          continue;
        const key = (row[payment.pixKey] as string | null) || null;
        const group = people.get(r.requester_email) ?? {
          solicitante: { nome: r.requester_name, email: r.requester_email },
          chavesPix: [],
          total: 0,
          itens: [],
        };
        group.total += approved;
        if (key && !group.chavesPix.includes(key)) group.chavesPix.push(key);
        group.itens.push({
          tipo: kind,
          id: r.id,
          resumo: requestKind(kind).list.summary(r.resumo_campos),
          valorAprovado: approved,
          chavePix: key,
          versao: row.version,
          createdAt: new Date(r.created_at).toISOString(),
        });
        people.set(r.requester_email, group);
      }
    }
    return {
      pessoas: [...people.values()].sort((a, b) =>
        a.solicitante.nome.localeCompare(b.solicitante.nome, "pt-BR"),
      ),
    };
  }

  /** The flags of a queue page's reimbursements and grants, a few statements per kind present. */
  async function pageFlags(page: readonly { tipo: RequestKind; id: string }[]) {
    const kinds = [...new Set(page.map((r) => r.tipo))].filter((k) => requestKind(k).payment);
    const found = await Promise.all(
      kinds.map((k) =>
        flagsFor(
          db,
          k,
          page.filter((r) => r.tipo === k).map((r) => r.id),
        ),
      ),
    );
    return new Map(found.flatMap((m) => [...m]));
  }

  async function count(context: SignedInContext) {
    return { aguardando: await queueCount(db, { userId: context.user.id, scope: scopeOf(context.user) }) };
  }

  /** What reached the teams of `email` since `since`, for the daily summary (their own requests left out). */
  async function newForMember(
    email: string,
    since: Date,
    membership: (email: string) => Promise<{ teams: CurrentUser["teams"] }>,
    userId: string | null,
  ) {
    const { teams } = await membership(email);
    const scope = scopeOf({ teams });
    const rows = await queuePage(db, { userId: userId ?? "", scope }, { since }, null, 50);
    return rows.map((r) => ({
      kind: r.tipo,
      id: r.id,
      kindLabel: requestKind(r.tipo).label,
      requester: r.requester_name,
      summary: requestKind(r.tipo).list.summary(r.resumo_campos),
    }));
  }

  return {
    access,
    timeline,
    standing,
    created,
    act,
    bulk,
    paymentBatch,
    comment,
    resubmit,
    queue,
    count,
    roleFor,
    scopeOf,
    newForMember,
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
