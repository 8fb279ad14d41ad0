import type { AppParts } from "./app-routes";
import { calendarFeedsRoutes } from "./modules/calendar-feeds/calendar-feeds.routes";
import { createCalendarFeedsService } from "./modules/calendar-feeds/calendar-feeds.service";
import { hourBankRoutes } from "./modules/hour-bank/hour-bank.routes";
import { createHourBankService } from "./modules/hour-bank/hour-bank.service";

/** 'Assinar calendário' and 'Banco de horas' (docs/decisions/060). */
export async function registerCalendarAndHourBankRoutes(parts: AppParts) {
  const { app, options, config, database } = parts;
  const clock = options.clock ? { clock: options.clock } : {};
  await app.register(calendarFeedsRoutes, {
    service: createCalendarFeedsService({ db: database.db, publicUrl: config.publicUrl, ...clock }),
  });
  await app.register(hourBankRoutes, {
    service: createHourBankService({ db: database.db, timeOff: config.timeOff, ...clock }),
  });
}
