import type { AppModule } from "../../app-context";
import { clientsRoutes } from "./clients.routes";
import { createClientsService } from "./clients.service";

/** 'Clientes', the plans' clients. */
export const clientsModule: AppModule = {
  name: "clients",
  register: ({ app, database }) =>
    app.register(clientsRoutes, { service: createClientsService({ db: database.db }) }),
};
