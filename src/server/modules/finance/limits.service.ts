import {
  type ExpenseLimits,
  expenseTypesOf,
  KINDS_WITH_LIMITS,
  limitMessages,
} from "@/domain/finance/limits-api";
import type { RequestKind } from "@/domain/requests/kinds";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { LiveEvent, Topic } from "../../live/bus";
import { listLimits, removeLimit, saveLimit } from "./limits.queries";

/** A kind paid by finance and one of its expense types, or 404/400. */
function checkType(kind: RequestKind, type: string) {
  if (!KINDS_WITH_LIMITS.includes(kind)) throw notFound();
  if (!expenseTypesOf(kind).some((o) => o.value === type))
    throw new AppError(
      400,
      "VALIDATION",
      { title: "Dados inválidos", description: limitMessages.typeUnknown },
      { tipoDespesa: limitMessages.typeUnknown },
    );
}

/** Monthly limits per person and expense type (docs/decisions/015), set by administrators. */
export function createExpenseLimitsService(deps: { db: Db; bus: Pick<Topic<LiveEvent>, "publish"> }) {
  const { db } = deps;
  // A limit changes the flags 'Caixa de entrada' keeps (docs/decisions/046), on every instance.
  const announce = (context: SignedInContext) =>
    deps.bus
      .publish({ type: "limites" })
      .catch((err) => context.log.warn({ err }, "live event not published: cached flags may lag a limit"));

  async function list(): Promise<ExpenseLimits> {
    const rows = await listLimits(db);
    return {
      limites: rows.map((l) => ({
        tipo: l.kind as RequestKind,
        tipoDespesa: l.expenseType,
        limite: l.monthlyLimitCents,
      })),
    };
  }

  async function set(context: SignedInContext, kind: RequestKind, expenseType: string, cents: number) {
    checkType(kind, expenseType);
    await saveLimit(db, kind, expenseType, cents);
    context.log.info({ kind, expenseType }, "expense limit set");
    await announce(context);
    return { tipo: kind, tipoDespesa: expenseType, limite: cents };
  }

  async function remove(context: SignedInContext, kind: RequestKind, expenseType: string) {
    checkType(kind, expenseType);
    if (!(await removeLimit(db, kind, expenseType))) throw notFound();
    await announce(context);
  }

  return { list, set, remove };
}

export type ExpenseLimitsService = ReturnType<typeof createExpenseLimitsService>;
