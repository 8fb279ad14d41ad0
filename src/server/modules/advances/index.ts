import type { AppModule } from "../../app-context";
import { clockOf } from "../../app-context";
import { advancesRoutes } from "./advances.routes";
import { createAdvancesService } from "./advances.service";

export { advanceGuard } from "./advance-guard";

/** A cash advance's settlement (docs/decisions/067), through the review desk's moves. */
export const advancesModule: AppModule = {
  name: "advances",
  register: (context) =>
    context.app.register(advancesRoutes, {
      storage: context.storage,
      service: createAdvancesService({
        db: context.database.db,
        desk: { access: context.review.access, ownMoves: context.review.ownMoves },
        office: context.config.office,
        ...clockOf(context),
      }),
    }),
};
