import type { AppModule } from "../app-context";
import { doctorRoutes } from "./doctor.routes";
import { proxyProbeRoutes } from "./proxy-probe.routes";

/** The probe the doctor sends through the proxy, to see what the app is told of the client. */
export const proxyProbeModule: AppModule = {
  name: "proxy-probe",
  register: ({ app, options, config }) =>
    app.register(proxyProbeRoutes, {
      authSecret: options.authSecret,
      trustsProxy: config.trustProxy !== false,
    }),
};

/** 'Diagnóstico': the doctor's checks, for administrators. */
export const doctorModule: AppModule = {
  name: "doctor",
  register: ({ app, config, options, database, storage, mailer }) =>
    app.register(doctorRoutes, { config, authSecret: options.authSecret, database, storage, mailer }),
};
