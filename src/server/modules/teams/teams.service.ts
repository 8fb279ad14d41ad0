import { isAllowedEmailDomain } from "@/domain/auth/email-domain";
import { httpMessages } from "@/domain/messages";
import { formatBRL } from "@/domain/money";
import { REQUEST_KIND_REGISTRY, type RequestKind } from "@/domain/requests/kinds";
import type { Team, TeamEvent, TeamsPage } from "@/domain/teams/api";
import {
  type ApprovalPolicyInput,
  KINDS_WITH_VALUE,
  type TeamInput,
  teamMessages,
} from "@/domain/teams/team";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { appendEvent, subjectEvents } from "../timeline/timeline.queries";
import { KIND_ASSIGNED_EVENT } from "./kind-handlers";
import type { MembershipConfig } from "./membership";
import {
  deletePolicy,
  deleteTeam,
  findTeam,
  insertTeam,
  listPolicies,
  listTeams,
  replaceMembers,
  type TeamRow,
  updateTeam,
  upsertPolicy,
} from "./teams.queries";

/** The teams' history is the timeline of subject "equipe" (the people module appends to it too). */
export const TEAM_SUBJECT = "equipe";

function fieldError(field: string, message: string) {
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: message },
    { [field]: message },
  );
}

const policyTeam = () => new AppError(409, "POLICY_TEAM", teamMessages.cannotDeletePolicyTeam);

/**
 * A team still needed for a second approval (a policy names it, or requests
 * await it) is kept by its foreign keys (ON DELETE RESTRICT: 23001, or 23503);
 * the administrator hears which.
 */
function teamInUse(err: unknown): AppError | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code !== "23001" && code !== "23503") continue;
    return constraint?.startsWith("approval_policies")
      ? policyTeam()
      : new AppError(409, "APPROVAL_AWAITED", teamMessages.cannotDeleteAwaitedTeam);
  }
  return null;
}

type Deps = {
  db: Db;
  config: MembershipConfig & { allowedEmailDomains: readonly string[]; requireSecondFactor: boolean };
  sessions: SessionRevoker;
};

/**
 * A committed change of teams reaches every signed-in person's cached session
 * on every instance before the administrator hears it is done (decision 012).
 */
async function committed<T>(sessions: SessionRevoker, change: Promise<T>): Promise<T> {
  const result = await change;
  await sessions.revoke({ type: "all" });
  return result;
}

const actorOf = (context: SignedInContext) => ({
  id: context.user.id,
  name: context.user.name || context.user.email,
  email: context.user.email,
});

const teamFields = (input: TeamInput) => ({
  name: input.name,
  kinds: input.kinds,
  departamentos: input.departamentos,
  ...(input.secondFactorRequired === undefined ? {} : { secondFactorRequired: input.secondFactorRequired }),
});

function configMembersOf(config: Deps["config"], team: Pick<TeamRow, "area">): string[] {
  if (team.area === "vagas") return [...config.jobOpeningManagers];
  if (team.area === "planejamento") return [...config.planningManagers];
  return [];
}

function present(config: Deps["config"], team: TeamRow & { members: string[] }): Team {
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

function checkMembers(config: Deps["config"], members: readonly string[]) {
  const outside = members.find((email) => !isAllowedEmailDomain(email, config.allowedEmailDomains));
  if (outside) throw fieldError("members", teamMessages.memberDomain(config.allowedEmailDomains));
}

/**
 * 'Equipes e permissões' (decision 011): administrators keep the teams, their
 * members and what they handle; every change is appended to the audit trail.
 */
export function createTeamsService(deps: Deps) {
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

/** Creating, changing and removing a team. */
function createTeamEdits({ db, config, sessions }: Deps) {
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

/** A kind's second approval above an amount: set and removed. */
function createPolicyEdits(db: Db) {
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

export type TeamsService = ReturnType<typeof createTeamsService>;

function nameTaken() {
  const m = teamMessages.nameTaken;
  return new AppError(409, "TEAM_NAME_TAKEN", m, { name: m.description });
}

function diff(before: TeamRow, after: TeamRow): Record<string, { de: unknown; para: unknown }> {
  const changed: Record<string, { de: unknown; para: unknown }> = {};
  for (const key of ["name", "kinds", "departamentos", "secondFactorRequired"] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changed[key] = { de: before[key], para: after[key] };
  }
  return changed;
}

const kindLabel = (kind: unknown) =>
  typeof kind === "string" && kind in REQUEST_KIND_REGISTRY
    ? REQUEST_KIND_REGISTRY[kind as RequestKind].label
    : String(kind);

/** One line in Portuguese for the team's history. */
function summarize(type: string, data: Record<string, unknown>): string {
  const list = (value: unknown) => (Array.isArray(value) && value.length ? value.join(", ") : "");
  switch (type) {
    case "equipe_criada":
      return `Equipe criada${list(data.added) ? ` com ${list(data.added)}` : ""}`;
    case "equipe_removida":
      return "Equipe removida";
    case "politica_definida":
      return `Segunda aprovação de ${kindLabel(data.kind)} acima de ${formatBRL(Number(data.thresholdCents))}`;
    case "politica_removida":
      return `Segunda aprovação de ${kindLabel(data.kind)} removida`;
    case KIND_ASSIGNED_EVENT:
      return `Passou a atender ${kindLabel(data.kind)}, que nenhuma equipe atendia`;
    default: {
      const parts: string[] = [];
      if (list(data.added)) parts.push(`Adicionou ${list(data.added)}`);
      if (list(data.removed))
        parts.push(`Removeu ${list(data.removed)}${data.deactivated ? " (conta desativada)" : ""}`);
      const changed = (data.changed ?? {}) as Record<string, unknown>;
      if ("name" in changed) parts.push("Renomeou a equipe");
      if ("kinds" in changed || "departamentos" in changed) parts.push("Mudou o que a equipe atende");
      const secondFactor = changed.secondFactorRequired as { para?: unknown } | undefined;
      if (secondFactor)
        parts.push(
          secondFactor.para
            ? "Passou a exigir verificação em duas etapas dos membros"
            : "Deixou de exigir verificação em duas etapas dos membros",
        );
      return parts.join("; ") || "Equipe alterada";
    }
  }
}
