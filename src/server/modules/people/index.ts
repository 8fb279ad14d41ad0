import type { AppModule } from "../../app-context";
import { peopleRoutes } from "./people.routes";
import { createPeopleService } from "./people.service";

/** 'Pessoas': deactivating accounts (decision 048). */
export const peopleModule: AppModule = {
  name: "people",
  register: ({ app, config, database, sessions, bus }) =>
    app.register(peopleRoutes, {
      service: createPeopleService({ db: database.db, sessions, bus, adminEmails: config.adminEmails }),
    }),
};
