import { bankMessages } from "@/domain/finance/bank-api";
import { paidKindsOf } from "@/domain/finance/finance-desk";
import type { RequestKind } from "@/domain/requests/kinds";
import type { RequestState } from "@/domain/requests/workflow";
import type { Db, Executor } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { BankMoves } from "../review/review.service";

/** What the bank's services use: the database, the review desk's moves and queue, the office, the clock. */
export type BankDeps = {
  db: Db;
  desk: {
    bankMoves: <T>(
      context: SignedInContext,
      work: (tx: Executor, moveAll: BankMoves) => Promise<T>,
    ) => Promise<T>;
    queued: (
      person: SignedInContext["user"],
      kind: RequestKind,
      status: RequestState,
      limit: number,
    ) => Promise<{ id: string }[]>;
  };
  office: { city: string };
  clock?: () => Date;
};

/** The paid kinds the signed-in person pays, or 403: the bank's pages are Finance's alone. */
export function financeDesk(context: SignedInContext): RequestKind[] {
  const kinds = paidKindsOf(context.user);
  if (!kinds.length) {
    context.log.warn({ userId: context.user.id }, "bank access refused: not a payer");
    throw new AppError(403, "FORBIDDEN", { title: "Acesso negado", description: bankMessages.notFinance });
  }
  return kinds;
}
