import type { AppModule } from "../../app-context";
import { teamsRoutes } from "./teams.routes";
import { createTeamsService } from "./teams.service";

/** 'Equipes e permissões'. */
export const teamsModule: AppModule = {
  name: "teams",
  register: ({ app, config, database, sessions }) =>
    app.register(teamsRoutes, {
      service: createTeamsService({
        db: database.db,
        config: { ...config, allowedEmailDomains: config.allowedEmailDomains },
        sessions,
      }),
    }),
};
