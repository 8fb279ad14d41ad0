import { addDays, isIsoDate } from "../dates";

/*
 * The iCalendar feeds of 'Quem está fora' (RFC 5545): staff subscribe to them
 * in Google Calendar and Outlook. Written by hand rather than with a library:
 * a feed of all-day events needs a dozen properties, one escape and one fold,
 * and src/domain stays free of dependencies (ARCHITECTURE.md, Boundaries).
 * The tests read every feed back with ical.js, a parser nobody here wrote.
 *
 * Pure: the caller gives the instant of DTSTAMP, so the same feed is the same
 * text. No routes here; the server serves the string as text/calendar; charset=utf-8.
 */

/** One all-day event: an approved absence, or a holiday. */
export type FeedEvent = {
  /** Unique and stable within Balcão; written as `<uid>@balcao` (RFC 5545 §3.8.4.7). */
  uid: string;
  /** First day, 'yyyy-mm-dd'. */
  first: string;
  /** Last day, 'yyyy-mm-dd', included. */
  last: string;
  summary: string;
  description?: string;
  category?: string;
};

export type Feed = {
  /** The calendar's name in the subscriber's list, e.g. 'Balcão — Quem está fora'. */
  name: string;
  description?: string;
  events: readonly FeedEvent[];
  /** When the feed was written: every event's DTSTAMP. */
  stamp: Date;
  /** How often clients should fetch the feed again; 6 unless told. */
  refreshHours?: number;
};

export const PRODUCT_ID = "-//Balcão//Quem está fora//PT-BR";
export const DEFAULT_REFRESH_HOURS = 6;
const TIME_ZONE = "America/Sao_Paulo";
const CRLF = "\r\n";
/** RFC 5545 §3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break." */
const MAX_LINE_OCTETS = 75;

/** CONTROL of RFC 5545 §3.3.11: US-ASCII controls but HTAB; line breaks are escaped before it runs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what it removes.
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/**
 * TEXT values (RFC 5545 §3.3.11): a backslash, semicolon and comma are
 * escaped with a backslash, a line break becomes `\n`. The other control
 * characters are not allowed in TEXT at all (RFC 5545 §3.3.11, TSAFE-CHAR excludes
 * CONTROL but HTAB), so they are dropped; a half of a surrogate pair has no
 * UTF-8 form (RFC 5545 §3.1 requires UTF-8), so it becomes U+FFFD as an encoder would.
 */
export function escapeText(value: string): string {
  return value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/\r\n?/g, "\n")
    .replace(/[\\;,\n]/g, (char) => (char === "\n" ? "\\n" : `\\${char}`))
    .replace(CONTROL, "");
}

/** Octets of one code point in UTF-8 (RFC 3629 RFC 5545 §3). */
function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds a content line (RFC 5545 §3.1): after at most 75 octets of UTF-8, a
 * CRLF and one space, which the reader removes. The space counts in the next
 * line's 75. Cuts fall between code points only: RFC 5545 §3.1 warns that splitting a
 * multi-octet character breaks it for readers that unfold bytes.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** 'yyyy-mm-dd' → 'yyyymmdd', the DATE form of RFC 5545 §3.3.4. */
function dateValue(isoDate: string): string {
  return isoDate.replaceAll("-", "");
}

/** UTC DATE-TIME, 'yyyymmddThhmmssZ' (RFC 5545 §3.3.5, FORM #2); DTSTAMP must be UTC (RFC 5545 §3.8.7.2). */
function utcDateTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("DTSTAMP is not a valid instant");
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/** A positive whole number of hours as a DURATION (RFC 5545 §3.3.6). */
function hoursDuration(hours: number): string {
  if (!Number.isInteger(hours) || hours < 1)
    throw new RangeError(`Refresh hours must be a positive integer: ${hours}`);
  return `PT${hours}H`;
}

/**
 * The event's DATE values. For an all-day event DTEND is exclusive (RFC 5545
 * RFC 5545 §3.6.1: "the 'DTEND' property ... MUST be specified as a date value" and
 * the event ends before it), so it is the day after `last`: a one-day
 * absence on the 5th runs from the 5th to the 6th.
 */
function eventDates(event: FeedEvent): { start: string; end: string } {
  const end = isIsoDate(event.last) ? addDays(event.last, 1) : "";
  if (!isIsoDate(event.first) || !isIsoDate(end) || event.last < event.first) {
    throw new RangeError(`Not a period of days: ${event.first} to ${event.last} (event ${event.uid})`);
  }
  return { start: dateValue(event.first), end: dateValue(end) };
}

/** One VEVENT (RFC 5545 §3.6.1), unfolded lines. */
function eventLines(event: FeedEvent, stamp: string): string[] {
  const { start, end } = eventDates(event);
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(`${event.uid}@balcao`)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${end}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description !== undefined) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // CATEGORIES is a list split at commas (RFC 5545 §3.8.1.2): the escape keeps one category whole.
  if (event.category !== undefined) lines.push(`CATEGORIES:${escapeText(event.category)}`);
  // An absence does not make the subscriber busy (RFC 5545 §3.8.2.7): free/busy searches look through it.
  lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  return lines;
}

/*
 * The agency's zone, as X-WR-TIMEZONE says it. São Paulo keeps -03:00 all
 * year since 2019. No event refers to it (all-day dates float, RFC 5545 §3.3.4), but
 * it makes a feed with no event still valid: RFC 5545 §3.6 asks for at least
 * one component in a VCALENDAR, and a week when nobody is away is an empty feed.
 */
const TIME_ZONE_LINES = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:-0300",
  "TZOFFSETTO:-0300",
  "TZNAME:-03",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** The calendar's own properties (RFC 5545 §3.7, RFC 7986 RFC 5545 §5 and the X-WR- names clients read). */
function calendarLines(feed: Feed): string[] {
  const refresh = hoursDuration(feed.refreshHours ?? DEFAULT_REFRESH_HOURS);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    // A published feed, not an invitation (RFC 5546 RFC 5545 §3.2.1).
    "METHOD:PUBLISH",
    // NAME is the standard (RFC 7986 RFC 5545 §5.1); Google and Outlook read X-WR-CALNAME.
    `NAME:${escapeText(feed.name)}`,
    `X-WR-CALNAME:${escapeText(feed.name)}`,
  ];
  if (feed.description !== undefined) {
    lines.push(`DESCRIPTION:${escapeText(feed.description)}`, `X-WR-CALDESC:${escapeText(feed.description)}`);
  }
  lines.push(
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    // How often to fetch again: REFRESH-INTERVAL is RFC 7986 RFC 5545 §5.7; Outlook reads X-PUBLISHED-TTL.
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
  );
  return lines;
}

/**
 * The whole feed: each content line folded (RFC 5545 §3.1), every line ended by CRLF,
 * the last one included (RFC 5545 §3.1 and RFC 5545 §3.4: a content line is "... CRLF").
 */
export function buildCalendar(feed: Feed): string {
  const stamp = utcDateTime(feed.stamp);
  const lines = [
    ...calendarLines(feed),
    ...TIME_ZONE_LINES,
    ...feed.events.flatMap((event) => eventLines(event, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map((line) => foldLine(line) + CRLF).join("");
}
