import type { AppModule } from "../../app-context";
import { substitutesRoutes } from "./substitutes.routes";

/** 'Substituto' (decision 060): the choice on 'Minha conta', and following the absences to hand requests over. */
export const substitutesModule: AppModule = {
  name: "substitutes",
  register: async ({ app, substitutes }) => {
    await app.register(substitutesRoutes, { service: substitutes });
    const stopFollowingAbsences = substitutes.followAbsences(app.log);
    app.addHook("onClose", async () => stopFollowingAbsences());
  },
};
