import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { absenceMinutes, type HourBankEntry, hourBankBalance } from "@/domain/time-off/hour-bank";
import {
  type HourBankPeople,
  type HourBankPerson,
  type HourCreditInput,
  hourBankMessages,
  type MyHourBank,
} from "@/domain/time-off/hour-bank-api";
import type { TimeOffConfig } from "../../config-time-off";
import type { Db } from "../../db/client";
import { AppError, fieldError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import {
  activePeople,
  activePersonByEmail,
  bankAbsencesOf,
  type CreditRow,
  creditsOf,
  type DebitRow,
  insertCredit,
} from "./hour-bank.queries";

/*
 * 'Banco de horas' (docs/decisions/060). RH (a member of a team that handles 'Ausência', or an
 * administrator) credits anyone but themselves: the portal knows no reporting lines, and a team
 * that handles someone's requests (Finance, say) is not their manager. The debits are
 * the approved 'Banco de horas' absences, read each time: an absence cancelled, refused after all
 * or approved late is counted as it stands now, with no hook in the review's moves.
 */

const notAllowed = () =>
  new AppError(403, "FORBIDDEN", { title: "Acesso negado", description: hourBankMessages.notAllowed });

export function createHourBankService(deps: { db: Db; timeOff: TimeOffConfig; clock?: () => Date }) {
  const { db, timeOff } = deps;
  const today = () => todayInSaoPaulo(deps.clock?.() ?? new Date());
  const settings = { meses: timeOff.hourBankMonths, horasPorDia: timeOff.workHoursPerDay };

  function debitMinutes(debit: DebitRow) {
    return absenceMinutes(debit.diasUteis, timeOff.workHoursPerDay);
  }

  function entriesOf(credits: readonly CreditRow[], debits: readonly DebitRow[]): HourBankEntry[] {
    return [
      ...credits.map((credit) => ({ data: credit.data, minutos: credit.minutos })),
      ...debits.map((debit) => ({ data: debit.primeiroDia, minutos: -debitMinutes(debit) })),
    ];
  }

  async function mine(context: SignedInContext): Promise<MyHourBank> {
    const email = context.user.email.toLowerCase();
    const [credits, debits] = await Promise.all([creditsOf(db, [email]), bankAbsencesOf(db, [email])]);
    const balance = hourBankBalance(entriesOf(credits, debits), {
      today: today(),
      months: timeOff.hourBankMonths,
    });
    const movimentos = [
      ...credits.map((credit) => ({ ...credit, solicitacaoId: null })),
      ...debits.map((debit) => ({
        id: debit.id,
        data: debit.primeiroDia,
        minutos: -debitMinutes(debit),
        motivo: `Ausência de ${formatDateBR(debit.primeiroDia)} a ${formatDateBR(debit.ultimoDia)}`,
        solicitacaoId: debit.id,
      })),
    ]
      .map(({ id, data, minutos, motivo, solicitacaoId }) => ({ id, data, minutos, motivo, solicitacaoId }))
      .sort((a, b) => b.data.localeCompare(a.data));
    return { ...balance, movimentos, ...settings };
  }

  /** The people RH may credit: everyone active. */
  async function reachable(context: SignedInContext) {
    if (!context.user.access.rh) throw notAllowed();
    return activePeople(db);
  }

  async function people(context: SignedInContext): Promise<HourBankPeople> {
    const list = (await reachable(context)).filter((person) => person.id !== context.user.id);
    const emails = list.map((person) => person.email.toLowerCase());
    const [credits, debits] = await Promise.all([creditsOf(db, emails), bankAbsencesOf(db, emails)]);
    const day = today();
    const pessoas: HourBankPerson[] = list.map((person) => {
      const email = person.email.toLowerCase();
      const balance = hourBankBalance(
        entriesOf(
          credits.filter((credit) => credit.email === email),
          debits.filter((debit) => debit.email === email),
        ),
        { today: day, months: timeOff.hourBankMonths },
      );
      const { aVencer, ...figures } = balance;
      return { ...figures, email, nome: person.nome, proximoVencimento: aVencer[0] ?? null };
    });
    return { pessoas, ...settings };
  }

  async function credit(context: SignedInContext, input: HourCreditInput): Promise<void> {
    if (!context.user.access.rh) throw notAllowed();
    if (input.email === context.user.email.toLowerCase())
      throw fieldError("email", hourBankMessages.ownHours);
    const person = await activePersonByEmail(db, input.email);
    if (!person) throw fieldError("email", hourBankMessages.personNotFound);
    await insertCredit(db, {
      email: input.email,
      minutos: input.horas * 60 + input.minutos,
      data: input.data,
      motivo: input.motivo,
      registradoPor: context.user.id,
    });
    context.log.info(
      { userId: context.user.id, minutes: input.horas * 60 + input.minutos },
      "hour bank credited",
    );
  }

  return { mine, people, credit };
}

export type HourBankService = ReturnType<typeof createHourBankService>;
