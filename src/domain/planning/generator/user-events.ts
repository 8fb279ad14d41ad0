import { daysInMonth, isoDate } from "./calendar";
import { clip, stripListMarker } from "./text";

/*
 * The plan form's 'Eventos e datas comemorativas' is free text: people write
 * 'Aniversário da loja dia 15; Feira de Negócios 22/11'. A best-effort reading
 * finds each event and, when it can, its day; an event without a day still
 * reaches the plan (the generator places it in a week without other hooks).
 */

export type UserEvent = {
  name: string;
  /** 'yyyy-mm-dd', possibly outside the plan's month; null when the text gives no day. */
  date: string | null;
};

const EVENTS_MAX = 30;
const NAME_MAX = 120;

const MONTH_WORDS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

type Found = { date: string; matched: string };
type DateReader = (segment: string, year: number, month: number) => Found | null;

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return isoDate(year, month, day);
}

function fullYear(text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

function found(date: string | null, matched: string): Found | null {
  return date ? { date, matched } : null;
}

const readIso: DateReader = (segment) => {
  const match = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(segment);
  return match ? found(validDate(Number(match[1]), Number(match[2]), Number(match[3])), match[0]) : null;
};

const readSlashed: DateReader = (segment, year) => {
  const match = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b/.exec(segment);
  if (!match) return null;
  return found(validDate(fullYear(match[3], year), Number(match[2]), Number(match[1])), match[0]);
};

const readMonthWord: DateReader = (segment, year) => {
  const words = `${MONTH_WORDS.join("|")}|marco`;
  const pattern = new RegExp(`\\b(\\d{1,2})(?:º|°)?\\s+de\\s+(${words})(?:\\s+de\\s+(\\d{4}))?`, "iu");
  const match = pattern.exec(segment);
  if (!match) return null;
  const word = (match[2] ?? "").toLowerCase().replace("marco", "março");
  const month = MONTH_WORDS.indexOf(word) + 1;
  return found(validDate(fullYear(match[3], year), month, Number(match[1])), match[0]);
};

/** 'dia 15' names a day of the plan's own month. */
const readDayOnly: DateReader = (segment, year, month) => {
  const match = /\b(?:nos?\s+)?dias?\s+(\d{1,2})(?:º|°)?/iu.exec(segment);
  return match ? found(validDate(year, month, Number(match[1])), match[0]) : null;
};

const READERS: readonly DateReader[] = [readIso, readSlashed, readMonthWord, readDayOnly];

function findDate(segment: string, year: number, month: number): Found | null {
  for (const read of READERS) {
    const result = read(segment, year, month);
    if (result) return result;
  }
  return null;
}

/** 'Feira de Negócios em 22/11' → 'Feira de Negócios': the date is shown apart, as '(22/11)'. */
function eventName(segment: string, matched: string | null): string {
  let name = matched ? segment.replace(matched, " ") : segment;
  name = name
    .replace(/\(\s*\)/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:])/g, "$1");
  const edge =
    /^[\s\-\u2013\u2014:,.]+|[\s\-\u2013\u2014:,.(]+$|\s+(?:no|na|em|de|do|da|dia|dias|até|a partir)$/iu;
  for (let previous = ""; previous !== name; ) {
    previous = name;
    name = name.replace(edge, "");
  }
  return clip(name || segment, NAME_MAX);
}

/** Items are split on ';', new lines and commas that start a new capitalized item ('..., Feira 22/11'). */
function segmentsOf(text: string): string[] {
  return text
    .split(/[;\n\r\u2022]+/)
    .flatMap((part) => part.split(/,\s*(?=\p{Lu})/u))
    .map((part) => stripListMarker(part.trim()))
    .filter((part) => part.length > 0);
}

export function parseUserEvents(text: string | null | undefined, year: number, month: number): UserEvent[] {
  if (!text) return [];
  const events: UserEvent[] = [];
  const seen = new Set<string>();
  for (const segment of segmentsOf(text)) {
    const date = findDate(segment, year, month);
    const event = { name: eventName(segment, date?.matched ?? null), date: date?.date ?? null };
    const key = `${event.name.toLowerCase()}|${event.date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push(event);
  }
  return events.slice(0, EVENTS_MAX);
}
