import {
  duplicateAttachment,
  duplicateByFacts,
  type Flag,
  type FlagSubject,
  firstRequest,
  overMonthlyLimit,
  pixKeyChanged,
  receiptFromAnotherMonth,
} from "@/domain/finance/flags";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { optionLabel } from "@/domain/requests/options";
import type { Executor } from "../../db/client";
import { numericToCents } from "../requests/money-column";
import { flagFacts } from "./finance.queries";
import type { FlagsCache } from "./flags-cache";

type Subject = FlagSubject & {
  createdAt: Date;
  expenseType: string;
  month: string;
  pixKey: string | null;
  receiptKey: string | null;
};

/**
 * The flags of some requests of one paid kind (docs/decisions/015), by id:
 * the facts of one statement (finance.queries.ts) judged by the domain's rules.
 */
export async function flagsFor(db: Executor, kind: RequestKind, ids: readonly string[]) {
  const flags = new Map<string, Flag[]>();
  const payment = requestKind(kind).payment;
  const facts = await flagFacts(db, kind, ids);
  if (!payment || !facts) return flags;
  const subjects = facts.subjects.map(
    (r): Subject => ({
      id: r.id,
      userId: r.user_id,
      createdAt: new Date(r.created_at),
      amountCents: numericToCents(r.amount),
      expenseDate: r.expense_date,
      expenseType: r.expense_type,
      month: r.month,
      pixKey: r.pix_key || null,
      receiptKey: r.receipt_key || null,
    }),
  );
  const others = facts.sameFacts.map((r) => ({
    id: r.id,
    userId: r.user_id,
    amountCents: numericToCents(r.amount),
    expenseDate: r.expense_date,
  }));
  const limitOf = new Map(facts.limits.map((r) => [r.expense_type, Number(r.monthly_limit_cents)]));
  const totalOf = new Map(
    facts.totals.map((r) => [`${r.user_id}|${r.expense_type}|${r.month}`, numericToCents(r.total)]),
  );
  const firstOf = new Map(facts.firsts.map((r) => [r.user_id, r.id]));
  const paidKeyOf = new Map(facts.lastPaid.map((r) => [r.user_id, r]));

  for (const s of subjects) {
    const paid = paidKeyOf.get(s.userId);
    const found = [
      duplicateByFacts(s, others),
      duplicateAttachment(
        facts.sameBytes
          .filter((b) => b.id === s.id)
          .map((b) => ({ fileName: b.file_name, requests: b.requests })),
      ),
      overMonthlyLimit(
        totalOf.get(`${s.userId}|${s.expenseType}|${s.month}`) ?? 0,
        limitOf.get(s.expenseType),
        optionLabel(payment.expenseTypeOptions, s.expenseType),
        s.month,
      ),
      firstRequest(firstOf.get(s.userId) === s.id, requestKind(kind).label),
      paid && paid.id !== s.id ? pixKeyChanged(s.pixKey, paid.pix_key || null) : null,
      receiptFromAnotherMonth(s.receiptKey, s.expenseDate),
    ].filter((f): f is Flag => f !== null);
    flags.set(s.id, found);
  }
  return flags;
}

/**
 * The flags of a page of requests of any kinds (the queue's), a statement per paid kind present;
 * with a cache, only for the requests it does not hold (docs/decisions/046).
 */
export async function flagsOfPage(
  db: Executor,
  page: readonly { tipo: RequestKind; id: string }[],
  cache?: FlagsCache,
) {
  const mark = cache?.mark() ?? 0;
  const kept = new Map<string, Flag[]>();
  for (const r of page) {
    const flags = cache?.get(r.id);
    if (flags) kept.set(r.id, flags);
  }
  const missing = page.filter((r) => !kept.has(r.id) && requestKind(r.tipo).payment);
  const kinds = [...new Set(missing.map((r) => r.tipo))];
  const found = await Promise.all(
    kinds.map((k) =>
      flagsFor(
        db,
        k,
        missing.filter((r) => r.tipo === k).map((r) => r.id),
      ),
    ),
  );
  for (const [id, flags] of found.flatMap((m) => [...m])) {
    kept.set(id, flags);
    cache?.set(id, mark, flags);
  }
  return kept;
}
