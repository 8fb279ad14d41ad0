import { type AppModule, clockOf } from "../../app-context";
import { passkeyRoutes } from "./passkey.routes";
import { createPasskeyService } from "./passkey.service";
import { secondFactorRoutes } from "./second-factor.routes";
import { createSecondFactorService } from "./second-factor.service";

/** The authenticator app, recovery codes and passkeys (decisions 054 to 056). */
export const secondFactorModule: AppModule = {
  name: "second-factor",
  register: async (context) => {
    const { app, config, database, auth, sessions, mailer } = context;
    const deps = {
      db: database.db,
      auth,
      sessions,
      mailer,
      accountUrl: `${config.publicUrl}/conta`,
      ...clockOf(context),
    };
    await app.register(secondFactorRoutes, { service: createSecondFactorService(deps) });
    await app.register(passkeyRoutes, { service: createPasskeyService(deps) });
  },
};
