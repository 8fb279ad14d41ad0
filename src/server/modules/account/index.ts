import type { AppModule } from "../../app-context";
import { accountRoutes } from "./account.routes";
import { createAccountService } from "./account.service";

/** 'Minha conta': the profile and the sessions (decision 051). */
export const accountModule: AppModule = {
  name: "account",
  register: ({ app, database, auth, sessions }) =>
    app.register(accountRoutes, { service: createAccountService({ db: database.db, auth, sessions }) }),
};
