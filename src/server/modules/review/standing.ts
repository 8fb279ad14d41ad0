import { todayInSaoPaulo } from "@/domain/dates";
import { type MoveData, moveNotes } from "@/domain/finance/move-notes";
import type { Person, RequestRow, Role } from "@/domain/requests/access";
import { detailLabel, detailText } from "@/domain/requests/detail-rows";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { offeredMoves } from "@/domain/requests/machine";
import {
  type RequestStanding,
  TIMELINE_PAGE_SIZE,
  type TimelineEntry,
  type TimelinePage,
} from "@/domain/requests/review-api";
import { isClosed, type RequestState } from "@/domain/requests/workflow";
import type { Executor } from "../../db/client";
import { flagsFor } from "../finance/flags";
import { attachmentView } from "../requests/attachment-view";
import { findEventAttachments } from "../requests/requests.queries";
import { requestPrazo } from "../sla/sla.service";
import { latestReason, type subjectEvents, subjectEventsPage } from "../timeline/timeline.queries";
import { handlingTeams } from "./announce";
import { findTeamName, findUsers } from "./review.queries";

/*
 * What a request's page shows its reader (docs/decisions/011): where it
 * stands, who has it, the moves they may make and the timeline they may read.
 */

type Events = Awaited<ReturnType<typeof subjectEvents>>;
type EventFiles = Awaited<ReturnType<typeof findEventAttachments>>;

/** The timeline as its reader may see it: the team reads the internal notes and finance's notes for the team. */
function timelineOf(kind: RequestKind, role: Role, events: Events, files: EventFiles): TimelineEntry[] {
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
export async function standingOf(
  db: Executor,
  person: Person,
  kind: RequestKind,
  row: RequestRow,
  role: Role,
): Promise<RequestStanding> {
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
  const closed = isClosed(requestKind(kind).workflow, row.status);
  return {
    papel: role,
    status: row.status as RequestState,
    desde: row.statusChangedAt.toISOString(),
    equipes: closed ? [] : pendingTeam ? [pendingTeam] : teams.map((t) => t.name),
    responsavel: assignee ? { id: assignee.id, nome: assignee.name || assignee.email } : null,
    aguardandoAprovacaoDe: pendingTeam,
    solicitante: { nome: requester?.name || requester?.email || "", email: requester?.email ?? "" },
    versao: row.version,
    acoes: offeredMoves(kind, row, person, new Date()).map((t) => ({
      acao: t.action,
      label: t.label,
      precisaMotivo: Boolean(t.needsReason),
    })),
    podeNotaInterna: role === "revisor",
    // Finance's flags, and the badges the kind gives itself from its record (a settlement overdue).
    alertas: [
      ...(flags?.get(row.id) ?? []),
      ...(requestKind(kind).alerts?.(row, row.status, todayInSaoPaulo()) ?? []),
    ],
    linhaDoTempo: timelineOf(kind, role, timeline.events, files),
    linhaDoTempoAnteriores: timeline.earlier,
    motivoAjuste: adjustmentReason,
    prazo: await requestPrazo(db, kind, row, role === "revisor"),
  };
}

/** The timeline entries before entry `before`, a page at a time, as the request's page shows them. */
export async function timelinePage(
  db: Executor,
  kind: RequestKind,
  id: string,
  role: Role,
  before?: number,
): Promise<TimelinePage> {
  const [page, files] = await Promise.all([
    subjectEventsPage(db, kind, id, { withInternal: role === "revisor", before, size: TIMELINE_PAGE_SIZE }),
    findEventAttachments(db, kind, id),
  ]);
  return { itens: timelineOf(kind, role, page.events, files), anteriores: page.earlier };
}
