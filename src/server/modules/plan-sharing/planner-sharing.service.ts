import { planMessages } from "@/domain/planning/messages";
import type { PlanStatus } from "@/domain/planning/plan";
import {
  PLAN_HISTORY_ACTIONS,
  type PlanClientActivity,
  type PlanHistoryAction,
  SHARE_LINK_DAYS,
  type ShareLinkCreated,
  shareMessages,
} from "@/domain/planning/share-api";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { insertPlanHistory, listPlanHistory } from "../planning/planning.queries";
import {
  findOpenLink,
  findOwnPlanState,
  insertLink,
  listComments,
  revokeLinks,
} from "./plan-sharing.queries";
import { hashToken, newToken, SHAREABLE } from "./share-link";

/** The planner's side: sharing, revoking, and what the client did. */
export function createPlannerSharing(deps: { db: Db; publicUrl: string }) {
  const { db } = deps;

  async function ownPlan(context: SignedInContext, planId: string) {
    const plan = await findOwnPlanState(db, context.user.id, planId);
    if (!plan) throw notFound();
    return plan;
  }

  const plannerName = (context: SignedInContext) => context.user.name || context.user.email;

  /** 'Compartilhar com o cliente': a new link, which revokes the one before (one active link per plan). */
  async function createLink(context: SignedInContext, planId: string): Promise<ShareLinkCreated> {
    const plan = await ownPlan(context, planId);
    if (!plan.hasContent || !SHAREABLE.includes(plan.status as PlanStatus)) {
      throw new AppError(409, "PLAN_NOT_READY", {
        title: planMessages.error,
        description: shareMessages.notShareable,
      });
    }
    const token = newToken();
    const link = await db.transaction(async (tx) => {
      await revokeLinks(tx, planId);
      const created = await insertLink(tx, {
        planId,
        tokenHash: hashToken(token),
        createdBy: context.user.id,
        days: SHARE_LINK_DAYS,
      });
      await insertPlanHistory(tx, {
        planId,
        actorKind: "planejador",
        actorName: plannerName(context),
        action: "link_criado",
      });
      return created;
    });
    context.log.info({ planId }, "plan shared with the client");
    return {
      url: `${deps.publicUrl}/cliente/planejamento/${token}`,
      criado_em: link.createdAt.toISOString(),
      expira_em: link.expiresAt.toISOString(),
    };
  }

  /** 'Revogar': the link stops opening the plan at once. */
  async function revokeLink(context: SignedInContext, planId: string) {
    await ownPlan(context, planId);
    await db.transaction(async (tx) => {
      if ((await revokeLinks(tx, planId)) === 0) return;
      await insertPlanHistory(tx, {
        planId,
        actorKind: "planejador",
        actorName: plannerName(context),
        action: "link_revogado",
      });
    });
    context.log.info({ planId }, "plan's client link revoked");
  }

  /** The viewer's 'Cliente' panel: the link's standing, the approval, the comments and the history. */
  async function activity(context: SignedInContext, planId: string): Promise<PlanClientActivity> {
    const plan = await ownPlan(context, planId);
    const [link, comments, history] = await Promise.all([
      findOpenLink(db, planId),
      listComments(db, planId),
      listPlanHistory(db, planId),
    ]);
    return presentActivity(plan, link, comments, history);
  }

  return { createLink, revokeLink, activity };
}

/** The viewer's 'Cliente' panel from the plan's link, comments and history rows. */
function presentActivity(
  plan: NonNullable<Awaited<ReturnType<typeof findOwnPlanState>>>,
  link: Awaited<ReturnType<typeof findOpenLink>>,
  comments: Awaited<ReturnType<typeof listComments>>,
  history: Awaited<ReturnType<typeof listPlanHistory>>,
): PlanClientActivity {
  return {
    link: link ? { criado_em: link.createdAt.toISOString(), expira_em: link.expiresAt.toISOString() } : null,
    aprovacao:
      plan.status === "aprovado_cliente" && plan.clientApprovedBy && plan.clientApprovedAt
        ? { nome: plan.clientApprovedBy, em: plan.clientApprovedAt.toISOString() }
        : null,
    comentarios: comments.map((c) => ({
      id: c.id,
      post_id: c.postId,
      nome: c.authorName,
      texto: c.body,
      em: c.createdAt.toISOString(),
    })),
    historico: history
      .filter((h) => h.action in PLAN_HISTORY_ACTIONS)
      .map((h) => ({
        em: h.at.toISOString(),
        quem: h.actorName,
        por: h.actorKind === "cliente" ? ("cliente" as const) : ("planejador" as const),
        acao: h.action as PlanHistoryAction,
        detalhe: h.detail,
      })),
  };
}
