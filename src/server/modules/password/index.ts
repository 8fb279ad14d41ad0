import { type AppModule, clockOf } from "../../app-context";
import { passwordRoutes } from "./password.routes";
import { createPasswordService } from "./password.service";

/** Changing and resetting a password (decision 050). */
export const passwordModule: AppModule = {
  name: "password",
  register: (context) => {
    const { app, config, database, auth, sessions, mailer } = context;
    return app.register(passwordRoutes, {
      service: createPasswordService({
        db: database.db,
        auth,
        sessions,
        mailer,
        publicUrl: config.publicUrl,
        requireEmailVerification: config.requireEmailVerification,
        ...clockOf(context),
      }),
    });
  },
};
