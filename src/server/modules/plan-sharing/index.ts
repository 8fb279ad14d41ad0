import type { AppModule } from "../../app-context";
import { planSharingRoutes, publicPlanRoutes } from "./plan-sharing.routes";
import { createPlanSharingService } from "./plan-sharing.service";

/** 'Compartilhar com o cliente' (decision 020): the planner's link, and the client's page behind it. */
export const planSharingModule: AppModule = {
  name: "plan-sharing",
  register: async ({ app, config, database, notifier }) => {
    const sharing = createPlanSharingService({ db: database.db, notifier, publicUrl: config.publicUrl });
    await app.register(planSharingRoutes, { service: sharing });
    await app.register(publicPlanRoutes, { service: sharing });
  },
};
