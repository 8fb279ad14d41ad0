import type { AppModule } from "../app-context";
import { backupRoutes } from "./backup.routes";

/** 'Backups' (decision 041): the download route; the schedule is a job. */
export const backupModule: AppModule = {
  name: "backup",
  register: ({ app, backups, config }) => app.register(backupRoutes, { backups, config }),
};
