import type { PlanDetail } from "@/domain/planning/api";
import type { PlanStatus } from "@/domain/planning/plan";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { postIds, withPostIds } from "./plan-content";
import { conflict, notReady } from "./plan-refusals";
import { approvePlan, findOwnCalendar, insertPlanHistory, saveEditedContent } from "./planning.queries";

/** What a save may change; the client's approval too (the plan is then 'editado' again: decision 020). */
const EDITABLE: PlanStatus[] = ["gerado", "editado", "aprovado", "aprovado_cliente"];
/** What the planner may approve: once the client approved, there is nothing more to approve. */
const APPROVABLE: PlanStatus[] = ["gerado", "editado", "aprovado"];

/** Saving the edited content and approving it, both guarded by the version read. */
export function createPlanEdits(db: Db, detail: (userId: string, id: string) => Promise<PlanDetail>) {
  /** Distinguishes why a guarded update touched no row: not ours (404), not generated (409) or stale (409). */
  async function whyNotUpdated(userId: string, id: string): Promise<never> {
    const plan = await detail(userId, id);
    if (!EDITABLE.includes(plan.status as PlanStatus)) throw notReady();
    throw conflict();
  }

  /** Spec §4: saving sets editado and updated_at; based on an older version, it is refused (409). */
  async function save(
    context: SignedInContext,
    id: string,
    input: { version: number; content: PlanContent },
  ) {
    const { version, content } = input;
    const current = await findOwnCalendar(db, context.user.id, id);
    if (!current) throw notFound();
    const saved = await db.transaction(async (tx) => {
      const done = await saveEditedContent(
        tx,
        { id, userId: context.user.id, version },
        withPostIds(content, postIds(current.calendar)),
        EDITABLE,
      );
      if (done) await insertPlanHistory(tx, plannerEntry(context, id, "editado"));
      return done;
    });
    if (!saved) await whyNotUpdated(context.user.id, id);
    context.log.info({ planId: id }, "content plan saved");
    return detail(context.user.id, id);
  }

  async function approve(context: SignedInContext, id: string, input: { version: number }) {
    const { version } = input;
    const approved = await db.transaction(async (tx) => {
      const done = await approvePlan(tx, { id, userId: context.user.id, version }, APPROVABLE);
      if (done) await insertPlanHistory(tx, plannerEntry(context, id, "aprovado"));
      return done;
    });
    if (!approved) {
      const current = await detail(context.user.id, id);
      // The client approved it already: approving again changes nothing.
      if (current.status === "aprovado_cliente") return current;
      await whyNotUpdated(context.user.id, id);
    }
    context.log.info({ planId: id }, "content plan approved");
    return detail(context.user.id, id);
  }

  return { save, approve };
}

/** A history line of the plan's owner, named as the account is. */
function plannerEntry(context: SignedInContext, planId: string, action: "editado" | "aprovado") {
  return {
    planId,
    actorKind: "planejador",
    actorName: context.user.name || context.user.email,
    action,
  };
}
