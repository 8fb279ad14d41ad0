import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { officeHolidayOn, setHolidaySource } from "@/domain/sla/holidays";
import { describeWithApp } from "../../testing/test-app";
import { createHolidayLoader } from "./holiday-loader";
import { emptyCalendar, workingDayAhead } from "./testing/holiday-fixtures";

afterAll(() => setHolidaySource(null));

/** A bus that only says when it starts hearing the other instances, when the test tells it to. */
function quietBus() {
  const listeners: ((listening: boolean) => void)[] = [];
  return {
    subscribe: () => () => {},
    onListeningChange(fn: (listening: boolean) => void) {
      listeners.push(fn);
      return () => {};
    },
    startListening: () => {
      for (const fn of listeners) fn(true);
    },
  };
}

describeWithApp("the office's calendar loader (docs/decisions/060)", {}, (ctx) => {
  /*
   * An instance's first read (onReady) and the read its bus starts once it hears the others overlap
   * at every start: the first one read must not answer before the calendar is in place, or the app
   * serves its first requests with the national calendar only.
   */
  it("answers a read overtaken by a newer one only once the newer one is in place", async () => {
    await emptyCalendar(ctx());
    const day = workingDayAhead(3);
    await ctx().database.db.execute(
      sql`insert into dias_da_agencia (data, nome) values (${day}, 'Dia novo')`,
    );
    const bus = quietBus();
    const loader = createHolidayLoader({
      db: ctx().database.db,
      office: { state: "SP", city: "São Paulo" },
      bus,
      log: { error: () => {} },
    });
    try {
      const beforeServing = loader.reload();
      bus.startListening();
      await beforeServing;
      expect(officeHolidayOn(day)).toEqual({ data: day, nome: "Dia novo", tipo: "agencia" });
    } finally {
      loader.close();
    }
  });
});
