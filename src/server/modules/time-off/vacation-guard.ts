import { todayInSaoPaulo } from "@/domain/dates";
import { httpMessages } from "@/domain/messages";
import { isOfficeHoliday } from "@/domain/sla/holidays";
import type { Problem } from "@/domain/time-off/messages";
import { timeOffMessages } from "@/domain/time-off/messages";
import { judgeVacation } from "@/domain/time-off/stored-vacations";
import { startBreaksRestRule } from "@/domain/time-off/vacation-rules";
import type { Executor } from "../../db/client";
import { AppError } from "../../http/errors";
import { staffRecordOfUser, unjustifiedDaysOf, vacationsOf } from "./time-off.queries";

/*
 * The CLT's rules on a new or edited 'Férias' absence (docs/decisions/060), run by the absence's
 * kind guard (src/server/modules/requests/kind-guards.ts) after the no-overlap check, inside the same
 * transaction and under the same per-person lock: two requests sent at once are judged one after
 * the other, each seeing the other's days. Without an admission date only the start rule applies.
 */

/** The form field each refusal is shown on. */
const FIELD_OF: Record<Problem["code"], string> = {
  noEntitlement: "ultimoDia",
  tooManySlices: "ultimoDia",
  sliceTooShort: "ultimoDia",
  noLongSlice: "ultimoDia",
  leftoverUnusable: "ultimoDia",
  startBeforeRest: "primeiroDia",
  overBalance: "ultimoDia",
  notYetAcquired: "primeiroDia",
  tooMuchSold: "diasVendidos",
  abonoLate: "diasVendidos",
  shortNotice: "primeiroDia",
  afterConcession: "ultimoDia",
};

/** 400 naming every rule broken, each on its field (the first one a field breaks), the first as the answer's text. */
function refused(problems: readonly Problem[]): AppError {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[FIELD_OF[problem.code]] ??= problem.message;
  return new AppError(
    400,
    "VACATION_RULES",
    { title: httpMessages.badRequest, description: problems[0]!.message },
    fields,
  );
}

/** Answers what the record gains: the first day of the acquisition period it draws from. */
export async function vacationGuard(
  db: Executor,
  record: Readonly<Record<string, unknown>>,
  who: { self: string | null; userId: string },
): Promise<{ periodoAquisitivo: string | null }> {
  const { primeiroDia: first, ultimoDia: last } = record;
  if (record.tipo !== "ferias" || typeof first !== "string" || typeof last !== "string") {
    return { periodoAquisitivo: null };
  }
  const soldDays = Number(record.diasVendidos ?? 0) || 0;
  const person = await staffRecordOfUser(db, who.userId);
  if (!person?.admission) {
    if (startBreaksRestRule(first, isOfficeHoliday)) {
      throw refused([{ code: "startBeforeRest", message: timeOffMessages.startBeforeRest }]);
    }
    return { periodoAquisitivo: null };
  }
  const [unjustified, stored] = await Promise.all([
    unjustifiedDaysOf(db, person.email),
    vacationsOf(db, who.userId),
  ]);
  const self = stored.find((one) => one.id === who.self);
  // An edit that keeps its abono keeps the day it was asked (art. 143, paragraph 1).
  const abonoAskedOn = self && self.soldDays > 0 && soldDays > 0 ? self.createdOn : undefined;
  const { check, periodStart } = judgeVacation({
    admission: person.admission,
    today: todayInSaoPaulo(),
    unjustified,
    vacations: stored.filter((one) => one.id !== who.self),
    candidate: { first, last, soldDays },
    isHoliday: isOfficeHoliday,
    ...(abonoAskedOn ? { abonoAskedOn } : {}),
  });
  if (check.refusals.length) throw refused(check.refusals);
  return { periodoAquisitivo: periodStart };
}
