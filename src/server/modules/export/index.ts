import type { AppModule } from "../../app-context";
import { exportRoutes } from "./export.routes";
import { createExportService } from "./export.service";

/** The queue's export for the accountant (decision 013): the same scope and filters as 'Caixa de entrada'. */
export const exportModule: AppModule = {
  name: "export",
  register: ({ app, config, database, review, storage }) =>
    app.register(exportRoutes, {
      service: createExportService({ db: database.db, scopeOf: review.scopeOf }),
      storage,
      publicUrl: config.publicUrl,
    }),
};
