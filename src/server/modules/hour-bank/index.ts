import { type AppModule, clockOf } from "../../app-context";
import { hourBankRoutes } from "./hour-bank.routes";
import { createHourBankService } from "./hour-bank.service";

/** 'Banco de horas' (decision 060). */
export const hourBankModule: AppModule = {
  name: "hour-bank",
  register: (context) =>
    context.app.register(hourBankRoutes, {
      service: createHourBankService({
        db: context.database.db,
        timeOff: context.config.timeOff,
        ...clockOf(context),
      }),
    }),
};
