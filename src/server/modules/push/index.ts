import type { AppModule } from "../../app-context";
import { PUSH_OUTBOX_KIND } from "./push.queries";
import { pushRoutes } from "./push.routes";
import { createPushService } from "./push.service";
import { createPushWorker, type PushWorker } from "./push-worker";
import { createVapidKeys } from "./vapid-keys";

declare module "fastify" {
  interface FastifyInstance {
    /** The push worker (decision 061): the jobs start it; tests send with push.runOnce(). */
    push: PushWorker;
  }
}

export { PUSH_OUTBOX_KIND };

/**
 * Web push (docs/decisions/061-web-push.md): the devices' routes on 'Minha conta', the VAPID key
 * pair made at the first start, and the worker that sends the bell's pushes (started with the jobs).
 */
export const pushModule: AppModule = {
  name: "push",
  register: async ({ app, config, database, sessions, bus }) => {
    const keys = createVapidKeys(database.db);
    const worker = createPushWorker({
      db: database.db,
      log: app.log,
      keys,
      subject: config.push.subject,
      allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    });
    app.decorate("push", worker);
    // A bell rung on any instance wakes this one's worker rather than waiting for its next poll.
    const stopListening = bus.subscribe((event) => {
      if (event.type === "notification") worker.wake();
    });
    app.addHook("onClose", async () => stopListening());
    // At the first start, not at the first subscriber's: every instance then agrees from the start.
    app.addHook("onReady", async () => void (await keys.get()));
    if (config.push.allowPrivateEndpoints)
      app.log.warn("push subscriptions may point at http:// and private addresses (a test's switch)");
    await app.register(pushRoutes, {
      service: createPushService({
        db: database.db,
        keys,
        sessionKeyOfCookie: (cookie) => sessions.keyOfCookie(cookie),
        allowPrivateEndpoints: config.push.allowPrivateEndpoints,
      }),
    });
  },
};
