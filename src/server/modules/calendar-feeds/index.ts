import { type AppModule, clockOf } from "../../app-context";
import { calendarFeedsRoutes } from "./calendar-feeds.routes";
import { createCalendarFeedsService } from "./calendar-feeds.service";

/** 'Assinar calendário' (decision 060). */
export const calendarFeedsModule: AppModule = {
  name: "calendar-feeds",
  register: (context) =>
    context.app.register(calendarFeedsRoutes, {
      service: createCalendarFeedsService({
        db: context.database.db,
        publicUrl: context.config.publicUrl,
        ...clockOf(context),
      }),
    }),
};
