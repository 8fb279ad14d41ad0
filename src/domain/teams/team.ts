import { z } from "zod";
import { mailboxField } from "../requests/fields";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS, type RequestKind } from "../requests/kinds";
import { SUPPORT_DEPARTMENT_VALUES } from "../requests/kinds/suporte/options";

/*
 * Teams handle requests (decision 011): the kinds they handle and, for support
 * tickets, the departments they answer. A request goes to every team that
 * handles it; its page and its queue are theirs alone.
 */

export const STAFF_AREAS = ["vagas", "planejamento"] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** What decides which requests a team sees. */
export type TeamScope = {
  readonly kinds: readonly string[];
  /** The values of a routed kind's field this team answers (support tickets' departments). */
  readonly departamentos: readonly string[];
};

/** Kinds a team can be given directly: those not routed by a field (support is, by department). */
export const DIRECT_KINDS = REQUEST_KINDS.filter((kind) => !("routing" in REQUEST_KIND_REGISTRY[kind]));

/** Whether a team handles a request of `kind` whose routed field (if the kind has one) holds `routedValue`. */
export function teamHandles(team: TeamScope, kind: RequestKind, routedValue: unknown): boolean {
  const definition = REQUEST_KIND_REGISTRY[kind];
  if ("routing" in definition && definition.routing) {
    return typeof routedValue === "string" && team.departamentos.includes(routedValue);
  }
  return team.kinds.includes(kind);
}

export const teamMessages = {
  nameRequired: "Informe o nome da equipe",
  nameTooLong: "O nome deve ter no máximo 60 caracteres",
  nameTaken: { title: "Equipe já existe", description: "Já existe uma equipe com este nome." },
  memberInvalid: "Informe emails válidos, um por linha",
  memberDomain: (domains: readonly string[]) =>
    `Apenas emails com domínios ${domains.map((d) => `@${d}`).join(" e ")} podem participar`,
  kindInvalid: "Tipo de solicitação desconhecido",
  departmentInvalid: "Departamento desconhecido",
  thresholdInvalid: "Informe um valor maior que zero",
  policyTeamRequired: "Escolha a equipe da segunda aprovação",
  saved: { title: "Equipe salva" },
  deleted: { title: "Equipe removida" },
  // ours: the built-in teams stay; their members and what they handle are what changes.
  // A second approval never disappears with its team (docs/decisions/029).
  cannotDeletePolicyTeam: {
    title: "Equipe em uso",
    description:
      "Esta equipe dá a segunda aprovação de uma política. Escolha outra equipe na política ou remova a política antes.",
  },
  cannotDeleteAwaitedTeam: {
    title: "Equipe em uso",
    description:
      "Há solicitações aguardando a aprovação desta equipe. Elas precisam ser aprovadas, recusadas ou devolvidas para ajuste antes.",
  },
  cannotDeleteDefault: {
    title: "Equipe padrão",
    description:
      "As equipes criadas na instalação não podem ser removidas. Remova os membros se não forem usadas.",
  },
} as const;

const memberEmail = mailboxField(teamMessages.memberInvalid);

/** A team as an administrator writes it ('Equipes e permissões'). */
export const TeamInputSchema = z.object({
  name: z
    .string({ error: teamMessages.nameRequired })
    .trim()
    .min(1, teamMessages.nameRequired)
    .max(60, teamMessages.nameTooLong),
  kinds: z
    .array(z.enum(DIRECT_KINDS as [RequestKind, ...RequestKind[]], { error: teamMessages.kindInvalid }))
    .default([]),
  departamentos: z
    .array(z.enum(SUPPORT_DEPARTMENT_VALUES, { error: teamMessages.departmentInvalid }))
    .default([]),
  members: z.array(memberEmail).max(500).default([]),
  /** Its members must have a second factor (docs/decisions/055); left out, it stays as it is. */
  secondFactorRequired: z.boolean().optional(),
});
export type TeamInput = z.infer<typeof TeamInputSchema>;

/** 'Acima de R$ X, aprovação também de <equipe>', for the kinds that have a value. */
export const ApprovalPolicyInputSchema = z.object({
  thresholdCents: z
    .number({ error: teamMessages.thresholdInvalid })
    .int(teamMessages.thresholdInvalid)
    .positive(teamMessages.thresholdInvalid)
    .max(10_000_000_000, teamMessages.thresholdInvalid),
  teamId: z.uuid({ error: teamMessages.policyTeamRequired }),
});
export type ApprovalPolicyInput = z.infer<typeof ApprovalPolicyInputSchema>;

/** Kinds whose registry entry shows a value: the ones a second approval above an amount applies to. */
export const KINDS_WITH_VALUE = REQUEST_KINDS.filter((kind) => {
  const list = REQUEST_KIND_REGISTRY[kind].list;
  return "value" in list && Boolean(list.value);
});
