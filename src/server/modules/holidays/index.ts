import { type AppModule, clockOf } from "../../app-context";
import { applyingBefore } from "../requests/request-list-cache";
import { registerHolidays } from "./holidays.routes";

/** 'Feriados' (decision 060): the office's calendar, read before the app serves and on every change. */
export const holidaysModule: AppModule = {
  name: "holidays",
  register: (context) =>
    registerHolidays(context.app, {
      db: context.database.db,
      office: context.config.office,
      // This instance's change of 'Feriados' drops its kept months before the answer leaves.
      bus: applyingBefore(context.bus, context.absenceMonths),
      ...clockOf(context),
    }),
};
