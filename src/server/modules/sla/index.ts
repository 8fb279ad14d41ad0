import type { AppModule } from "../../app-context";
import { slaRoutes } from "./sla.routes";
import { createSlaService } from "./sla.service";

/** Service levels (decision 014). */
export const slaModule: AppModule = {
  name: "sla",
  register: ({ app, database }) =>
    app.register(slaRoutes, { service: createSlaService({ db: database.db }) }),
};
