import { type AppModule, clockOf } from "../../app-context";
import { bankRoutes } from "./bank.routes";
import { createBankService } from "./bank.service";

/** Paying through the bank (decision 059): the remittance, the return, the statement. */
export const bankModule: AppModule = {
  name: "bank",
  register: (context) => {
    const { app, config, database, review } = context;
    return app.register(bankRoutes, {
      service: createBankService({
        db: database.db,
        desk: { bankMoves: review.bankMoves, queued: review.queued },
        office: config.office,
        ...clockOf(context),
      }),
    });
  },
};
