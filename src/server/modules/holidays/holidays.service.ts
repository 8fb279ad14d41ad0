import {
  type AgencyDayInput,
  calendarMessages,
  type ObservedOptionalInput,
  type OfficeCalendar,
} from "@/domain/calendar/api";
import { OPTIONAL_DAYS } from "@/domain/calendar/holidays";
import { todayInSaoPaulo } from "@/domain/dates";
import type { Executor } from "../../db/client";
import { fieldError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { LiveBus } from "../../live/bus";
import type { HolidayLoader } from "./holiday-loader";
import { cityRegionFor, type Office, officeHolidays } from "./holiday-source";
import {
  type AgencyDayRow,
  deleteAgencyDay,
  insertAgencyDay,
  listAgencyDays,
  observedOptionalDays,
  saveObservedOptionalDays,
} from "./holidays.queries";

/*
 * 'Feriados' (docs/decisions/060): everyone reads the office's calendar (the web shades and names
 * the days off, and counts working days, with it); administrators and RH choose the optional days
 * the agency observes and add or remove its own days. Every change applies at once on this
 * instance and, through the live `feriados` event, on every other one.
 */
export function createHolidaysService(deps: {
  db: Executor;
  office: Office;
  loader: HolidayLoader;
  bus: Pick<LiveBus, "publish">;
  clock?: () => Date;
}) {
  const { db, office } = deps;

  async function calendar(year?: number): Promise<OfficeCalendar> {
    const ano = year ?? Number(todayInSaoPaulo(deps.clock?.() ?? new Date()).slice(0, 4));
    const [observed, days] = await Promise.all([observedOptionalDays(db), listAgencyDays(db)]);
    const ofYear = days.filter((day) => day.data.startsWith(`${ano}-`));
    return {
      ano,
      estado: office.state,
      cidade: office.city,
      cidadeReconhecida: cityRegionFor(office.state, office.city) !== null,
      feriados: officeHolidays(office, ano, { observed, agencyDays: ofYear }),
      facultativos: OPTIONAL_DAYS.map((day) => ({
        chave: day.key,
        nome: day.label,
        data: day.dateIn(ano),
        observado: observed.includes(day.key),
      })),
      diasDaAgencia: ofYear,
    };
  }

  /** This instance's calendar first, so the answer's caller sees it; then every other instance's. */
  async function changed(context: SignedInContext) {
    await deps.loader.reload();
    await deps.bus
      .publish({ type: "feriados" })
      .catch((err) =>
        context.log.warn({ err }, "live event not published: other instances keep the old holidays"),
      );
  }

  async function setObserved(context: SignedInContext, input: ObservedOptionalInput) {
    // Kept in OPTIONAL_DAYS' order, each once, whatever order the form sent.
    const keys = OPTIONAL_DAYS.map((day) => day.key).filter((key) => input.facultativos.includes(key));
    await saveObservedOptionalDays(db, keys, context.user.id);
    context.log.info({ facultativos: keys }, "holidays: optional days observed changed");
    await changed(context);
  }

  async function addAgencyDay(context: SignedInContext, input: AgencyDayInput): Promise<AgencyDayRow> {
    const day = await insertAgencyDay(db, input, context.user.id);
    if (!day) throw fieldError("data", calendarMessages.dataRepetida);
    context.log.info({ data: day.data }, "holidays: agency day added");
    await changed(context);
    return day;
  }

  async function removeAgencyDay(context: SignedInContext, id: string) {
    if (!(await deleteAgencyDay(db, id))) throw notFound();
    context.log.info({ id }, "holidays: agency day removed");
    await changed(context);
  }

  return { calendar, setObserved, addAgencyDay, removeAgencyDay };
}

export type HolidaysService = ReturnType<typeof createHolidaysService>;
