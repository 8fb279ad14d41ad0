import type { AppModule } from "../app-context";
import { liveRoutes } from "./live.routes";

/** GET /api/eventos: the live events of the open tabs; /metrics reads how many streams are open. */
export const liveModule: AppModule = {
  name: "live",
  register: (context) =>
    context.app.register(liveRoutes, {
      bus: context.bus,
      observe: (count) => (context.liveStreams.count = count),
    }),
};
