import { type AppModule, clockOf } from "../../app-context";
import { painelRoutes } from "./painel.routes";
import { createPainelService } from "./painel.service";

/** The Painel (decision 014), its figures kept until a live event drops them. */
export const painelModule: AppModule = {
  name: "painel",
  register: (context) => {
    const { app, database, review, painelFigures } = context;
    return app.register(painelRoutes, {
      service: createPainelService({
        db: database.db,
        scopeOf: review.scopeOf,
        cache: painelFigures,
        ...clockOf(context),
      }),
    });
  },
};
