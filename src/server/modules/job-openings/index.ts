import type { AppModule } from "../../app-context";
import { jobOpeningsRoutes } from "./job-openings.routes";
import { createJobOpeningsService } from "./job-openings.service";

/** 'Vagas'. */
export const jobOpeningsModule: AppModule = {
  name: "job-openings",
  register: ({ app, config, database }) =>
    app.register(jobOpeningsRoutes, {
      service: createJobOpeningsService({
        db: database.db,
        webhookEnabled: Boolean(config.webhookUrls.vaga),
      }),
    }),
};
