import { acquisitionPeriods, daysBetween } from "@/domain/time-off/acquisition";
import { timeOffMessages } from "@/domain/time-off/messages";
import { personBalance, type StoredVacation } from "@/domain/time-off/stored-vacations";
import {
  type AbsenceOverlap,
  balanceView,
  compareTeamBalances,
  type TeamBalances,
  type TeamMemberBalance,
  type VacationNotice,
} from "@/domain/time-off/vacation-api";
import { NOTICE_DAYS } from "@/domain/time-off/vacation-rules";
import type { Executor } from "../../db/client";
import { everyVacation, type StoredVacationRow, storedOverlaps, teamPeople } from "./time-off.queries";

/*
 * 'Férias da equipe' (docs/decisions/060): everyone's balance in three statements whatever the
 * number of people (the people with their admission dates and absences, every 'Férias' request
 * that counts, the overlaps), computed here by the same pure functions as a person's own.
 */

const arrayOf = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean);

export function balanceOf(
  admission: string | null,
  unjustified: readonly string[],
  vacations: readonly StoredVacation[],
  today: string,
) {
  if (!admission) return balanceView(null, null);
  return balanceView(admission, personBalance({ admission, today, unjustified, vacations }));
}

/** Art. 135 and 137 on the requests not yet decided: what RH is told, not refused. */
function noticesOf(
  rows: readonly StoredVacationRow[],
  admissionOf: ReadonlyMap<string, string>,
  names: ReadonlyMap<string, string>,
): VacationNotice[] {
  const found: VacationNotice[] = [];
  for (const row of rows) {
    if (row.status === "aprovado") continue;
    const avisos: string[] = [];
    if (daysBetween(row.createdOn, row.first) < NOTICE_DAYS) avisos.push(timeOffMessages.shortNotice);
    const admission = admissionOf.get(row.userId);
    const period =
      admission && row.periodStart
        ? acquisitionPeriods(admission, row.periodStart).find((p) => p.start === row.periodStart)
        : undefined;
    if (period && row.last > period.concessionEnd) avisos.push(timeOffMessages.afterConcession);
    if (avisos.length) {
      found.push({
        id: row.id,
        nome: names.get(row.userId) ?? "",
        primeiroDia: row.first,
        ultimoDia: row.last,
        avisos,
      });
    }
  }
  return found.sort((a, b) => a.primeiroDia.localeCompare(b.primeiroDia));
}

function overlapOf(row: Record<string, string>): AbsenceOverlap {
  return {
    nome: row.name || row.email!,
    email: row.email!,
    primeira: { id: row.a_id!, primeiroDia: row.a_first!, ultimoDia: row.a_last!, status: row.a_status! },
    segunda: { id: row.b_id!, primeiroDia: row.b_first!, ultimoDia: row.b_last!, status: row.b_status! },
  };
}

/** Everyone's balance for RH, expiring first; the overlaps; the notices. */
export async function teamBalances(db: Executor, day: string): Promise<TeamBalances> {
  const [people, vacations, overlaps] = await Promise.all([
    teamPeople(db),
    everyVacation(db),
    storedOverlaps(db),
  ]);
  const byUser = new Map<string, StoredVacationRow[]>();
  for (const row of vacations) {
    const list = byUser.get(row.userId);
    if (list) list.push(row);
    else byUser.set(row.userId, [row]);
  }
  const admissionOf = new Map<string, string>();
  const names = new Map<string, string>();
  const pessoas = people.map((p): TeamMemberBalance => {
    if (p.user_id && p.admission) admissionOf.set(p.user_id, p.admission);
    if (p.user_id) names.set(p.user_id, p.name || p.email);
    const unjustified = arrayOf(p.absences);
    return {
      email: p.email,
      nome: p.name || null,
      faltas: unjustified.length,
      ...balanceOf(p.admission, unjustified, (p.user_id && byUser.get(p.user_id)) || [], day),
    };
  });
  return {
    pessoas: pessoas.sort(compareTeamBalances),
    sobreposicoes: overlaps.map(overlapOf),
    avisos: noticesOf(vacations, admissionOf, names),
  };
}
