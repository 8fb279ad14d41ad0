import type { RequestKind } from "@/domain/requests/kinds";
import { type ApprovalPolicyInput, KINDS_WITH_VALUE, teamMessages } from "@/domain/teams/team";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { appendEvent } from "../timeline/timeline.queries";
import { actorOf, TEAM_SUBJECT } from "./team-history";
import { fieldError } from "./team-refusals";
import { deletePolicy, findTeam, upsertPolicy } from "./teams.queries";

/** A kind's second approval above an amount: set and removed. */
export function createPolicyEdits(db: Db) {
  async function setPolicy(context: SignedInContext, kind: RequestKind, input: ApprovalPolicyInput) {
    if (!KINDS_WITH_VALUE.includes(kind)) throw notFound();
    return db.transaction(async (tx) => {
      const team = await findTeam(tx, input.teamId);
      if (!team) throw fieldError("teamId", teamMessages.policyTeamRequired);
      await upsertPolicy(tx, kind, input.thresholdCents, input.teamId);
      await appendEvent(tx, {
        subjectKind: TEAM_SUBJECT,
        subjectId: input.teamId,
        actor: actorOf(context),
        type: "politica_definida",
        data: { kind, thresholdCents: input.thresholdCents },
      });
      return { kind, thresholdCents: input.thresholdCents, teamId: input.teamId, teamName: team.name };
    });
  }

  async function removePolicy(context: SignedInContext, kind: RequestKind) {
    await db.transaction(async (tx) => {
      const removed = await deletePolicy(tx, kind);
      if (!removed) throw notFound();
      await appendEvent(tx, {
        subjectKind: TEAM_SUBJECT,
        subjectId: removed.teamId,
        actor: actorOf(context),
        type: "politica_removida",
        data: { kind },
      });
    });
  }

  return { setPolicy, removePolicy };
}
