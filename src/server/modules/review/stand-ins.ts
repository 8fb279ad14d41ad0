import { todayInSaoPaulo } from "@/domain/dates";
import type { Person, RequestRow } from "@/domain/requests/access";
import type { RequestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { findRequest } from "../requests/requests.queries";
import { findUsers } from "./review.queries";
import { standInsOf } from "./stand-ins.queries";

/*
 * An approver away does not hold a request (docs/decisions/060): whoever they chose as 'Substituto'
 * may give the second approval awaited from their team in their stead, while they are away. The
 * review desk adds these stand-ins to the person for the request or the queue at hand only; the
 * export and the Painel read the person's own teams.
 */

/** `person`, standing in for the request's awaited (or approving) team when they are not its member. */
export async function withStandInsFor<P extends Person>(
  db: Executor,
  person: P,
  row: Pick<RequestRow, "pendingApprovalTeamId" | "approvalTeamId">,
  now: Date,
): Promise<P> {
  const teams = [row.pendingApprovalTeamId, row.approvalTeamId].filter(
    (id): id is string => typeof id === "string" && !person.teams.some((t) => t.id === id),
  );
  if (!teams.length) return person;
  const standsIn = await standInsOf(db, person.id, todayInSaoPaulo(now), teams);
  return standsIn.length ? { ...person, standsIn } : person;
}

/** `person` as the desk reads them for request `id` of `kind` (with its stand-ins), whether or not it exists. */
export async function readerOf<P extends Person>(
  db: Executor,
  person: P,
  kind: RequestKind,
  id: string,
  now: Date,
): Promise<P> {
  const row = await findRequest(db, kind, id);
  return row ? withStandInsFor(db, person, row, now) : person;
}

/**
 * Whom `user` stands in for on `row` (decision 060): the away reviewer who had it, while it is still
 * handed over, or the away approvers whose second approval a stand-in gives.
 */
export async function awayNameOf(
  tx: Executor,
  user: Person,
  row: RequestRow,
  standingInFor: readonly string[],
): Promise<string | null> {
  const handedOver = typeof row.substitutingId === "string" && row.assigneeId === user.id;
  const away = handedOver ? [row.substitutingId as string] : standingInFor;
  if (!away.length) return null;
  const people = await findUsers(tx, away);
  return people.length ? people.map((p) => p.name || p.email).join(" e ") : null;
}
