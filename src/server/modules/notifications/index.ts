import type { AppModule } from "../../app-context";
import { notificationsRoutes } from "./notifications.routes";

/** The bell and the e-mail preferences. */
export const notificationsModule: AppModule = {
  name: "notifications",
  register: ({ app, notifier }) => app.register(notificationsRoutes, { notifier }),
};
