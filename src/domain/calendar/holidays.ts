import { addDays } from "../dates";
import { easterSunday } from "../planning/generator/commemorative-dates";

/*
 * The office's days off, as data the server and the web share. The national, state and city
 * holidays come from the server (src/server/modules/holidays, the only place that loads the
 * holiday library, too big for the browser); the optional days and the agency's own days are
 * the agency's choice, so their dates are computed here, where the web can show them too.
 */

/** Strongest first: the order mergeHolidays keeps when two lists name the same day. */
export const HOLIDAY_KINDS = ["nacional", "estadual", "municipal", "agencia", "facultativo"] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/** How 'Feriados' names each kind. */
export const HOLIDAY_KIND_LABELS: Readonly<Record<HolidayKind, string>> = {
  nacional: "Nacional",
  estadual: "Estadual",
  municipal: "Municipal",
  agencia: "Da agência",
  facultativo: "Ponto facultativo",
};

/** Its fields are Portuguese, as the API's JSON is: the web receives holidays in this shape. */
export type Holiday = {
  /** 'yyyy-mm-dd'. */
  data: string;
  /** pt-BR, as a person reads it. */
  nome: string;
  tipo: HolidayKind;
};

export const OPTIONAL_DAY_KEYS = [
  "carnaval-segunda",
  "carnaval-terca",
  "quarta-de-cinzas",
  "corpus-christi",
  "vespera-natal",
  "vespera-ano-novo",
] as const;
export type OptionalDayKey = (typeof OPTIONAL_DAY_KEYS)[number];

export type OptionalDay = {
  /** Stable: stored with the agency's choice, so never renamed. */
  key: OptionalDayKey;
  label: string;
  /** The day's date in a given year, 'yyyy-mm-dd'. */
  dateIn: (year: number) => string;
};

const pad = (n: number) => String(n).padStart(2, "0");
const fixed = (month: number, day: number) => (year: number) => `${year}-${pad(month)}-${pad(day)}`;
const fromEaster = (days: number) => (year: number) => addDays(easterSunday(year), days);

/*
 * 'Ponto facultativo' days: a holiday in some places and a working day in others (facts.md,
 * Holidays; the federal government's yearly calendar lists Carnaval, Ash Wednesday until
 * 14:00 and Corpus Christi as optional). Ash Wednesday counts as a whole day here: an agency
 * that observes it closes for the day, not for the morning.
 */
const RULES: Record<OptionalDayKey, Omit<OptionalDay, "key">> = {
  "carnaval-segunda": { label: "Carnaval (segunda-feira)", dateIn: fromEaster(-48) },
  "carnaval-terca": { label: "Carnaval (terça-feira)", dateIn: fromEaster(-47) },
  "quarta-de-cinzas": { label: "Quarta-feira de Cinzas", dateIn: fromEaster(-46) },
  "corpus-christi": { label: "Corpus Christi", dateIn: fromEaster(60) },
  "vespera-natal": { label: "Véspera de Natal", dateIn: fixed(12, 24) },
  "vespera-ano-novo": { label: "Véspera de Ano-Novo", dateIn: fixed(12, 31) },
};

/** The optional days an agency may choose to observe, in the year's order. */
export const OPTIONAL_DAYS: readonly OptionalDay[] = OPTIONAL_DAY_KEYS.map((key) => ({ key, ...RULES[key] }));

export function isOptionalDayKey(key: string): key is OptionalDayKey {
  return (OPTIONAL_DAY_KEYS as readonly string[]).includes(key);
}

/**
 * The observed optional days of a year as holidays of kind 'facultativo'. Unknown keys are
 * skipped: a key a later version drops must not break a calendar stored before it.
 */
export function optionalHolidays(observed: readonly string[], year: number): Holiday[] {
  return OPTIONAL_DAYS.filter((day) => observed.includes(day.key)).map((day) => ({
    data: day.dateIn(year),
    nome: day.label,
    tipo: "facultativo",
  }));
}

/** The agency's own days that fall in `year`, as holidays of kind 'agencia'. */
export function agencyHolidays(days: readonly { data: string; nome: string }[], year: number): Holiday[] {
  const prefix = `${year}-`;
  return days
    .filter((day) => day.data.startsWith(prefix))
    .map((day) => ({ data: day.data, nome: day.nome, tipo: "agencia" }));
}
