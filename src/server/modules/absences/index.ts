import { type AppModule, clockOf } from "../../app-context";
import { absencesRoutes } from "./absences.routes";
import { createAbsencesService } from "./absences.service";

/** 'Quem está fora' (decision 040): every signed-in person, names and periods only. */
export const absencesModule: AppModule = {
  name: "absences",
  register: (context) =>
    context.app.register(absencesRoutes, {
      service: createAbsencesService({
        db: context.database.db,
        cache: context.absenceMonths,
        ...clockOf(context),
      }),
    }),
};
