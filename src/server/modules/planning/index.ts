import type { AppModule } from "../../app-context";
import { createBitrixClient } from "./bitrix24";
import { planExportRoutes } from "./plan-export.routes";
import { createPlanExportService } from "./plan-export.service";
import { createPlanTasksService } from "./plan-tasks.service";
import { planningRoutes } from "./planning.routes";

/** Content plans and their Bitrix24 tasks (decisions 016 to 019); the plans' service is shared (plans.ts). */
export const planningModule: AppModule = {
  name: "planning",
  register: ({ app, config, database, plans }) =>
    app.register(planningRoutes, {
      service: plans,
      tasks: createPlanTasksService({
        db: database.db,
        plans,
        bitrix: config.bitrix24 ? createBitrixClient({ ...config.bitrix24, log: app.log }) : null,
        staleClaimSeconds: config.bitrix24 ? config.bitrix24.timeoutSeconds * 2 + 30 : 60,
        publicUrl: config.publicUrl,
      }),
    }),
};

/** A plan's PDF and spreadsheet. */
export const planExportModule: AppModule = {
  name: "plan-export",
  register: ({ app, plans }) =>
    app.register(planExportRoutes, { service: createPlanExportService({ plans }) }),
};
