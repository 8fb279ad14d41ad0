import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { buildBrCode, txidForRequest } from "@/domain/finance/br-code";
import type { MoveData } from "@/domain/finance/move-notes";
import type { RequestRow, Role } from "@/domain/requests/access";
import {
  adiantamentoMessages,
  closingMove,
  closingNote,
  DEADLINE_MAX_DAYS,
  deadlineNote,
  isOverdue,
  settlementBalance,
  settlementDeadline,
  settlementNotes,
} from "@/domain/requests/kinds/adiantamento";
import type {
  AdvancePending,
  SettlementAction,
  SettlementSend,
  SettlementView,
} from "@/domain/requests/kinds/adiantamento/api";
import type { ActionInput } from "@/domain/requests/review-api";
import type { Db, Executor } from "../../db/client";
import { AppError, fieldError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { centsToNumeric, numericToCents } from "../requests/money-column";
import type { StoredFile } from "../requests/multipart";
import type { ReviewService } from "../review/review.service";
import { agencyPayee, overdueAdvance, saveSettlement } from "./advances.queries";

/*
 * A cash advance's settlement ('Prestação de contas', docs/decisions/067). Every state change is a
 * move of the advance's workflow made through the review desk (`ownMoves`: the same machine, lock,
 * version check, timeline and notices as any move), and the settlement's own fields are written in
 * that move's transaction: a refused move writes nothing, and of two settlements sent at once the
 * second finds the advance moved on (409).
 */

const KIND = "adiantamento" as const;
const messages = adiantamentoMessages.settlement;

export type AdvancesDeps = {
  db: Db;
  desk: Pick<ReviewService, "access" | "ownMoves">;
  office: { city: string };
  clock?: () => Date;
};

const cents = (value: unknown) => (value == null || value === "" ? null : numericToCents(String(value)));

/** What was paid: the approved value (the whole amount when approved as asked). */
const paidOf = (row: RequestRow) => cents(row.valorAprovado) ?? cents(row.valor) ?? 0;

const todayOf = (deps: AdvancesDeps) => todayInSaoPaulo(deps.clock?.() ?? new Date());

/** A move's input as the review desk takes it. */
const moveInput = (acao: ActionInput["acao"], versao: number | undefined): ActionInput => ({
  acao,
  versao,
  motivo: undefined,
});

/** The agency's BR Code for exactly what is to be returned, or why there is none. */
async function returnCode(deps: AdvancesDeps, id: string, amount: number) {
  if (amount <= 0) return { codigoPix: null, problemaPix: null, recebedor: null };
  const payee = await agencyPayee(deps.db);
  if (!payee) return { codigoPix: null, problemaPix: messages.noPayingAccount, recebedor: null };
  const built = buildBrCode({
    key: payee.key,
    name: payee.name,
    city: deps.office.city,
    amountCents: amount,
    txid: txidForRequest(id),
  });
  return built.ok
    ? { codigoPix: built.code, problemaPix: null, recebedor: payee.name }
    : { codigoPix: null, problemaPix: built.reason, recebedor: payee.name };
}

/** The balance once the receipts are in, or null before. */
const balanceOf = (row: RequestRow) => {
  const spent = cents(row.valorGasto);
  return spent === null ? null : settlementBalance(paidOf(row), spent);
};

async function viewOf(deps: AdvancesDeps, row: RequestRow, role: Role): Promise<SettlementView> {
  const deadline = settlementDeadline(
    (row.pagoEm as string | null) ?? null,
    row.prazoPrestacao as string | null,
  );
  const balance = balanceOf(row);
  const pending = row.status === "prestacao_enviada";
  return {
    status: row.status,
    versao: row.version,
    prazo: deadline,
    atrasada: isOverdue(row.status, deadline, todayOf(deps)),
    pago: row.pagoEm ? paidOf(row) : null,
    gasto: balance?.spent ?? null,
    devolver: balance?.toReturn ?? null,
    reembolsar: balance?.toReimburse ?? null,
    ...(await returnCode(deps, row.id, pending && balance ? balance.toReturn : 0)),
    podePrestarContas: role === "solicitante" && row.status === "aguardando_prestacao",
    podeDefinirPrazo: role === "revisor" && row.status === "aguardando_prestacao",
    fechamento: role === "revisor" && pending && balance ? closingMove(balance) : null,
  };
}

/** The advance's settlement as its reader may see it (404 for anyone else: the desk's rule). */
async function view(deps: AdvancesDeps, context: SignedInContext, id: string) {
  const { row, role } = await deps.desk.access(context.user, KIND, id);
  return viewOf(deps, row, role);
}

type MoveExtra = {
  files?: readonly StoredFile[];
  note: (row: RequestRow) => MoveData;
  fields: (row: RequestRow) => Record<string, unknown>;
  /** A reviewer's move the row does not allow, refused before anything moves. */
  check?: (row: RequestRow) => void;
};

/** One move of the settlement, and the fields it writes, in one transaction. */
async function settlementMove(
  deps: AdvancesDeps,
  context: SignedInContext,
  id: string,
  input: ActionInput,
  extra: MoveExtra,
) {
  // Read first for the note (what was paid does not change once paid); the move locks and checks it.
  const { row: before, role } = await deps.desk.access(context.user, KIND, id);
  if (role === "revisor") extra.check?.(before);
  await deps.desk.ownMoves(context, async (tx: Executor, move) => {
    await move({ kind: KIND, id }, input, {
      via: "prestacao",
      ...(extra.files ? { files: extra.files } : {}),
      note: extra.note(before),
    });
    await saveSettlement(tx, id, extra.fields(before));
  });
  return view(deps, context, id);
}

/** The person's receipts: the move checks that it is their advance, and that it waits for them. */
function settle(
  deps: AdvancesDeps,
  context: SignedInContext,
  id: string,
  input: SettlementSend,
  files: readonly StoredFile[],
) {
  const balance = (row: RequestRow) => settlementBalance(paidOf(row), input.valorGasto);
  return settlementMove(deps, context, id, moveInput("prestar_contas", input.versao), {
    files,
    note: (row) => ({ notas: settlementNotes(balance(row)) }),
    fields: (row) => ({
      valorGasto: centsToNumeric(balance(row).spent),
      // Only the side of the difference there is: the page leaves out an empty one.
      valorDevolver: balance(row).toReturn ? centsToNumeric(balance(row).toReturn) : null,
      valorReembolsar: balance(row).toReimburse ? centsToNumeric(balance(row).toReimburse) : null,
      observacaoPrestacao: input.observacao,
      ...(input.chaveNota ?? {}),
    }),
  });
}

/** Financeiro's moves: the deadline while it waits; then the one closing move the balance allows. */
function act(deps: AdvancesDeps, context: SignedInContext, id: string, input: SettlementAction) {
  const { acao } = input;
  if (acao === "definir_prazo") {
    const prazo = input.prazo;
    const today = todayOf(deps);
    if (!prazo || prazo < today || prazo > addDays(today, DEADLINE_MAX_DAYS))
      throw fieldError("prazo", messages.deadlineInvalid);
    return settlementMove(deps, context, id, moveInput(acao, input.versao), {
      note: () => ({ notas: [deadlineNote(prazo)] }),
      fields: () => ({ prazoPrestacao: prazo }),
    });
  }
  return settlementMove(deps, context, id, moveInput(acao, input.versao), {
    check: (row) => {
      const balance = balanceOf(row);
      if (row.status === "prestacao_enviada" && balance && closingMove(balance) !== acao)
        throw new AppError(409, "SETTLEMENT_MISMATCH", { title: messages.notAfter });
    },
    note: (row) => ({ notas: [closingNote(acao, balanceOf(row) ?? settlementBalance(paidOf(row), 0))] }),
    fields: () => ({}),
  });
}

export function createAdvancesService(deps: AdvancesDeps) {
  return {
    view: (context: SignedInContext, id: string) => view(deps, context, id),
    settle: (context: SignedInContext, id: string, input: SettlementSend, files: readonly StoredFile[]) =>
      settle(deps, context, id, input, files),
    act: (context: SignedInContext, id: string, input: SettlementAction) => act(deps, context, id, input),
    /** The signed-in person's advance past its deadline, for the form to show before it is filled. */
    async pending(context: SignedInContext): Promise<AdvancePending> {
      const found = await overdueAdvance(deps.db, context.user.id, todayOf(deps));
      return { atrasado: found ? { id: found.id, prazo: found.deadline } : null };
    },
  };
}

export type AdvancesService = ReturnType<typeof createAdvancesService>;
