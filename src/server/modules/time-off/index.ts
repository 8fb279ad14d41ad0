import { type AppModule, clockOf } from "../../app-context";
import { timeOffRoutes } from "./time-off.routes";
import { createTimeOffService } from "./time-off.service";

/** Vacation balances and the admission dates RH records (decision 060). */
export const timeOffModule: AppModule = {
  name: "time-off",
  register: (context) =>
    context.app.register(timeOffRoutes, {
      service: createTimeOffService({ db: context.database.db, ...clockOf(context) }),
    }),
};
