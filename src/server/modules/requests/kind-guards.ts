import { sql } from "drizzle-orm";
import { receiptAlreadyUsedMessage } from "@/domain/receipts";
import type { RequestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { RECEIPT_KEY_INDEX, requests } from "../../db/schema";
import { fieldError } from "../../http/errors";

/*
 * What a kind refuses that only the database can tell: run in the transaction that stores a new
 * request or an edited one (`self`), before the row is written. A unique index stands behind each
 * check, so two sends at once cannot both pass; `whenRaced` gives the same answer then.
 */

type KindGuard = {
  check: (db: Executor, record: Readonly<Record<string, unknown>>, self: string | null) => Promise<void>;
  /** The index whose violation means the check lost a race. */
  index: string;
};

/**
 * A note reimburses once: its key on another reimbursement that was not refused or cancelled,
 * anyone's, is refused, saying when that one was sent and nothing of whose it is.
 */
async function receiptNotUsedElsewhere(
  db: Executor,
  record: Readonly<Record<string, unknown>>,
  self: string | null,
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

const KIND_GUARDS: Partial<Record<RequestKind, KindGuard>> = {
  reembolso: { check: receiptNotUsedElsewhere, index: RECEIPT_KEY_INDEX },
};

/** The kind's checks of `record` before it is stored (`self`: the request being edited). */
export async function guardKind(
  db: Executor,
  kind: RequestKind,
  record: Readonly<Record<string, unknown>>,
  self: string | null,
) {
  await KIND_GUARDS[kind]?.check(db, record, self);
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
  self: string | null,
): Promise<never> {
  const guard = KIND_GUARDS[kind];
  if (guard && isUniqueViolation(err, guard.index)) await guard.check(db, record, self);
  throw err;
}
