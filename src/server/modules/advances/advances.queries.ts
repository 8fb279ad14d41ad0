import { and, eq, sql } from "drizzle-orm";
import { isOverdue, settlementDeadline } from "@/domain/requests/kinds/adiantamento";
import type { Executor } from "../../db/client";
import { requests } from "../../db/schema";
import { findPayingAccount } from "../bank/bank.queries";
import { updateValues } from "../requests/request-store";

/*
 * What a cash advance's settlement reads and writes beyond the review desk's moves
 * (docs/decisions/067): its own fields in the request's `dados`, the person's advances still
 * waiting for their receipts, and the agency's paying account (whose CNPJ receives what is returned).
 */

/** Writes the settlement's fields on the advance, in the move's transaction. */
export async function saveSettlement(tx: Executor, id: string, values: Record<string, unknown>) {
  if (!Object.keys(values).length) return;
  await tx.update(requests).set(updateValues("adiantamento", values)).where(eq(requests.id, id));
}

/**
 * The person's first advance past its deadline (the deadline Financeiro set, or the default after
 * the payment), or null. `lock`: first holds the person's advance lock for the transaction, so two
 * asks at once wait for each other (the guard of a new advance).
 */
export async function overdueAdvance(
  db: Executor,
  userId: string,
  today: string,
  options: { lock?: boolean } = {},
): Promise<{ id: string; deadline: string } | null> {
  if (options.lock)
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`adiantamento:${userId}`}))`);
  const waiting = await db
    .select({
      id: requests.id,
      paidOn: requests.pagoEm,
      set: sql<string | null>`${requests.dados} ->> 'prazoPrestacao'`,
    })
    .from(requests)
    .where(
      and(
        eq(requests.kind, "adiantamento"),
        eq(requests.userId, userId),
        eq(requests.status, "aguardando_prestacao"),
      ),
    )
    .orderBy(requests.createdAt);
  for (const row of waiting) {
    const deadline = settlementDeadline(row.paidOn, row.set);
    if (deadline && isOverdue("aguardando_prestacao", deadline, today)) return { id: row.id, deadline };
  }
  return null;
}

/** Who receives a returned balance: the agency's paying account ('Conta pagadora'), if set. */
export async function agencyPayee(db: Executor) {
  const account = await findPayingAccount(db);
  return account ? { key: account.cnpj, name: account.razaoSocial } : null;
}
