import type { Access } from "@/domain/auth/auth.schema";
import type { StaffArea } from "@/domain/teams/team";
import { isHrDesk } from "@/domain/time-off/hr-desk";
import type { Executor } from "../../db/client";
import { teamsOfMember } from "./teams.queries";

/** A team someone belongs to, with what it handles. */
export type MemberTeam = {
  id: string;
  name: string;
  kinds: string[];
  departamentos: string[];
  area: string | null;
  /** Its members must have a second factor (docs/decisions/055). */
  secondFactorRequired: boolean;
};

export type Membership = { teams: MemberTeam[]; access: Access };

export type MembershipConfig = {
  /** Lower-cased, from ADMIN_EMAILS. */
  adminEmails: readonly string[];
  /** Lower-cased, from VAGAS_MANAGERS and PLANNING_MANAGERS: members of the staff-area teams by configuration. */
  jobOpeningManagers: readonly string[];
  planningManagers: readonly string[];
};

/** The staff-area teams configuration puts an address in (spec §6, kept as members defined by configuration). */
export function configuredAreas(email: string, config: MembershipConfig): StaffArea[] {
  const areas: StaffArea[] = [];
  if (config.jobOpeningManagers.includes(email)) areas.push("vagas");
  if (config.planningManagers.includes(email)) areas.push("planejamento");
  return areas;
}

/**
 * What a signed-in person may do beyond their own requests, decided on the
 * server from the teams table and the configuration at every request, so a
 * change of team applies at once.
 */
export function createMembership(db: Executor, config: MembershipConfig) {
  async function of(email: string): Promise<Membership> {
    const normalized = email.trim().toLowerCase();
    const teams = await teamsOfMember(db, normalized, configuredAreas(normalized, config));
    const admin = config.adminEmails.includes(normalized);
    return {
      teams,
      access: {
        vagas: teams.some((t) => t.area === "vagas"),
        planejamento: teams.some((t) => t.area === "planejamento"),
        caixa: teams.some((t) => t.kinds.length > 0 || t.departamentos.length > 0),
        admin,
        rh: isHrDesk({ teams, access: { admin } }),
      },
    };
  }
  return { of };
}

export type MembershipResolver = ReturnType<typeof createMembership>;
