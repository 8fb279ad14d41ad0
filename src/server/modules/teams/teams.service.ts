import type { RequestKind } from "@/domain/requests/kinds";
import type { TeamEvent, TeamsPage } from "@/domain/teams/api";
import { notFound } from "../../http/errors";
import { subjectEvents } from "../timeline/timeline.queries";
import { createPolicyEdits } from "./approval-policies.service";
import { createTeamEdits, type TeamEditsDeps } from "./team-edits.service";
import { summarize, TEAM_SUBJECT } from "./team-history";
import { present } from "./team-presentation";
import { findTeam, listPolicies, listTeams } from "./teams.queries";

/*
 * Creating, changing and removing a team in team-edits.service.ts, the second approvals in
 * approval-policies.service.ts, the history's lines in team-history.ts.
 */
export { TEAM_SUBJECT } from "./team-history";

/**
 * 'Equipes e permissões' (decision 011): administrators keep the teams, their
 * members and what they handle; every change is appended to the audit trail.
 */
export function createTeamsService(deps: TeamEditsDeps) {
  const { db, config } = deps;

  async function page(): Promise<TeamsPage> {
    const [teams, policies] = await Promise.all([listTeams(db), listPolicies(db)]);
    return {
      teams: teams.map((team) => present(config, team)),
      policies: policies.map((p) => ({ ...p, kind: p.kind as RequestKind })),
      admins: [...config.adminEmails],
      secondFactorEnforced: config.requireSecondFactor,
    };
  }

  async function history(id: string): Promise<TeamEvent[]> {
    const team = await findTeam(db, id);
    if (!team) throw notFound();
    const rows = await subjectEvents(db, TEAM_SUBJECT, id, { withInternal: true });
    return rows.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actorName: e.actorName,
      type: e.type,
      summary: summarize(e.type, e.data ?? {}),
    }));
  }

  return { page, ...createTeamEdits(deps), ...createPolicyEdits(db), history };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
