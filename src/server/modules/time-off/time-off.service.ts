import { todayInSaoPaulo } from "@/domain/dates";
import { httpMessages } from "@/domain/messages";
import { admissionMessages, parseAdmissionCsv } from "@/domain/time-off/admission-csv";
import {
  type AdmissionImportResult,
  type AdmissionInput,
  balanceView,
  type UnjustifiedAbsenceInput,
  type VacationBalanceView,
  vacationMessages,
} from "@/domain/time-off/vacation-api";
import type { Db } from "../../db/client";
import { AppError, fieldError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { balanceOf, teamBalances } from "./team-balances";
import {
  clearAdmission,
  deleteUnjustified,
  insertUnjustified,
  listUnjustified,
  setAdmission,
  setAdmissions,
  staffRecordOfUser,
  unjustifiedDaysOf,
  vacationsOf,
} from "./time-off.queries";

/*
 * Vacation balances (docs/decisions/060): a person's own, and everyone's for RH with the absences
 * stored over each other and the open 'Férias' requests RH should look at twice; the admission
 * dates and unjustified absences RH records. Who may call what is the routes' guards: the own
 * balance takes no one's address, so nobody reads another's.
 */

export function createTimeOffService(deps: { db: Db; clock?: () => Date }) {
  const { db } = deps;
  const today = () => todayInSaoPaulo(deps.clock?.() ?? new Date());

  async function ownBalance(context: SignedInContext): Promise<VacationBalanceView> {
    const person = await staffRecordOfUser(db, context.user.id);
    if (!person?.admission) return balanceView(null, null);
    const [unjustified, vacations] = await Promise.all([
      unjustifiedDaysOf(db, person.email),
      vacationsOf(db, context.user.id),
    ]);
    return balanceOf(person.admission, unjustified, vacations, today());
  }

  async function saveAdmission(context: SignedInContext, input: AdmissionInput) {
    if (input.dataAdmissao) await setAdmission(db, input.email, input.dataAdmissao, context.user.id);
    else await clearAdmission(db, input.email);
    context.log.info({ email: input.email, cleared: !input.dataAdmissao }, "admission date saved");
    return { ok: true as const };
  }

  /** All or nothing (admission-csv.ts): a refused line stores nothing, every refused line is named. */
  async function importAdmissions(context: SignedInContext, bytes: Buffer): Promise<AdmissionImportResult> {
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    const parsed = parseAdmissionCsv(text, today());
    if (parsed.fileError) throw fieldError("arquivo", parsed.fileError);
    if (parsed.refused.length) {
      const fields = Object.fromEntries(
        parsed.refused.slice(0, 50).map((r) => [`linha ${r.line}`, r.reason]),
      );
      throw new AppError(
        400,
        "CSV_REFUSED",
        { title: httpMessages.badRequest, description: admissionMessages.csvRefused },
        fields,
      );
    }
    await db.transaction(async (tx) => setAdmissions(tx, parsed.rows, context.user.id));
    context.log.info({ rows: parsed.rows.length }, "admission dates imported");
    return { importadas: parsed.rows.length, mensagem: admissionMessages.imported(parsed.rows.length) };
  }

  async function unjustifiedOf(email: string) {
    return { faltas: await listUnjustified(db, email) };
  }

  async function recordUnjustified(context: SignedInContext, input: UnjustifiedAbsenceInput) {
    const id = await insertUnjustified(db, { ...input, by: context.user.id });
    if (!id)
      throw new AppError(
        409,
        "ALREADY_RECORDED",
        { title: vacationMessages.absenceRepeated },
        { data: vacationMessages.absenceRepeated },
      );
    context.log.info({ email: input.email, day: input.data }, "unjustified absence recorded");
    return { id, email: input.email, data: input.data, observacao: input.observacao };
  }

  async function removeUnjustified(context: SignedInContext, id: string) {
    if (!(await deleteUnjustified(db, id))) throw notFound();
    context.log.info({ id }, "unjustified absence removed");
  }

  return {
    ownBalance,
    teamBalances: () => teamBalances(db, today()),
    saveAdmission,
    importAdmissions,
    unjustifiedOf,
    recordUnjustified,
    removeUnjustified,
  };
}

export type TimeOffService = ReturnType<typeof createTimeOffService>;
