import { buildBrCode, txidForRequest } from "@/domain/finance/br-code";
import {
  BULK_MAX,
  type BulkActionInput,
  type BulkActionResult,
  type PaymentBatch,
} from "@/domain/finance/bulk-api";
import { financeMessages } from "@/domain/finance/payment";
import { mayMake, type Person } from "@/domain/requests/access";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { ActionInput } from "@/domain/requests/review-api";
import type { RequestAction, RequestState } from "@/domain/requests/workflow";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { findRequest, findRequests } from "../requests/requests.queries";
import { payable } from "./money-move";

/** A line of a reviewer's queue, as the payment batch reads it. */
export type QueuedRequest = {
  id: string;
  created_at: string | Date;
  requester_name: string;
  requester_email: string;
  resumo_campos: Record<string, unknown>;
};

/**
 * What finance asks of the review desk, passed in: the desk uses finance's
 * flags and money rules, so finance never imports it (docs/decisions/035).
 */
export type ReviewDesk = {
  /** A move, checked, recorded and announced as if made alone. */
  act(
    context: SignedInContext,
    kind: RequestKind,
    id: string,
    input: ActionInput,
  ): Promise<{ status: string }>;
  /** The requests of `kind` in `status` the person's queue lists, oldest first, at most `limit`. */
  queued(person: Person, kind: RequestKind, status: RequestState, limit: number): Promise<QueuedRequest[]>;
};

/** The move `action` as the kind's workflow declares it (bulk moves are the same move wherever it starts). */
const declared = (kind: RequestKind, action: RequestAction) =>
  requestKind(kind).workflow.transitions.find((t) => t.action === action);

export type FinanceDeps = { db: Db; desk: ReviewDesk; office: { city: string } };

/** 'Pagar com PIX': the payment's BR Code, or why its key cannot make one (docs/decisions/059). */
function pixCode(deps: FinanceDeps, id: string, payee: string, key: string | null, cents: number) {
  if (!key) return { codigo: null, problema: "Sem chave PIX no pedido: peça a chave ao solicitante." };
  const built = buildBrCode({
    key,
    name: payee,
    city: deps.office.city,
    amountCents: cents,
    txid: txidForRequest(id),
  });
  return built.ok ? { codigo: built.code, problema: null } : { codigo: null, problema: built.reason };
}

/**
 * Several requests approved or paid in one go (docs/decisions/015). Whoever
 * may not make the move on every one of them is refused as a whole,
 * with nothing changed; then each is moved on its own, checked and recorded
 * as if alone (a flagged one is not approved in bulk: it needs its confirmation).
 */
export async function bulkMove(
  deps: FinanceDeps,
  context: SignedInContext,
  input: BulkActionInput,
): Promise<BulkActionResult> {
  const { db, desk } = deps;
  const rows = await Promise.all(input.itens.map((item) => findRequest(db, item.tipo, item.id)));
  const allowed = rows.every((row, i) => {
    const kind = input.itens[i]!.tipo;
    const move = declared(kind, input.acao);
    return (
      row !== null &&
      requestKind(kind).payment !== undefined &&
      move &&
      mayMake(context.user, kind, row, move)
    );
  });
  if (!allowed) throw new AppError(403, "BULK_NOT_ALLOWED", financeMessages.bulkNotAllowed);
  const resultados: BulkActionResult["resultados"] = [];
  for (const item of input.itens) {
    try {
      const moved = await desk.act(context, item.tipo, item.id, {
        acao: input.acao,
        motivo: undefined,
        ...(item.versao !== undefined ? { versao: item.versao } : {}),
        ...(input.pagoEm ? { pagoEm: input.pagoEm } : {}),
        ...(input.formaPagamento ? { formaPagamento: input.formaPagamento } : {}),
      });
      resultados.push({
        tipo: item.tipo,
        id: item.id,
        ok: true,
        status: moved.status as RequestState,
        erro: null,
      });
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

/** 'Lote de pagamento' (docs/decisions/015): what this reviewer may pay now, grouped by person. */
export async function paymentBatch(deps: FinanceDeps, context: SignedInContext): Promise<PaymentBatch> {
  const { db, desk } = deps;
  const user = context.user;
  const people = new Map<string, PaymentBatch["pessoas"][number]>();
  for (const kind of REQUEST_KINDS) {
    const pay = declared(kind, "marcar_pago");
    if (!requestKind(kind).payment || !pay) continue;
    const listed = await desk.queued(user, kind, "aprovado", BULK_MAX);
    const rows = await findRequests(
      db,
      kind,
      listed.map((r) => r.id),
    );
    for (const r of listed) {
      const row = rows.get(r.id);
      // What is listed is what the row holds now; the payment checks it again under the row's lock.
      if (row?.status !== "aprovado" || !mayMake(user, kind, row, pay)) continue;
      const money = payable(kind, row);
      if (!money) continue;
      const group = people.get(r.requester_email) ?? {
        solicitante: { nome: r.requester_name, email: r.requester_email },
        chavesPix: [],
        total: 0,
        itens: [],
      };
      group.total += money.approved;
      if (money.pixKey && !group.chavesPix.includes(money.pixKey)) group.chavesPix.push(money.pixKey);
      group.itens.push({
        tipo: kind,
        id: r.id,
        resumo: requestKind(kind).list.summary(r.resumo_campos),
        valorAprovado: money.approved,
        chavePix: money.pixKey,
        pix: pixCode(deps, r.id, r.requester_name, money.pixKey, money.approved),
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

/** Finance's desk: bulk moves and the payment batch, over the review desk it is given. */
export function createFinanceService(deps: FinanceDeps) {
  return {
    bulk: (context: SignedInContext, input: BulkActionInput) => bulkMove(deps, context, input),
    paymentBatch: (context: SignedInContext) => paymentBatch(deps, context),
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
