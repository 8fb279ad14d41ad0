import { isAllowedEmailDomain } from "@/domain/auth/email-domain";
import type { Team } from "@/domain/teams/api";
import { type TeamInput, teamMessages } from "@/domain/teams/team";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { appendEvent } from "../timeline/timeline.queries";
import { actorOf, TEAM_SUBJECT } from "./team-history";
import { present, type TeamsConfig } from "./team-presentation";
import { fieldError, nameTaken, policyTeam, teamInUse } from "./team-refusals";
import {
  deleteTeam,
  findTeam,
  insertTeam,
  listPolicies,
  replaceMembers,
  type TeamRow,
  updateTeam,
} from "./teams.queries";

export type TeamEditsDeps = { db: Db; config: TeamsConfig; sessions: SessionRevoker };

/**
 * A committed change of teams reaches every signed-in person's cached session
 * on every instance before the administrator hears it is done (decision 012).
 */
async function committed<T>(sessions: SessionRevoker, change: Promise<T>): Promise<T> {
  const result = await change;
  await sessions.revoke({ type: "all" });
  return result;
}

const teamFields = (input: TeamInput) => ({
  name: input.name,
  kinds: input.kinds,
  departamentos: input.departamentos,
  ...(input.secondFactorRequired === undefined ? {} : { secondFactorRequired: input.secondFactorRequired }),
});
function checkMembers(config: TeamsConfig, members: readonly string[]) {
  const outside = members.find((email) => !isAllowedEmailDomain(email, config.allowedEmailDomains));
  if (outside) throw fieldError("members", teamMessages.memberDomain(config.allowedEmailDomains));
}

/** Creating, changing and removing a team. */
export function createTeamEdits({ db, config, sessions }: TeamEditsDeps) {
  async function create(context: SignedInContext, input: TeamInput): Promise<Team> {
    checkMembers(config, input.members);
    try {
      return await committed(
        sessions,
        db.transaction(async (tx) => {
          const team = await insertTeam(tx, teamFields(input));
          const { added } = await replaceMembers(tx, team.id, input.members);
          await appendEvent(tx, {
            subjectKind: TEAM_SUBJECT,
            subjectId: team.id,
            actor: actorOf(context),
            type: "equipe_criada",
            data: {
              name: team.name,
              kinds: team.kinds,
              departamentos: team.departamentos,
              added,
              ...(team.secondFactorRequired ? { secondFactorRequired: true } : {}),
            },
          });
          context.log.info({ teamId: team.id }, "team created");
          return present(config, { ...team, members: [...input.members].sort() });
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  async function update(context: SignedInContext, id: string, input: TeamInput): Promise<Team> {
    checkMembers(config, input.members);
    try {
      return await committed(
        sessions,
        db.transaction(async (tx) => {
          const before = await findTeam(tx, id);
          if (!before) throw notFound();
          const team = await updateTeam(tx, id, teamFields(input));
          const { added, removed } = await replaceMembers(tx, id, input.members);
          const changed = diff(before, team!);
          if (Object.keys(changed).length || added.length || removed.length) {
            await appendEvent(tx, {
              subjectKind: TEAM_SUBJECT,
              subjectId: id,
              actor: actorOf(context),
              type: "equipe_alterada",
              data: { changed, added, removed },
            });
          }
          context.log.info({ teamId: id, added: added.length, removed: removed.length }, "team changed");
          return present(config, { ...team!, members: [...new Set(input.members)].sort() });
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  async function remove(context: SignedInContext, id: string): Promise<void> {
    await committed(
      sessions,
      db.transaction(async (tx) => {
        const team = await findTeam(tx, id);
        if (!team) throw notFound();
        if (team.key !== null) throw new AppError(409, "BUILT_IN_TEAM", teamMessages.cannotDeleteDefault);
        if ((await listPolicies(tx)).some((p) => p.teamId === id)) throw policyTeam();
        await deleteTeam(tx, id).catch((err: unknown) => {
          throw teamInUse(err) ?? err;
        });
        await appendEvent(tx, {
          subjectKind: TEAM_SUBJECT,
          subjectId: id,
          actor: actorOf(context),
          type: "equipe_removida",
          data: { name: team.name, members: team.members },
        });
        context.log.info({ teamId: id }, "team removed");
      }),
    );
  }

  return { create, update, remove };
}

function diff(before: TeamRow, after: TeamRow): Record<string, { de: unknown; para: unknown }> {
  const changed: Record<string, { de: unknown; para: unknown }> = {};
  for (const key of ["name", "kinds", "departamentos", "secondFactorRequired"] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changed[key] = { de: before[key], para: after[key] };
  }
  return changed;
}
