import type { AppModule } from "../../app-context";
import { financeRoutes } from "./finance.routes";
import { createFinanceService } from "./finance.service";
import { expenseLimitsRoutes } from "./limits.routes";
import { createExpenseLimitsService } from "./limits.service";

/** The monthly expense limits (spec §9 Limits). */
export const expenseLimitsModule: AppModule = {
  name: "expense-limits",
  register: ({ app, database, bus }) =>
    app.register(expenseLimitsRoutes, { service: createExpenseLimitsService({ db: database.db, bus }) }),
};

/** Finance's evidence and paying (decision 015), through the review desk's moves. */
export const financeModule: AppModule = {
  name: "finance",
  register: ({ app, config, database, review }) =>
    app.register(financeRoutes, {
      service: createFinanceService({
        db: database.db,
        desk: { act: review.act, queued: review.queued },
        office: config.office,
      }),
    }),
};
