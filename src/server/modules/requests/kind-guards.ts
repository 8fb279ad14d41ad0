import { sql } from "drizzle-orm";
import { receiptAlreadyUsedMessage } from "@/domain/receipts";
import type { RequestKind } from "@/domain/requests/kinds";
import { absenceMessages } from "@/domain/requests/kinds/ausencia";
import type { Executor } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { RECEIPT_KEY_INDEX, requests } from "../../db/schema";
import { fieldError } from "../../http/errors";
import { fieldSql } from "./request-store";

/*
 * What a kind refuses that only the database can tell: run in the transaction that stores a new
 * request or an edited one (`self`), before the row is written. Two sends at once cannot both
 * pass: a unique index stands behind the check (and `whenRaced` gives the same answer then), or the
 * check first takes a lock the other send waits on, so that it sees the other once committed.
 */

/** Whose request it is, and which one is being edited (null: a new one). */
export type GuardedRequest = { self: string | null; userId: string };

/** What a guard adds to the record it passed: fields only the database can give (none: undefined). */
type GuardedFields = Record<string, unknown> | undefined;

type Check = (
  db: Executor,
  record: Readonly<Record<string, unknown>>,
  who: GuardedRequest,
) => Promise<GuardedFields>;

/**
 * The checks a module above this one adds under a kind's guard: the CLT's vacation rules
 * (modules/time-off) for an absence, run under its lock; a kind without a guard here has its
 * module's alone (a cash advance refused while another is overdue, modules/advances).
 * Given, never imported (docs/decisions/035).
 */
export type { Check as KindCheck };
export type MoreGuards = Partial<Record<RequestKind, Check>>;

type KindGuard = {
  check: (
    db: Executor,
    record: Readonly<Record<string, unknown>>,
    who: GuardedRequest,
    more: MoreGuards,
    // biome-ignore lint/suspicious/noConfusingVoidType: a check that changes nothing is an async function that returns nothing.
  ) => Promise<GuardedFields | void>;
  /** The index whose violation means the check lost a race (none: the check locks). */
  index?: string;
};

/**
 * A note reimburses once: its key on another reimbursement that was not refused or cancelled,
 * anyone's, is refused, saying when that one was sent and nothing of whose it is.
 */
async function receiptNotUsedElsewhere(
  db: Executor,
  record: Readonly<Record<string, unknown>>,
  { self }: GuardedRequest,
) {
  const key = record.chaveNota;
  if (typeof key !== "string" || key === "") return;
  const found = await db.execute(sql`
    select to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as sent_on
    from ${requests}
    where kind = 'reembolso' and dados->>'chaveNota' = ${key}
      and status not in ('cancelada', 'recusado')
      ${self ? sql`and id <> ${self}` : sql``}
    order by created_at limit 1`);
  const sentOn = (found.rows[0] as { sent_on?: string } | undefined)?.sent_on;
  if (sentOn) throw fieldError("chaveNota", receiptAlreadyUsedMessage(sentOn));
}

/**
 * A person is away once at a time: an absence that overlaps another of theirs, pending or
 * approved, is refused. No index can say "overlaps" over dates kept in `dados`, so the check holds
 * a lock on the person for the rest of the transaction: a second send at the same moment, from any
 * instance, waits for the first to commit and then sees it. Under the same lock, a 'Férias' one is
 * held to the CLT's rules and gains the acquisition period it draws from (docs/decisions/060).
 */
async function absenceDoesNotOverlap(
  db: Executor,
  record: Readonly<Record<string, unknown>>,
  { self, userId }: GuardedRequest,
  more: MoreGuards,
) {
  const first = record.primeiroDia;
  const last = record.ultimoDia;
  if (typeof first !== "string" || typeof last !== "string") return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ausencia:${userId}`}))`);
  const found = await db.execute(sql`
    select 1 from ${requests} r
    where r.kind = 'ausencia' and r.user_id = ${userId} and r.status not in ('recusado', 'cancelada')
      and ${fieldSql("ausencia", "primeiroDia")} <= ${last} and ${fieldSql("ausencia", "ultimoDia")} >= ${first}
      ${self ? sql`and r.id <> ${self}` : sql``}
    limit 1`);
  if (found.rows.length) throw fieldError("ultimoDia", absenceMessages.overlap);
  return more.ausencia?.(db, record, { self, userId });
}

const KIND_GUARDS: Partial<Record<RequestKind, KindGuard>> = {
  reembolso: { check: receiptNotUsedElsewhere, index: RECEIPT_KEY_INDEX },
  ausencia: { check: absenceDoesNotOverlap },
};

/**
 * The kind's checks of `record` before it is stored (`self`: the request being edited); answers
 * the fields the guard adds to it, to be stored with it.
 */
export async function guardKind(
  db: Executor,
  kind: RequestKind,
  record: Readonly<Record<string, unknown>>,
  who: GuardedRequest,
  more: MoreGuards = {},
): Promise<Record<string, unknown>> {
  const guard = KIND_GUARDS[kind];
  if (!guard) return (await more[kind]?.(db, record, who)) ?? {};
  return (await guard.check(db, record, who, more)) ?? {};
}

/**
 * After a failed store: when it broke a guard's index (another send won the race), the guard's
 * own answer, asked again now that the winner is committed; otherwise the error as it was.
 */
export async function whenRaced(
  err: unknown,
  db: Executor,
  kind: RequestKind,
  record: Readonly<Record<string, unknown>>,
  who: GuardedRequest,
): Promise<never> {
  const guard = KIND_GUARDS[kind];
  if (guard?.index && isUniqueViolation(err, guard.index)) await guard.check(db, record, who, {});
  throw err;
}
