import { createHash } from "node:crypto";
import { bankMessages, type ReturnResult } from "@/domain/finance/bank-api";
import { type ReturnEntry, readReturn } from "@/domain/finance/cnab240";
import type { RequestKind } from "@/domain/requests/kinds";
import { requestStateLabel } from "@/domain/requests/workflow";
import type { Executor } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { numericToCents } from "../requests/money-column";
import type { BankMoves, ManyMoveInput } from "../review/review.service";
import { findReturn, insertReturn, markItems, saveReturnSummary, sentItemsByReference } from "./bank.queries";
import { type BankDeps, financeDesk } from "./bank-deps";
import { todayOf } from "./remittance.service";

/*
 * 'Enviar retorno do banco' (docs/decisions/059): the bank's return file confirms each payment
 * ('Pago', on the day the bank paid) or gives it back to Finance ('Aprovado') with the bank's words
 * on its timeline. The same file twice changes nothing; a line or a reference that matches nothing
 * sent is reported, never guessed.
 */

const invalid = (description: string) =>
  new AppError(
    400,
    "VALIDATION",
    { title: "Arquivo de retorno inválido", description },
    { arquivo: description },
  );

const whenRead = (at: Date) =>
  new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    dateStyle: "short",
    timeStyle: "short",
  }).format(at);

type Sent = Awaited<ReturnType<typeof sentItemsByReference>>[number];

/** One entry, as the bank said: its move (none while scheduled), its item's new situation, its bucket. */
function decide(entry: ReturnEntry, item: Sent, today: string) {
  const request = { kind: item.kind as RequestKind, id: item.solicitacaoId };
  const note = { ocorrencias: entry.occurrences.map((o) => o.text) };
  if (entry.outcome === "scheduled") return { bucket: "agendados" as const };
  if (entry.outcome === "paid") {
    // The bank's day, never after today (a payment cannot be recorded in the future).
    const paidOn = entry.paidOn && entry.paidOn <= today ? entry.paidOn : today;
    const input = {
      acao: "confirmar_pagamento" as const,
      pagoEm: paidOn,
      formaPagamento: "pix" as const,
      motivo: undefined,
    };
    return { bucket: "pagos" as const, situacao: "pago" as const, move: { request, input, note } };
  }
  const motivo = note.ocorrencias.join("; ") || "Pagamento recusado pelo banco";
  const input = { acao: "pagamento_recusado" as const, motivo };
  return {
    bucket: "recusados" as const,
    situacao: "recusado" as const,
    motivo,
    move: { request, input, note },
  };
}

/** The file's entries moved, all in one go, and what the answer lists of them. */
async function record(
  tx: Executor,
  moveAll: BankMoves,
  entries: readonly { entry: ReturnEntry; item: Sent }[],
  answer: ReturnResult,
  today: string,
) {
  const moves: ManyMoveInput[] = [];
  const marks: { item: Sent; situacao: "pago" | "recusado" }[] = [];
  for (const { entry, item } of entries) {
    const done = decide(entry, item, today);
    const who = {
      tipo: item.kind as RequestKind,
      id: item.solicitacaoId,
      nome: item.nome,
      valor: numericToCents(item.valor),
    };
    if (done.bucket === "agendados") {
      answer.agendados += 1;
      continue;
    }
    moves.push(done.move);
    marks.push({ item, situacao: done.situacao });
    if (done.bucket === "pagos") answer.pagos.push(who);
    else answer.recusados.push({ ...who, motivo: done.motivo });
  }
  await moveAll(moves);
  await markItems(tx, marks);
}

export function createBankReturns(deps: BankDeps) {
  async function read(context: SignedInContext, bytes: Buffer): Promise<ReturnResult> {
    financeDesk(context);
    // CNAB 240 files are ISO-8859-1 (FEBRABAN's layout): every byte is a character.
    const parsed = readReturn(bytes.toString("latin1"));
    if (!parsed.ok) throw invalid(parsed.message);
    const hash = createHash("sha256").update(bytes).digest("hex");
    const earlier = await findReturn(deps.db, hash, parsed.fileKey);
    if (earlier) return repeated(earlier.recebidoEm);
    const today = todayOf(deps);
    const result = await deps.desk.bankMoves(context, async (tx, moveAll) => {
      const stored = await insertReturn(tx, {
        hash,
        chave: parsed.fileKey,
        recebidoPor: context.user.id,
        resumo: {},
      });
      // Read by someone else at the same moment: theirs counts, this one changes nothing.
      if (!stored) return null;
      const answer: ReturnResult = {
        jaLido: false,
        recebidoEm: stored.recebidoEm.toISOString(),
        pagos: [],
        recusados: [],
        agendados: 0,
        naoReconhecidos: parsed.unknownLines.map((l) => ({ linha: l.lineNumber, motivo: l.reason })),
      };
      const sent = new Map(
        (
          await sentItemsByReference(
            tx,
            parsed.entries.map((e) => e.reference),
          )
        ).map((s) => [s.referencia, s]),
      );
      const known: { entry: ReturnEntry; item: Sent }[] = [];
      for (const entry of parsed.entries) {
        const item = sent.get(entry.reference);
        if (!item) {
          answer.naoReconhecidos.push({
            linha: entry.lineNumber,
            motivo: `O pagamento ${entry.reference} não está entre os enviados ao banco (já lido, ou de outro sistema).`,
          });
          continue;
        }
        sent.delete(entry.reference);
        // Settled by hand meanwhile ('Marcar como pago'): the bank's word is shown, not applied over a person's.
        if (item.status !== "enviado_ao_banco") {
          answer.naoReconhecidos.push({
            linha: entry.lineNumber,
            motivo: `O pagamento a ${item.nome} já não estava com o banco (${requestStateLabel(item.status)}): nada mudou nele.`,
          });
          continue;
        }
        known.push({ entry, item });
      }
      await record(tx, moveAll, known, answer, today);
      await saveReturnSummary(tx, stored.id, answer);
      return answer;
    });
    if (!result) {
      const winner = await findReturn(deps.db, hash, parsed.fileKey);
      return repeated(winner?.recebidoEm ?? new Date());
    }
    context.log.info(
      { paid: result.pagos.length, refused: result.recusados.length, unknown: result.naoReconhecidos.length },
      "bank return file read",
    );
    return result;
  }

  return { read };
}

/** A file read before: nothing changes, and the page says when it was read. */
function repeated(at: Date): ReturnResult {
  return {
    jaLido: true,
    recebidoEm: at.toISOString(),
    pagos: [],
    recusados: [],
    agendados: 0,
    naoReconhecidos: [{ linha: null, motivo: bankMessages.returnAlreadyRead(whenRead(at)) }],
  };
}
