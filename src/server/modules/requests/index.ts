import type { AppModule } from "../../app-context";
import { attachmentsRoutes } from "./attachments.routes";
import { createAttachmentsService } from "./attachments.service";
import type { MoreGuards } from "./kind-guards";
import { requestsRoutes } from "./requests.routes";
import { createRequestsService } from "./requests.service";

/**
 * Asking, editing and reading requests of every kind (decision 010). `moreGuards`:
 * a kind's rules kept by another module (the CLT's under the absence's, decision
 * 060), given by the module list so requests never imports that module.
 */
export const requestsModule = (moreGuards: MoreGuards): AppModule => ({
  name: "requests",
  register: ({ app, config, database, review, notifier, requestLists, storage, worker, linkSecret }) =>
    app.register(requestsRoutes, {
      storage,
      service: createRequestsService({
        db: database.db,
        review: { ...review, flush: notifier.flush },
        lists: requestLists,
        storage,
        worker,
        webhookKinds: new Set(
          Object.entries(config.webhookUrls)
            .filter(([, url]) => url)
            .map(([kind]) => kind),
        ),
        publicUrl: config.publicUrl,
        moreGuards,
        linkSecret,
        linkTtlSeconds: config.attachmentLinkTtlSeconds,
      }),
    }),
});

/** The requests' files, behind signed links. */
export const attachmentsModule: AppModule = {
  name: "attachments",
  register: ({ app, database, review, storage, linkSecret }) =>
    app.register(attachmentsRoutes, {
      storage,
      service: createAttachmentsService({
        db: database.db,
        linkSecret,
        // The requester and the reviewers of the request the file belongs to (decision 011).
        mayRead: async (user, kind, requestId) => {
          try {
            await review.access(user, kind, requestId);
            return true;
          } catch {
            return false;
          }
        },
      }),
    }),
};
