import { type HolidaySource, setHolidaySource } from "@/domain/sla/holidays";
import type { Executor } from "../../db/client";
import type { LiveBus } from "../../live/bus";
import { type Office, type OfficeChoices, officeHolidays } from "./holiday-source";
import { listAgencyDays, observedOptionalDays } from "./holidays.queries";

/*
 * The office's calendar as the process-wide holiday source (docs/decisions/060): read from the
 * database before the app serves, and again whenever 'Feriados' changes, here at once and on every
 * other instance through the live `feriados` event (two instances share one database). It is also
 * read again when the bus starts hearing the other instances: an event may have been missed.
 */

export type HolidayLoader = {
  /** Reads the agency's choices and sets the process-wide source from them. */
  reload(): Promise<void>;
  /** The choices this instance last read (tests tell instances apart by them). */
  choices(): OfficeChoices;
  close(): void;
};

/*
 * One process runs one app; the tests run several (a second instance on the same database) and
 * close them in any order. The source stays that of the latest loader still open, and the national
 * one once none is, so a closed app's calendar never outlives it.
 */
const open: { loader: HolidayLoader; source: HolidaySource }[] = [];

function install(entry: { loader: HolidayLoader; source: HolidaySource }) {
  const index = open.findIndex((e) => e.loader === entry.loader);
  if (index >= 0) open.splice(index, 1);
  open.push(entry);
  setHolidaySource(entry.source);
}

function uninstall(loader: HolidayLoader) {
  const index = open.findIndex((e) => e.loader === loader);
  if (index < 0) return;
  open.splice(index, 1);
  setHolidaySource(open.at(-1)?.source ?? null);
}

export function createHolidayLoader(deps: {
  db: Executor;
  office: Office;
  bus: Pick<LiveBus, "subscribe" | "onListeningChange">;
  log: { error(obj: unknown, msg?: string): void };
}): HolidayLoader {
  let choices: OfficeChoices = { observed: [], agencyDays: [] };
  // Two reloads may overlap (the start's and the bus's first hearing, a change here and its event):
  // only the latest started one applies, and an overtaken one answers once that one has, so the
  // start's read never lets the app serve before the calendar is in place.
  let started = 0;
  let latest: Promise<void> = Promise.resolve();
  let closed = false;

  function reload(): Promise<void> {
    const ticket = ++started;
    const run = (async () => {
      const [observed, days] = await Promise.all([observedOptionalDays(deps.db), listAgencyDays(deps.db)]);
      if (closed) return;
      if (ticket !== started) return latest;
      const read: OfficeChoices = { observed, agencyDays: days.map(({ data, nome }) => ({ data, nome })) };
      choices = read;
      install({ loader, source: (year) => officeHolidays(deps.office, year, read) });
    })();
    latest = run;
    return run;
  }

  const again = () =>
    reload().catch((err) => deps.log.error({ err }, "holidays: could not read the office's calendar"));
  const stopEvents = deps.bus.subscribe((event) => {
    if (event.type === "feriados") void again();
  });
  const stopListening = deps.bus.onListeningChange((listening) => {
    if (listening) void again();
  });

  const loader: HolidayLoader = {
    reload,
    choices: () => choices,
    close() {
      closed = true;
      stopEvents();
      stopListening();
      uninstall(loader);
    },
  };
  return loader;
}
