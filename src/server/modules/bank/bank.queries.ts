import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PayingAccount, PayingAccountInput } from "@/domain/finance/bank-api";
import { REQUEST_KINDS, requestKind } from "@/domain/requests/kinds";
import { paidStates } from "@/domain/requests/workflow";
import type { Executor } from "../../db/client";
import {
  bankReturns,
  payingAccount,
  reconciliations,
  remittanceItems,
  remittances,
  requests,
  statements,
  users,
} from "../../db/schema";
import { numericToCents } from "../requests/money-column";

/* Paying through the bank (docs/decisions/059): SQL only. */

export async function findPayingAccount(db: Executor): Promise<PayingAccount | null> {
  const [row] = await db.select().from(payingAccount).where(eq(payingAccount.id, 1)).limit(1);
  if (!row) return null;
  const { id: _, atualizadoEm: __, atualizadoPor: ___, ...account } = row;
  return account as PayingAccount;
}

/** Sets the account; the file counter is kept (a number is never reused). */
export async function savePayingAccount(
  db: Executor,
  account: Omit<PayingAccountInput, "agenciaDigito"> & { agenciaDigito: string | null },
  by: string,
) {
  const values = { ...account, atualizadoPor: by, atualizadoEm: new Date() };
  await db
    .insert(payingAccount)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: payingAccount.id, set: values });
}

/** Takes the next file number, locking the account until the transaction ends: numbers never repeat. */
export async function takeFileNumber(tx: Executor): Promise<number | null> {
  const [row] = await tx
    .update(payingAccount)
    .set({ proximoArquivo: sql`${payingAccount.proximoArquivo} + 1` })
    .where(eq(payingAccount.id, 1))
    .returning({ next: payingAccount.proximoArquivo });
  return row ? row.next - 1 : null;
}

export async function insertRemittance(
  tx: Executor,
  remittance: typeof remittances.$inferInsert,
  items: Omit<typeof remittanceItems.$inferInsert, "remessaId">[],
) {
  const [row] = await tx.insert(remittances).values(remittance).returning();
  await tx.insert(remittanceItems).values(items.map((item) => ({ ...item, remessaId: row!.id })));
  return row!;
}

const summaryColumns = {
  id: remittances.id,
  numero: remittances.numero,
  nomeArquivo: remittances.nomeArquivo,
  perfil: remittances.perfil,
  dataPagamento: remittances.dataPagamento,
  quantidade: remittances.quantidade,
  total: remittances.total,
  criadaEm: remittances.criadaEm,
};

export function summaryOf(row: {
  id: string;
  numero: number;
  nomeArquivo: string;
  perfil: string;
  dataPagamento: string;
  quantidade: number;
  total: string;
  criadaEm: Date;
}) {
  return { ...row, total: numericToCents(row.total), criadaEm: row.criadaEm.toISOString() };
}

export async function recentRemittances(db: Executor, limit: number) {
  const rows = await db
    .select(summaryColumns)
    .from(remittances)
    .orderBy(desc(remittances.numero))
    .limit(limit);
  return rows.map(summaryOf);
}

export async function findRemittanceFile(db: Executor, id: string) {
  const [row] = await db
    .select({ nomeArquivo: remittances.nomeArquivo, conteudo: remittances.conteudo })
    .from(remittances)
    .where(eq(remittances.id, id))
    .limit(1);
  return row ?? null;
}

/** The payments still with the bank under these references, with their requester's name. */
export async function sentItemsByReference(tx: Executor, references: readonly string[]) {
  if (!references.length) return [];
  return tx
    .select({
      remessaId: remittanceItems.remessaId,
      solicitacaoId: remittanceItems.solicitacaoId,
      referencia: remittanceItems.referencia,
      valor: remittanceItems.valor,
      kind: requests.kind,
      status: requests.status,
      nome: users.name,
    })
    .from(remittanceItems)
    .innerJoin(requests, eq(requests.id, remittanceItems.solicitacaoId))
    .innerJoin(users, eq(users.id, requests.userId))
    .where(
      and(inArray(remittanceItems.referencia, [...references]), eq(remittanceItems.situacao, "enviado")),
    );
}

/** The items' situations after a return file, one statement per situation. */
export async function markItems(
  tx: Executor,
  marks: readonly { item: { remessaId: string; solicitacaoId: string }; situacao: "pago" | "recusado" }[],
) {
  for (const situacao of ["pago", "recusado"] as const) {
    const items = marks.filter((m) => m.situacao === situacao).map((m) => m.item);
    if (!items.length) continue;
    await tx
      .update(remittanceItems)
      .set({ situacao })
      .where(
        sql`(${remittanceItems.remessaId}, ${remittanceItems.solicitacaoId}) in (${sql.join(
          items.map((item) => sql`(${item.remessaId}::uuid, ${item.solicitacaoId}::uuid)`),
          sql`, `,
        )})`,
      );
  }
}

/** Records a return file; null when it (by bytes or by the bank's identity) was read before. */
export async function insertReturn(tx: Executor, row: typeof bankReturns.$inferInsert) {
  const [inserted] = await tx.insert(bankReturns).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** What a return file did, kept with it. */
export async function saveReturnSummary(tx: Executor, id: string, resumo: Record<string, unknown>) {
  await tx.update(bankReturns).set({ resumo }).where(eq(bankReturns.id, id));
}

export async function findReturn(db: Executor, hash: string, key: string) {
  const [row] = await db
    .select()
    .from(bankReturns)
    .where(sql`${bankReturns.hash} = ${hash} or ${bankReturns.chave} = ${key}`)
    .limit(1);
  return row ?? null;
}

export async function insertStatement(db: Executor, row: typeof statements.$inferInsert) {
  const [inserted] = await db.insert(statements).values(row).returning({ id: statements.id });
  return inserted!.id;
}

export async function findStatement(db: Executor, id: string) {
  const [row] = await db.select().from(statements).where(eq(statements.id, id)).limit(1);
  return row ?? null;
}

/**
 * The states of a payment a statement's debit may be: sent to the bank, or any state a payment
 * leads to (a cash advance stays paid while it is settled, docs/decisions/067).
 */
const SETTLED = ["enviado_ao_banco", "pago"];
const PAID_LATER = REQUEST_KINDS.flatMap((kind) =>
  paidStates([requestKind(kind).workflow])
    .filter((state) => !SETTLED.includes(state))
    .map((state) => ({ kind, state })),
);
export const RECONCILABLE_STATES: readonly string[] = [...SETTLED, ...PAID_LATER.map((p) => p.state)];

/** Two arms, each read by an index: the partial index of sent and paid ones, and the kind's. */
const reconcilableState = PAID_LATER.length
  ? sql`(r.status in ('enviado_ao_banco', 'pago') or (r.kind, r.status) in (${sql.join(
      PAID_LATER.map((p) => sql`(${p.kind}, ${p.state})`),
      sql`, `,
    )}))`
  : sql`r.status in ('enviado_ao_banco', 'pago')`;

/** The payments a statement's debits may be: sent to the bank or paid, not reconciled yet, recent. */
export async function reconcilablePayments(db: Executor, kinds: readonly string[], since: string) {
  if (!kinds.length) return [];
  const rows = await db.execute(sql`
    select r.id, r.kind, u.name as nome, coalesce(r.valor_aprovado, r.valor)::text as valor,
      coalesce(r.pago_em::text, rm.data_pagamento::text,
        to_char(r.status_changed_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')) as data,
      (select ri.referencia from remessa_itens ri where ri.solicitacao_id = r.id
        order by ri.remessa_id limit 1) as referencia
    from ${requests} r
    join ${users} u on u.id = r.user_id
    left join lateral (select rb.data_pagamento from remessa_itens ri
      join remessas_bancarias rb on rb.id = ri.remessa_id
      where ri.solicitacao_id = r.id order by rb.numero desc limit 1) rm on true
    where r.kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})
      and ${reconcilableState}
      and not exists (select 1 from ${reconciliations} c where c.solicitacao_id = r.id)
      and coalesce(r.pago_em, (r.status_changed_at at time zone 'America/Sao_Paulo')::date) >= ${since}::date
      -- Implied by the line above (a payment is never dated after it is marked), and what the index reads.
      and r.status_changed_at >= (${since}::date)::timestamp at time zone 'America/Sao_Paulo'
    order by r.status_changed_at`);
  return (
    rows.rows as {
      id: string;
      kind: string;
      nome: string;
      valor: string;
      data: string;
      referencia: string | null;
    }[]
  ).map((r) => ({ ...r, valor: numericToCents(r.valor) }));
}

export async function insertReconciliation(tx: Executor, row: typeof reconciliations.$inferInsert) {
  const [inserted] = await tx.insert(reconciliations).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findReconciliation(db: Executor, conta: string, fitid: string, requestId: string) {
  const [row] = await db
    .select({ fitid: reconciliations.fitid, solicitacaoId: reconciliations.solicitacaoId })
    .from(reconciliations)
    .where(
      sql`(${reconciliations.conta} = ${conta} and ${reconciliations.fitid} = ${fitid}) or ${reconciliations.solicitacaoId} = ${requestId}`,
    )
    .limit(1);
  return row ?? null;
}
