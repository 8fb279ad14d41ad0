import type { PublicPlan } from "@/domain/planning/share-api";
import type { Db } from "../../db/client";
import type { RequestContext } from "../../http/request-context";
import type { Notifier } from "../notifications/notifications.service";
import { createClientApproval, createClientComments } from "./client-feedback.service";
import { createPlannerSharing } from "./planner-sharing.service";
import { createLinkAccess, SHARE_RATE_RULES } from "./share-link";

/*
 * Sharing a plan with its client (docs/decisions/020): the planner's side in
 * planner-sharing.service.ts, the link and the page it opens in share-link.ts, the client's
 * comments and approval in client-feedback.service.ts.
 */
export { SHARE_RATE_RULES } from "./share-link";

type Deps = { db: Db; notifier: Notifier; publicUrl: string };

export function createPlanSharingService(deps: Deps) {
  const access = createLinkAccess(deps.db);
  const { limit, resolve, publicPlanOf } = access;

  async function publicPlan(context: RequestContext, token: string): Promise<PublicPlan> {
    await limit(context, SHARE_RATE_RULES.readPerIp);
    return publicPlanOf(await resolve(token));
  }

  return {
    ...createPlannerSharing(deps),
    publicPlan,
    ...createClientComments(deps, access),
    ...createClientApproval(deps, access),
  };
}

export type PlanSharingService = ReturnType<typeof createPlanSharingService>;
