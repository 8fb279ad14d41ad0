import { addDays } from "@/domain/dates";
import { bankMessages, type ReconcileInput, type StatementResult } from "@/domain/finance/bank-api";
import { matchStatement, type OfxEntry, readOfx } from "@/domain/finance/ofx";
import type { RequestKind } from "@/domain/requests/kinds";
import { isBusinessDate } from "@/domain/sla/business-hours";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { approvedCents, centsToNumeric } from "../requests/money-column";
import { lockRequest } from "../requests/requests.queries";
import { actorOf } from "../review/announce";
import { appendEvent } from "../timeline/timeline.queries";
import {
  findReconciliation,
  findStatement,
  insertReconciliation,
  insertStatement,
  RECONCILABLE_STATES,
  reconcilablePayments,
} from "./bank.queries";
import { type BankDeps, financeDesk } from "./bank-deps";
import { todayOf } from "./remittance.service";

/*
 * 'Conciliar extrato' (docs/decisions/059): the debits of a bank statement (OFX) matched to the
 * payments sent or paid, suggested by the domain's rules (amount, a few business days, the txid or
 * the payee's name), each confirmed with one click; the unmatched on both sides listed.
 */

/** How far before the statement's first debit a payment may have been sent and still be its match. */
const LOOKBACK_DAYS = 15;

type Debit = { fitid: string; data: string; valor: number; descricao: string };

const conflict = (description: string) =>
  new AppError(409, "CONFLICT", { title: "Não conciliado", description });
const notFound = (description: string) =>
  new AppError(404, "NOT_FOUND", { title: "Não encontrado", description });

const debitOf = (entry: OfxEntry): Debit => ({
  fitid: entry.fitid,
  data: entry.postedOn,
  valor: -entry.amountCents,
  descricao: [entry.name, entry.memo].filter(Boolean).join(" — "),
});

async function uploadStatement(
  deps: BankDeps,
  context: SignedInContext,
  bytes: Buffer,
): Promise<StatementResult> {
  const kinds = financeDesk(context);
  const read = readOfx(new Uint8Array(bytes), { today: todayOf(deps) });
  if (!read.ok)
    throw new AppError(
      400,
      "VALIDATION",
      { title: "Extrato inválido", description: read.message },
      {
        arquivo: read.message,
      },
    );
  const entries = read.entries.filter((e) => e.amountCents < 0);
  const conta = read.account ? `${read.account.bankId}/${read.account.accountId}` : "sem-conta";
  const first = entries.map((e) => e.postedOn).sort()[0] ?? todayOf(deps);
  const payments = await reconcilablePayments(deps.db, kinds, addDays(first, -LOOKBACK_DAYS));
  const matched = matchStatement({
    entries,
    payments: payments.map((p) => ({
      id: p.id,
      reference: p.referencia ?? "",
      payeeName: p.nome,
      amountCents: p.valor,
      sentOrPaidOn: p.data,
    })),
    isBusinessDay: isBusinessDate,
  });
  const debits = new Map(entries.map((e) => [e.fitid, debitOf(e)]));
  const byId = new Map(payments.map((p) => [p.id, p]));
  const side = (id: string) => {
    const p = byId.get(id)!;
    return { tipo: p.kind as RequestKind, id: p.id, nome: p.nome, valor: p.valor, data: p.data };
  };
  const id = await insertStatement(deps.db, {
    conta,
    lancamentos: [...debits.values()],
    enviadoPor: context.user.id,
  });
  context.log.info(
    { statement: id, debits: entries.length, suggested: matched.suggestions.length },
    "statement read",
  );
  return {
    id,
    conta,
    lancamentos: entries.length,
    futurosIgnorados: read.skippedFuture,
    sugestoes: matched.suggestions.map((s) => ({
      lancamento: debits.get(s.entryFitid)!,
      pagamento: side(s.paymentId),
      confianca: s.confidence,
      motivo: s.reason,
    })),
    lancamentosSemPar: matched.unmatchedEntries.map((f) => debits.get(f)!),
    pagamentosSemPar: matched.unmatchedPayments.map(side),
  };
}

/** 'Confirmar': the entry is the payment; the request's timeline says so (for the team). */
async function reconcileEntry(
  deps: BankDeps,
  context: SignedInContext,
  statementId: string,
  input: ReconcileInput,
) {
  const kinds = financeDesk(context);
  const statement = await findStatement(deps.db, statementId);
  if (!statement) throw notFound(bankMessages.statementNotFound);
  const entry = (statement.lancamentos as Debit[]).find((e) => e.fitid === input.fitid);
  if (!entry) throw notFound(bankMessages.entryNotFound);
  if (!kinds.includes(input.tipo)) throw notFound(bankMessages.notReconcilable);
  const already = await findReconciliation(deps.db, statement.conta, entry.fitid, input.id);
  if (already)
    throw conflict(
      already.fitid === entry.fitid ? bankMessages.entryAlreadyMatched : bankMessages.paymentAlreadyMatched,
    );
  await deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, input.tipo, input.id);
    if (!row || !RECONCILABLE_STATES.includes(row.status)) throw conflict(bankMessages.notReconcilable);
    if (approvedCents(row) !== entry.valor) throw conflict(bankMessages.amountDiffers);
    const stored = await insertReconciliation(tx, {
      solicitacaoId: row.id,
      conta: statement.conta,
      fitid: entry.fitid,
      data: entry.data,
      valor: centsToNumeric(entry.valor),
      descricao: entry.descricao.slice(0, 500),
      confirmadoPor: context.user.id,
    });
    if (!stored) throw conflict(bankMessages.entryAlreadyMatched);
    await appendEvent(tx as Db, {
      subjectKind: input.tipo,
      subjectId: row.id,
      actor: actorOf(context.user),
      type: "conciliacao",
      internal: true,
      data: { extrato: { data: entry.data, valor: entry.valor, descricao: entry.descricao.slice(0, 200) } },
    });
  });
  context.log.info({ statement: statementId, requestId: input.id }, "statement entry reconciled");
  return { ok: true as const };
}

export function createStatements(deps: BankDeps) {
  return {
    upload: (context: SignedInContext, bytes: Buffer) => uploadStatement(deps, context, bytes),
    reconcile: (context: SignedInContext, statementId: string, input: ReconcileInput) =>
      reconcileEntry(deps, context, statementId, input),
  };
}
