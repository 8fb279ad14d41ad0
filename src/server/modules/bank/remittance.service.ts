import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import type { PayingAccount, RemittanceInput } from "@/domain/finance/bank-api";
import { bankMessages } from "@/domain/finance/bank-api";
import {
  BANK_PROFILES,
  type BankProfileId,
  buildRemittance,
  type PixPayment,
} from "@/domain/finance/cnab240";
import { paymentReference } from "@/domain/finance/finance-desk";
import { formatBRL } from "@/domain/money";
import { parsePixKey } from "@/domain/pix-key";
import type { RequestRow } from "@/domain/requests/access";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { approvedCents, centsToNumeric } from "../requests/money-column";
import { findUsers } from "../review/review.queries";
import type { BankMoves } from "../review/review.service";
import { findPayingAccount, insertRemittance, summaryOf, takeFileNumber } from "./bank.queries";
import { type BankDeps, financeDesk } from "./bank-deps";

/*
 * 'Gerar arquivo para o banco' (docs/decisions/059): the payments chosen in 'Lote de pagamento'
 * move to 'Enviado ao banco' and go into one CNAB 240 file, in one transaction: every payment is
 * in the file and moved, or none is and nothing changes.
 */

const refused = (description: string, fields?: Record<string, string>) =>
  new AppError(400, "VALIDATION", { title: "Arquivo não gerado", description }, fields);

/** The moved row as the file wants it: who is paid, with which key, how much. */
function paymentOf(kind: RequestKind, row: RequestRow, payee: string, payOn: string): PixPayment {
  const payment = requestKind(kind).payment!;
  const typed = row[payment.pixKey] as string | null;
  const key = typed ? parsePixKey(typed) : null;
  if (!key)
    throw refused(
      `Sem chave PIX válida no pedido de ${payee}: peça a chave e tente de novo. Nada foi enviado.`,
    );
  return {
    reference: paymentReference(row.id),
    payeeName: payee,
    pixKey: key,
    amountCents: approvedCents(row),
    payOn,
  };
}

const payerOf = (account: PayingAccount) => ({
  bankCode: account.banco,
  branch: account.agencia,
  ...(account.agenciaDigito ? { branchDigit: account.agenciaDigito } : {}),
  account: account.conta,
  accountDigit: account.contaDigito,
  companyDocument: account.cnpj,
  companyName: account.razaoSocial,
  agreementCode: account.convenio,
});

/** Moves every chosen payment; any refusal drops the whole file (nothing moves, no number is spent). */
async function moveAll(
  tx: Executor,
  moves: BankMoves,
  input: RemittanceInput,
  note: { remessa: number; banco: string },
) {
  let rows: RequestRow[];
  try {
    rows = await moves(
      input.itens.map((item) => ({
        request: { kind: item.tipo, id: item.id },
        input: { acao: "enviar_ao_banco" as const, versao: item.versao, motivo: undefined },
        note,
      })),
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw new AppError(err.statusCode === 404 ? 404 : 409, "NOT_SENT", {
      title: "Arquivo não gerado",
      description: bankMessages.notPayableNow,
    });
  }
  const users = await findUsers(tx, [...new Set(rows.map((row) => row.userId as string))]);
  const names = new Map(users.map((u) => [u.id, u.name]));
  return rows.map((row, i) => ({
    kind: input.itens[i]!.tipo,
    row,
    payee: names.get(row.userId as string) || "Sem nome",
  }));
}

export function createRemittances(deps: BankDeps) {
  async function create(context: SignedInContext, input: RemittanceInput) {
    financeDesk(context);
    const account = await findPayingAccount(deps.db);
    if (!account) throw refused(bankMessages.noAccount);
    const profile = BANK_PROFILES[account.perfil as BankProfileId];
    const saved = await deps.desk.bankMoves(context, async (tx, moves) => {
      const number = await takeFileNumber(tx);
      if (number === null) throw refused(bankMessages.noAccount);
      const moved = await moveAll(tx, moves, input, { remessa: number, banco: profile.label });
      const payments = moved.map(({ kind, row, payee }) => paymentOf(kind, row, payee, input.dataPagamento));
      const file = buildRemittance({
        profile: profile.id,
        payer: payerOf(account),
        fileNumber: number,
        generatedAt: deps.clock?.() ?? new Date(),
        payments,
      });
      if (!file.ok) throw refused(file.problems.map((p) => p.message).join(" "));
      return insertRemittance(
        tx,
        {
          numero: number,
          perfil: profile.id,
          nomeArquivo: file.fileName,
          conteudo: file.text,
          dataPagamento: input.dataPagamento,
          quantidade: payments.length,
          total: centsToNumeric(file.totalCents),
          criadaPor: context.user.id,
        },
        payments.map((p, i) => ({
          solicitacaoId: moved[i]!.row.id,
          referencia: p.reference,
          valor: centsToNumeric(p.amountCents),
        })),
      );
    });
    context.log.info(
      { remittance: saved.numero, payments: saved.quantidade, profile: saved.perfil },
      "remittance file generated",
    );
    return summaryOf(saved);
  }

  return { create };
}

/** 'R$ 84,36 a Ana Souza, 28/11/2026': how the page names a payment. */
export const paymentLine = (cents: number, name: string, day: string) =>
  `${formatBRL(cents)} a ${name}, ${formatDateBR(day)}`;

/** Today in São Paulo, by the deps' clock. */
export const todayOf = (deps: Pick<BankDeps, "clock">) => todayInSaoPaulo(deps.clock?.() ?? new Date());
