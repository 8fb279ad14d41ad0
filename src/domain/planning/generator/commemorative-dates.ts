import { addDays, assertYearMonth, dayOfWeek, daysInMonth, isoDate } from "./calendar";

export type CommemorativeDate = {
  /** 'yyyy-mm-dd'. */
  date: string;
  name: string;
  /** 'fixa' falls on the same day every year; 'movel' is computed for the year. */
  kind: "fixa" | "movel";
};

/**
 * How a post may treat the date. A mourning or religious date with a sales
 * pitch hurts the brand, and a holiday mostly calls for opening hours, so
 * titles and production notes depend on it.
 */
export type DateStyle = "comercial" | "feriado" | "respeitosa" | "celebracao";

type FixedDate = readonly [month: number, day: number, name: string, style: DateStyle];

/* Dates Brazilian agencies plan around; at least one per month, so no month goes without a hook. */
const FIXED_DATES: readonly FixedDate[] = [
  [1, 1, "Confraternização Universal", "celebracao"],
  [1, 30, "Dia da Saudade", "celebracao"],
  [2, 11, "Dia Internacional das Mulheres e Meninas na Ciência", "celebracao"],
  [2, 13, "Dia Mundial do Rádio", "celebracao"],
  [3, 8, "Dia Internacional da Mulher", "celebracao"],
  [3, 15, "Dia do Consumidor", "comercial"],
  [3, 20, "Dia Internacional da Felicidade", "celebracao"],
  [3, 22, "Dia Mundial da Água", "celebracao"],
  [4, 7, "Dia Mundial da Saúde", "celebracao"],
  [4, 21, "Tiradentes", "feriado"],
  [4, 22, "Dia da Terra", "celebracao"],
  [5, 1, "Dia do Trabalhador", "feriado"],
  [6, 5, "Dia Mundial do Meio Ambiente", "celebracao"],
  [6, 12, "Dia dos Namorados", "comercial"],
  [6, 24, "Festas Juninas / São João", "comercial"],
  [7, 13, "Dia Mundial do Rock", "celebracao"],
  [7, 20, "Dia do Amigo", "celebracao"],
  [7, 26, "Dia dos Avós", "comercial"],
  [8, 11, "Dia do Estudante", "celebracao"],
  [8, 22, "Dia do Folclore", "celebracao"],
  [9, 7, "Independência do Brasil", "feriado"],
  [9, 15, "Dia do Cliente", "comercial"],
  [9, 21, "Dia da Árvore", "celebracao"],
  [10, 12, "Dia das Crianças", "comercial"],
  [10, 12, "Nossa Senhora Aparecida", "respeitosa"],
  [10, 15, "Dia do Professor", "celebracao"],
  [10, 31, "Dia das Bruxas e Dia do Saci", "celebracao"],
  [11, 2, "Finados", "respeitosa"],
  [11, 15, "Proclamação da República", "feriado"],
  [11, 20, "Dia da Consciência Negra", "respeitosa"],
  [12, 25, "Natal", "comercial"],
  [12, 31, "Véspera de Ano-Novo", "celebracao"],
];

const MOVABLE_STYLES: Record<string, DateStyle> = {
  Carnaval: "celebracao",
  "Quarta-feira de Cinzas": "celebracao",
  "Sexta-feira Santa": "respeitosa",
  Páscoa: "comercial",
  "Corpus Christi": "feriado",
  "Dia das Mães": "comercial",
  "Dia dos Pais": "comercial",
  "Black Friday": "comercial",
  "Cyber Monday": "comercial",
};

const STYLES = new Map<string, DateStyle>([
  ...FIXED_DATES.map(([, , name, style]) => [name, style] as const),
  ...Object.entries(MOVABLE_STYLES),
]);

export function dateStyle(name: string): DateStyle {
  return STYLES.get(name) ?? "celebracao";
}

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** The n-th given weekday (0 = Sunday) of the month: Mother's Day is the 2nd Sunday of May. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = isoDate(year, month, 1);
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

function movableDates(year: number): CommemorativeDate[] {
  const easter = easterSunday(year);
  // Black Friday follows the US Thanksgiving: the day after November's 4th Thursday.
  const blackFriday = addDays(nthWeekday(year, 11, 4, 4), 1);
  const dates: Array<[string, string]> = [
    [addDays(easter, -47), "Carnaval"],
    [addDays(easter, -46), "Quarta-feira de Cinzas"],
    [addDays(easter, -2), "Sexta-feira Santa"],
    [easter, "Páscoa"],
    [addDays(easter, 60), "Corpus Christi"],
    [nthWeekday(year, 5, 0, 2), "Dia das Mães"],
    [nthWeekday(year, 8, 0, 2), "Dia dos Pais"],
    [blackFriday, "Black Friday"],
    [addDays(blackFriday, 3), "Cyber Monday"],
  ];
  return dates.map(([date, name]) => ({ date, name, kind: "movel" }));
}

function fixedDates(year: number): CommemorativeDate[] {
  return FIXED_DATES.filter(([month, day]) => day <= daysInMonth(year, month)).map(([month, day, name]) => ({
    date: isoDate(year, month, day),
    name,
    kind: "fixa",
  }));
}

/** The month's marketing dates, fixed and movable, in date order. */
export function commemorativeDates(year: number, month: number): CommemorativeDate[] {
  assertYearMonth(year, month);
  const prefix = isoDate(year, month, 1).slice(0, 7);
  return [...fixedDates(year), ...movableDates(year)]
    .filter((entry) => entry.date.startsWith(prefix))
    .sort((left, right) => left.date.localeCompare(right.date));
}

/** Every marketing date of the year, in date order. */
export function yearCommemorativeDates(year: number): CommemorativeDate[] {
  return Array.from({ length: 12 }, (_, index) => commemorativeDates(year, index + 1)).flat();
}

/** The next month's dates: a plan warms up for those of its first days. */
export function nextMonthCommemorativeDates(year: number, month: number): CommemorativeDate[] {
  return month === 12 ? commemorativeDates(year + 1, 1) : commemorativeDates(year, month + 1);
}

/** How far a day typed beside a date's name may be from it and still be that date. */
const NEAR_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a day typed beside a date's name ('Black Friday (28/11)') is that date, remembered a
 * day or two off (Black Friday was 28/11 in 2025 and is 27/11 in 2026); no day typed is that
 * date too. Further off it is an event of the client's named after the date ('Live de Natal dia
 * 20'), on its own day.
 */
export function sameOccasion(typed: string | null, known: CommemorativeDate): boolean {
  if (!typed) return true;
  return Math.abs(Date.parse(typed) - Date.parse(known.date)) <= NEAR_DAYS * DAY_MS;
}
