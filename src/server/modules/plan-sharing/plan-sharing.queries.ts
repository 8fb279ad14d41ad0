import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { PlanStatus } from "@/domain/planning/plan";
import type { Executor } from "../../db/client";
import { clients, planClientComments, planShareLinks, contentPlans as plans, users } from "../../db/schema";

/** A link that still opens its plan: not revoked, not past its expiry (the database's clock). */
const open = and(isNull(planShareLinks.revokedAt), gt(planShareLinks.expiresAt, sql`now()`));

/** The plan if `userId` owns it: its status and whether it has content. */
export async function findOwnPlanState(db: Executor, userId: string, planId: string) {
  const [row] = await db
    .select({
      id: plans.id,
      status: plans.status,
      hasContent: sql<boolean>`${plans.calendarioEditorial} is not null`,
      clientApprovedBy: plans.clientApprovedBy,
      clientApprovedAt: plans.clientApprovedAt,
    })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.userId, userId)));
  return row;
}

/** Revokes every link of the plan still unrevoked (expired ones too); how many were open. */
export async function revokeLinks(db: Executor, planId: string): Promise<number> {
  const rows = await db
    .update(planShareLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(planShareLinks.planId, planId), isNull(planShareLinks.revokedAt)))
    .returning({ expiresAt: planShareLinks.expiresAt });
  return rows.filter((r) => r.expiresAt > new Date()).length;
}

export async function insertLink(
  db: Executor,
  link: { planId: string; tokenHash: string; createdBy: string; days: number },
) {
  const [row] = await db
    .insert(planShareLinks)
    .values({
      planId: link.planId,
      tokenHash: link.tokenHash,
      createdBy: link.createdBy,
      expiresAt: sql`now() + make_interval(days => ${link.days})`,
    })
    .returning({ createdAt: planShareLinks.createdAt, expiresAt: planShareLinks.expiresAt });
  return row!;
}

/** The plan's link that still opens it, if any. */
export async function findOpenLink(db: Executor, planId: string) {
  const [row] = await db
    .select({ createdAt: planShareLinks.createdAt, expiresAt: planShareLinks.expiresAt })
    .from(planShareLinks)
    .where(and(eq(planShareLinks.planId, planId), open));
  return row;
}

/** The link of this token hash, if it still opens its plan, with the plan, its client's name and its owner. */
export async function findPlanByLink(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      linkId: planShareLinks.id,
      expiresAt: planShareLinks.expiresAt,
      plan: plans,
      clientName: clients.name,
      owner: { id: users.id, name: users.name, email: users.email },
    })
    .from(planShareLinks)
    .innerJoin(plans, eq(plans.id, planShareLinks.planId))
    .innerJoin(users, eq(users.id, plans.userId))
    .leftJoin(clients, eq(clients.id, plans.clientId))
    .where(and(eq(planShareLinks.tokenHash, tokenHash), open));
  return row;
}

export async function listComments(db: Executor, planId: string) {
  return db
    .select()
    .from(planClientComments)
    .where(eq(planClientComments.planId, planId))
    .orderBy(planClientComments.createdAt, planClientComments.id);
}

export async function insertComment(
  db: Executor,
  comment: { planId: string; postId: string; linkId: string; authorName: string; body: string },
) {
  const [row] = await db.insert(planClientComments).values(comment).returning();
  return row!;
}

/** The client's approval, if the plan is still at the version the client saw and approvable; whether it was. */
export async function approveByClient(
  db: Executor,
  plan: { id: string; version: number; name: string },
  approvable: PlanStatus[],
): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({
      status: "aprovado_cliente",
      clientApprovedBy: plan.name,
      clientApprovedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(plans.id, plan.id), eq(plans.version, plan.version), inArray(plans.status, approvable)))
    .returning({ id: plans.id });
  return rows.length > 0;
}
