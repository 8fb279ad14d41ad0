import type { Team } from "@/domain/teams/api";
import type { MembershipConfig } from "./membership";
import type { TeamRow } from "./teams.queries";

/** What the teams' rules read from the configuration. */
export type TeamsConfig = MembershipConfig & {
  allowedEmailDomains: readonly string[];
  requireSecondFactor: boolean;
};

function configMembersOf(config: TeamsConfig, team: Pick<TeamRow, "area">): string[] {
  if (team.area === "vagas") return [...config.jobOpeningManagers];
  if (team.area === "planejamento") return [...config.planningManagers];
  return [];
}

/** A team as 'Equipes e permissões' shows it, with the members configuration adds. */
export function present(config: TeamsConfig, team: TeamRow & { members: string[] }): Team {
  return {
    id: team.id,
    name: team.name,
    kinds: team.kinds,
    departamentos: team.departamentos,
    area: (team.area as Team["area"]) ?? null,
    builtIn: team.key !== null,
    members: team.members,
    configMembers: configMembersOf(config, team),
    secondFactorRequired: team.secondFactorRequired,
  };
}
