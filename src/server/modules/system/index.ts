import type { AppModule } from "../../app-context";
import { systemRoutes } from "./system.routes";
import { createSystemService } from "./system.service";

/** Health and version. */
export const systemModule: AppModule = {
  name: "system",
  register: ({ app, database }) => app.register(systemRoutes, { service: createSystemService({ database }) }),
};
