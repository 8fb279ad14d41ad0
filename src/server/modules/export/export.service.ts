import type { ExportFile, ExportRow } from "@/domain/export/columns";
import { displayFileName, fileKindOfContentType } from "@/domain/file-name";
import { type ExportQuery, exportMessages } from "@/domain/requests/export-api";
import { requestKind } from "@/domain/requests/kinds";
import { KIND_NAMES, kindMeta } from "@/domain/requests/kinds/meta";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { numericToCents } from "../requests/money-column";
import type { ReviewerScope } from "../review/review.queries";
import { findPolicy } from "../teams/teams.queries";
import { type ExportCursor, type ExportFileRow, type ExportRowData, exportPage } from "./export.queries";

/** Rows read per statement: large enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 500;

/** The kind whose requests are booked to a cost centre (its meta says so). */
const COST_CENTRE_KIND = KIND_NAMES.find((kind) => kindMeta(kind).payment?.costCentre);

/** An exported request with where its files' bytes are (for the ZIP). */
export type ExportItem = { row: ExportRow; files: (ExportFileRow & { nomeExibido: string })[] };

const iso = (value: string | Date | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const cents = (value: string | null) => (value === null ? null : numericToCents(String(value)));

function toExportRow(numero: number, r: ExportRowData, files: ExportItem["files"]): ExportRow {
  // A paid kind's settlement is its payment (a cash advance stays paid while it is settled).
  const paid = Boolean(requestKind(r.tipo).payment) && r.settled_at !== null;
  const asFile = (f: ExportItem["files"][number]): ExportFile => ({ id: f.id, nome: f.nomeExibido });
  return {
    numero,
    tipo: r.tipo,
    id: r.id,
    solicitante: { nome: r.requester_name, email: r.requester_email },
    resumo: requestKind(r.tipo).list.summary(r.resumo_campos),
    dataDespesa: r.data_despesa,
    tipoDespesa: r.tipo_despesa,
    centroCusto: r.centro_custo,
    valor: cents(r.valor),
    valorAprovado: cents(r.valor_aprovado),
    status: r.status,
    criadaEm: iso(r.created_at)!,
    decididaEm: iso(r.decided_at),
    aprovador: r.decided_by,
    // The payment's own date when finance gave one; else the day it was marked paid.
    pagaEm: r.pago_em ?? (paid ? iso(r.settled_at) : null),
    pagador: paid ? r.settled_by : null,
    formaPagamento: r.forma_pagamento,
    chavePix: r.chave_pix,
    anexos: files.filter((f) => !f.doEvento).map(asFile),
    comprovantesPagamento: files.filter((f) => f.doEvento).map(asFile),
  };
}

/**
 * The export of 'Caixa de entrada' (decision 013): the same requests as the queue
 * — the kinds the reader's teams handle and the approvals awaited from them,
 * never their own — with the same filters, read in keyset pages so a year
 * streams out without being held.
 */
export function createExportService(deps: {
  db: Db;
  /** The review desk's scope: which kinds (and departments) a person's teams handle. */
  scopeOf: (user: { teams: CurrentUser["teams"] }) => ReviewerScope;
  pageSize?: number;
}) {
  const { db, scopeOf } = deps;
  const pageSize = deps.pageSize ?? EXPORT_PAGE_SIZE;

  /**
   * Asking for a kind your teams neither handle nor approve is refused (403),
   * before anything is sent; without a kind, the others are simply not there.
   */
  async function checkKind(user: CurrentUser, scope: ReviewerScope, query: ExportQuery) {
    // A cost centre names the kind booked to one (reimbursements) when no kind is named.
    const kind = query.tipo ?? (query.centroCusto ? COST_CENTRE_KIND : undefined);
    if (!kind || scope.kinds.some((s) => s.kind === kind)) return;
    const policy = await findPolicy(db, kind);
    if (policy && user.teams.some((t) => t.id === policy.teamId)) return;
    throw new AppError(403, "KIND_NOT_HANDLED", exportMessages.kindNotHandled);
  }

  /** Checks the request, then gives the rows one at a time, numbered from 1. */
  async function open(context: SignedInContext, query: ExportQuery): Promise<AsyncIterable<ExportItem>> {
    const scope = scopeOf(context.user);
    await checkKind(context.user, scope, query);
    const reviewer = { userId: context.user.id, scope };
    const filters = {
      kind: query.tipo,
      status: query.status,
      requester: query.solicitante,
      from: query.de,
      to: query.ate,
      costCentre: query.centroCusto,
      search: query.busca,
    };
    return {
      async *[Symbol.asyncIterator]() {
        let cursor: ExportCursor | null = null;
        let numero = 0;
        for (;;) {
          const page = await exportPage(db, reviewer, filters, cursor, pageSize);
          for (const data of page) {
            const files = data.anexos.map((f) => ({
              ...f,
              // Rows stored before names were cleaned are named as a download names them.
              nomeExibido: displayFileName(f.nome, fileKindOfContentType(f.contentType)),
            }));
            yield { row: toExportRow(++numero, data, files), files };
          }
          const last = page.at(-1);
          if (!last || page.length < pageSize) return;
          cursor = { createdAt: last.created_key, id: last.id };
        }
      },
    };
  }

  return { open };
}

export type ExportService = ReturnType<typeof createExportService>;
