import fc from "fast-check";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, type FeedEvent, foldLine } from "./ical";

/*
 * The feed is read back with ical.js (an RFC 5545 parser nobody here wrote),
 * as Google Calendar and Outlook will read it; the octets and line ends are
 * checked on the bytes themselves.
 */

const stamp = new Date("2026-12-01T14:03:09.456Z");
const longName =
  "Maria da Conceição Gonçalves Araújo de Assunção Magalhães Brandão Estêvão Guimarães — " +
  "ãçãçãçãçãçãçãçãçãçãçãçãçãçãçãçãçãçãçãçãçãç 🏖️🌴 férias, ainda; mais \\ coisas";

const events: FeedEvent[] = [
  { uid: "ausencia-1", first: "2026-12-10", last: "2026-12-10", summary: "José Conceição" },
  {
    uid: "ausencia-2",
    first: "2026-12-28",
    last: "2027-01-04",
    summary: "Souza, Ana; Lima",
    description: "Férias\nvolta em 05/01, com calma; até lá",
    category: "Férias, coletivas",
  },
  { uid: "ausencia-3", first: "2026-11-30", last: "2026-12-01", summary: longName },
  {
    uid: "feriado-2026-12-25",
    first: "2026-12-25",
    last: "2026-12-25",
    summary: "Natal",
    category: "Feriado",
  },
];

const feedText = buildCalendar({
  name: "Balcão — Quem está fora",
  description: "Quem está fora, e os feriados da agência",
  events,
  stamp,
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const parsed = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  return { calendar, events: parsed };
}

/**
 * An X- property's value as TEXT, its default type (RFC 5545 §3.8.8.2). ical.js
 * keeps the values of properties it does not know as written, escapes
 * included, so its own TEXT reader decodes them.
 */
function xText(component: ICAL.Component, name: string): string | null {
  const raw = component.getFirstPropertyValue(name);
  return raw === null ? null : (ICAL.design.icalendar.value.text.fromICAL(String(raw)) as string);
}

/** The feed's physical lines as bytes, each decoded on its own: a split character would not decode. */
function physicalLines(text: string): { octets: number; line: string }[] {
  const bytes = new TextEncoder().encode(text);
  const lines: { octets: number; line: string }[] = [];
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push({ octets: i - start, line: decoder.decode(bytes.subarray(start, i)) });
      start = i + 2;
      i++;
    }
  }
  expect(start, "the file ends with CRLF").toBe(bytes.length);
  return lines;
}

/** 'yyyy-mm-dd' plus some days, by the plain Date arithmetic of the test (not the module's). */
function plusDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

const { calendar, events: parsed } = parse(feedText);

describe("the iCalendar feed of 'Quem está fora', read back by ical.js", () => {
  it("is a published Gregorian calendar that clients poll, under its name", () => {
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Balcão//Quem está fora//PT-BR");
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(xText(calendar, "x-wr-calname")).toBe("Balcão — Quem está fora");
    expect(xText(calendar, "x-wr-caldesc")).toBe("Quem está fora, e os feriados da agência");
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("America/Sao_Paulo");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT6H");
    expect(calendar.getFirstProperty("refresh-interval")?.type).toBe("duration");
    expect(String(calendar.getFirstPropertyValue("x-published-ttl"))).toBe("PT6H");
    expect(feedText).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n");
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(
      "America/Sao_Paulo",
    );
  });

  it("polls as often as told", () => {
    const text = buildCalendar({ name: "x", events: [], stamp, refreshHours: 12 });
    expect(String(parse(text).calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT12H");
    expect(String(parse(text).calendar.getFirstPropertyValue("x-published-ttl"))).toBe("PT12H");
  });

  it("gives back every summary, accents, commas, semicolons and the long name included", () => {
    expect(parsed.map((e) => e.summary)).toEqual(["José Conceição", "Souza, Ana; Lima", longName, "Natal"]);
    expect(feedText).toContain("SUMMARY:Souza\\, Ana\\; Lima\r\n");
  });

  it("gives back descriptions with their line breaks, and one category even with a comma", () => {
    expect(parsed[1]?.description).toBe("Férias\nvolta em 05/01, com calma; até lá");
    expect(parsed[1]?.component.getFirstProperty("categories")?.getValues()).toEqual(["Férias, coletivas"]);
    expect(parsed[3]?.component.getFirstPropertyValue("categories")).toBe("Feriado");
    expect(parsed[0]?.description).toBeNull();
    expect(parsed[0]?.component.hasProperty("categories")).toBe(false);
  });

  it("writes all-day events ending the day after the last day (DTEND is exclusive)", () => {
    for (const event of parsed) {
      expect(event.startDate.isDate).toBe(true);
      expect(event.endDate.isDate).toBe(true);
    }
    const days = parsed.map((e) => [e.startDate.toString(), e.endDate.toString()]);
    expect(days).toEqual([
      ["2026-12-10", "2026-12-11"],
      ["2026-12-28", "2027-01-05"],
      ["2026-11-30", "2026-12-02"],
      ["2026-12-25", "2026-12-26"],
    ]);
    // a one-day absence lasts one day
    expect(parsed[0]?.duration.toSeconds()).toBe(86_400);
    expect(parsed[0]?.endDate.toString()).toBe(
      parsed[0]?.startDate.clone().adjust(1, 0, 0, 0).toString() ?? "",
    );
    expect(feedText).toContain("\r\nDTSTART;VALUE=DATE:20261228\r\nDTEND;VALUE=DATE:20270105\r\n");
  });

  it("names each event <uid>@balcao, stamps it in UTC and leaves the subscriber free", () => {
    expect(parsed.map((e) => e.uid)).toEqual([
      "ausencia-1@balcao",
      "ausencia-2@balcao",
      "ausencia-3@balcao",
      "feriado-2026-12-25@balcao",
    ]);
    for (const event of parsed) {
      const dtstamp = event.component.getFirstPropertyValue("dtstamp") as ICAL.Time;
      expect(dtstamp.zone?.tzid).toBe("UTC");
      expect(dtstamp.toString()).toBe("2026-12-01T14:03:09Z");
      expect(event.component.getFirstPropertyValue("transp")).toBe("TRANSPARENT");
    }
    expect(feedText.match(/\r\nDTSTAMP:20261201T140309Z\r\n/g)).toHaveLength(4);
  });
});

describe("the lines of the feed: octets, folds, CRLF, escapes", () => {
  it("keeps every physical line within 75 octets, folding between characters, never inside one", () => {
    const lines = physicalLines(feedText);
    for (const { octets } of lines) expect(octets).toBeLessThanOrEqual(75);
    expect(
      lines.some(({ line }) => line.startsWith(" ")),
      "the long name was folded",
    ).toBe(true);
    expect(lines.map(({ line }) => line).join("\r\n")).toBe(feedText.slice(0, -2));
    expect(feedText).not.toContain("\uFFFD");
  });

  it("folds a line of two-octet characters before the one that would pass 75 octets", () => {
    const folded = foldLine(`SUMMARY:${"ã".repeat(40)}`);
    const [first, second] = folded.split("\r\n");
    expect(new TextEncoder().encode(first).length).toBe(74); // 8 + 33 × 2; one more ã would be 76
    expect(second).toBe(` ${"ã".repeat(7)}`);
    expect(foldLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
    expect(foldLine(`${"a".repeat(73)}🌴`)).toBe(`${"a".repeat(73)}\r\n 🌴`);
  });

  it("ends every line with CRLF, the last one too", () => {
    expect(feedText.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feedText.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  });

  it("escapes TEXT as RFC 5545 §3.3.11 says", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
    expect(escapeText("tab\there\u0000\u001f\u007f")).toBe("tab\there");
    expect(escapeText("x\uD800y")).toBe("x\uFFFDy");
  });

  it("is still a valid calendar with no event", () => {
    const text = buildCalendar({ name: "Balcão — Minhas ausências", events: [], stamp });
    const { calendar: empty, events: none } = parse(text);
    expect(none).toEqual([]);
    expect(xText(empty, "x-wr-calname")).toBe("Balcão — Minhas ausências");
    expect(empty.getAllSubcomponents().length).toBeGreaterThan(0); // RFC 5545 §3.6: at least one component
    expect(text).not.toContain("VEVENT");
    for (const { octets } of physicalLines(text)) expect(octets).toBeLessThanOrEqual(75);
  });

  it("refuses what is no period of days, no instant or no refresh", () => {
    const build =
      (event: Partial<FeedEvent>, more: { stamp?: Date; refreshHours?: number } = {}) =>
      () =>
        buildCalendar({
          name: "x",
          events: [{ uid: "u", first: "2026-12-10", last: "2026-12-10", summary: "s", ...event }],
          stamp: more.stamp ?? stamp,
          ...(more.refreshHours === undefined ? {} : { refreshHours: more.refreshHours }),
        });
    expect(build({ last: "2026-12-09" })).toThrow(RangeError);
    expect(build({ first: "2026-02-30" })).toThrow(RangeError);
    expect(build({ last: "10/12/2026" })).toThrow(RangeError);
    expect(build({}, { stamp: new Date(Number.NaN) })).toThrow(RangeError);
    expect(build({}, { refreshHours: 0 })).toThrow(RangeError);
    expect(build({}, { refreshHours: 1.5 })).toThrow(RangeError);
    expect(build({})).not.toThrow();
  });
});

/** What a TEXT value becomes, written by the test from RFC 5545 §3.3.11 and §3.1, not from the module. */
function expectedText(value: string): string {
  let out = "";
  for (const char of value.replace(/\r\n?/g, "\n")) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) out += "\uFFFD";
    else if (code === 0x09 || code === 0x0a || (code >= 0x20 && code !== 0x7f)) out += char;
  }
  return out;
}

describe("parse(build(feed)) with ical.js, for any names and periods", () => {
  const awkward = fc.constantFrom(
    "\\",
    ";",
    ",",
    "\n",
    "\r\n",
    "\r",
    ":",
    '"',
    " ",
    "\t",
    "ç",
    "ã",
    "—",
    "🌴",
    "\uD800",
  );
  // up to 120 code points of up to 4 octets each: most names are folded, some inside a character
  const name = fc.string({
    unit: fc.oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), awkward),
    maxLength: 120,
    size: "max",
  });
  const day = fc
    .date({
      min: new Date("1990-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));
  const event = fc.record({ summary: name, first: day, length: fc.integer({ min: 0, max: 400 }) });

  it("gives back the same summaries and dates, in lines of at most 75 octets", () => {
    let folded = 0;
    fc.assert(
      fc.property(fc.array(event, { maxLength: 6 }), name, (drawn, calendarName) => {
        const feed: FeedEvent[] = drawn.map((e, i) => ({
          uid: `e${i}`,
          first: e.first,
          last: plusDays(e.first, e.length),
          summary: e.summary,
        }));
        const text = buildCalendar({ name: calendarName, events: feed, stamp });
        const lines = physicalLines(text);
        for (const { octets } of lines) expect(octets).toBeLessThanOrEqual(75);
        folded += lines.filter(({ line }) => line.startsWith(" ")).length;
        const read = parse(text);
        expect(xText(read.calendar, "x-wr-calname")).toBe(expectedText(calendarName));
        expect(read.events.map((e) => e.summary)).toEqual(feed.map((e) => expectedText(e.summary)));
        expect(
          read.events.map((e) => [e.startDate.isDate, e.startDate.toString(), e.endDate.toString()]),
        ).toEqual(feed.map((e) => [true, e.first, plusDays(e.last, 1)]));
      }),
      { numRuns: 300 },
    );
    expect(folded, "the drawn names were long enough to be folded").toBeGreaterThan(100);
  });
});
