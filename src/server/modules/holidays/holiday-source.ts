import Holidays from "date-holidays";
import { agencyHolidays, type Holiday, optionalHolidays } from "@/domain/calendar/holidays";
import { mergeHolidays } from "@/domain/calendar/office-calendar";
import { nationalHolidays } from "@/domain/sla/holidays";

/*
 * The state and city holidays of the office (OFFICE_STATE, OFFICE_CITY) from the date-holidays
 * package, the only place it is loaded: its data of every country is too big for the browser,
 * so the web gets the result through the API.
 *
 * date-holidays says which days are off ('public') but not who decreed them: a city's list
 * already holds the state's and the country's days. So three lists are read, BR, BR+state
 * and BR+state+city, and a day is 'nacional' when BR's own list has it public, 'estadual' when
 * the state's does, and 'municipal' otherwise. Corpus Christi is 'bank' in BR and in SP but
 * 'public' in São Paulo city, so there it is municipal, which is what the city's law says.
 */

export type Office = { state: string; city: string };

/** Lower case, no accents, single spaces: 'São  Paulo' and 'sao paulo' are one city. */
const normalized = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");

/** date-holidays' region code of the city, or null when it has no such city in that state. */
export function cityRegionFor(state: string, cityName: string): string | null {
  const regions = source().getRegions("BR", state.toUpperCase(), "pt") ?? {};
  const wanted = normalized(cityName);
  const found = Object.entries(regions).find(([, name]) => normalized(name) === wanted);
  return found ? found[0] : null;
}

type Day = { data: string; nome: string };

// A Holidays object takes tens of milliseconds to build and to compute its first year: one per place.
const sources = new Map<string, Holidays>();
function source(state?: string, region?: string): Holidays {
  const key = [state, region].join("/");
  let holidays = sources.get(key);
  if (!holidays) {
    holidays = state
      ? region
        ? new Holidays("BR", state, region)
        : new Holidays("BR", state)
      : new Holidays("BR");
    sources.set(key, holidays);
  }
  return holidays;
}

/*
 * Names date-holidays gives in Portugal's Portuguese or with a slip of capitals. Sexta-feira
 * Santa takes a small f after the hyphen in Brazil's spelling (and in our planning calendar).
 */
const NAME_FIXES: Readonly<Record<string, string>> = {
  "Corpo de Deus": "Corpus Christi",
  "Dia do trabalhador": "Dia do Trabalhador",
  "Sexta-Feira Santa": "Sexta-feira Santa",
  "Dia do evangélico": "Dia do Evangélico",
};

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/*
 * Election days are listed as public, but they are Sundays by the Constitution (arts. 28,
 * 29 II and 77: the first and the last Sunday of October), so they close nothing an office opens; listing them would only add noise.
 */
const isSundayElection = (day: Day) => weekday(day.data) === 0 && normalized(day.nome).includes("eleicao");

/** The library's days off of a place and year: 'public' only, one per date, names fixed. */
function publicDays(holidays: Holidays, year: number): Map<string, Day> {
  const days = new Map<string, Day>();
  for (const holiday of holidays.getHolidays(year, "pt")) {
    if (holiday.type !== "public") continue;
    // The local date, never `start`: that is an instant, and would shift with the time zone.
    const day = { data: holiday.date.slice(0, 10), nome: NAME_FIXES[holiday.name] ?? holiday.name };
    if (!isSundayElection(day) && !days.has(day.data)) days.set(day.data, day);
  }
  return days;
}

/*
 * The national floor of the service levels (src/domain/sla/holidays.ts). date-holidays drops
 * 20 November in the states that had their own Consciência Negra day before Lei 14.759/2023
 * made it national (SP, RJ, MT, AM: their entry shadows the country's and ends in 2023), so
 * the floor puts it back.
 */
function nationalFloor(year: number, national: Map<string, Day>): Holiday[] {
  return [...nationalHolidays(year)].map((data) => ({
    data,
    nome: data.endsWith("-11-20")
      ? "Dia da Consciência Negra"
      : (national.get(data)?.nome ?? "Feriado nacional"),
    tipo: "nacional",
  }));
}

const publicCache = new Map<string, readonly Holiday[]>();

/**
 * The year's public holidays of the office's state and city, each with the level that decreed
 * it, plus the national floor. Without a city date-holidays knows, only national and state ones.
 */
export function publicHolidays(office: Office, year: number): Holiday[] {
  const state = office.state.toUpperCase();
  const key = `${state}/${normalized(office.city)}/${year}`;
  let result = publicCache.get(key);
  if (!result) {
    const region = cityRegionFor(state, office.city);
    const national = publicDays(source(), year);
    const statewide = publicDays(source(state), year);
    const local = region ? publicDays(source(state, region), year) : statewide;
    const levels: Holiday[] = [...local.values()].map((day) => {
      if (national.has(day.data))
        return { data: day.data, nome: national.get(day.data)!.nome, tipo: "nacional" };
      if (statewide.has(day.data)) return { ...day, tipo: "estadual" };
      return { ...day, tipo: "municipal" };
    });
    result = mergeHolidays(nationalFloor(year, national), levels).map((holiday) => Object.freeze(holiday));
    publicCache.set(key, result);
  }
  // A copy of frozen holidays: the cached list is shared by every caller.
  return [...result];
}

export type OfficeChoices = {
  /** OPTIONAL_DAYS keys the agency observes. */
  observed: readonly string[];
  agencyDays: readonly { data: string; nome: string }[];
};

/** Every day off of the office in `year`: public holidays, observed optional days, the agency's days. */
export function officeHolidays(office: Office, year: number, choices: OfficeChoices): Holiday[] {
  return mergeHolidays(
    publicHolidays(office, year),
    optionalHolidays(choices.observed, year),
    agencyHolidays(choices.agencyDays, year),
  );
}
