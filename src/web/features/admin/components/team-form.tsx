import type * as React from "react";
import { REQUEST_TYPE_LABELS } from "@/domain/requests/kinds";
import { SUPPORT_DEPARTMENT_OPTIONS } from "@/domain/requests/kinds/suporte/options";
import type { Team } from "@/domain/teams/api";
import { DIRECT_KINDS, type TeamInput, teamMessages } from "@/domain/teams/team";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { PanelFormFooter } from "@/web/components/form/form-footer";
import { useSaveTeam } from "../api/teams";
import { useAdminForm } from "./admin-form";
import { AREA_LABELS } from "./labels";
import { TEAM_FORM_FIELDS, TeamFormSchema, type TeamFormValues } from "./team-form-schema";
import { TeamMembers } from "./team-members";

const SAVE_FAILED = { title: "Erro ao salvar a equipe", description: "Ocorreu um erro. Tente novamente." };
const KIND_OPTIONS = DIRECT_KINDS.map((kind) => ({ value: kind, label: REQUEST_TYPE_LABELS[kind] }));

/**
 * Creates or changes a team: its name, what it handles (request kinds, and for
 * support tickets the departments) and its members by company e-mail, people
 * who have not signed up yet included. Members by configuration are shown, not
 * editable. The whole team is saved at once (the server replaces the members).
 */
export function TeamForm({ team, onDone }: { team: Team | null; onDone: () => void }) {
  const save = useSaveTeam();
  const idPrefix = team ? `equipe-${team.id}` : "equipe-nova";
  const { form, onSubmit, busy } = useAdminForm<TeamFormValues, TeamInput, Team>({
    schema: TeamFormSchema,
    defaults: {
      name: team?.name ?? "",
      kinds: team?.kinds ?? [],
      departamentos: team?.departamentos ?? [],
      members: team?.members ?? [],
      newMember: "",
      secondFactorRequired: team?.secondFactorRequired ?? false,
    },
    fields: TEAM_FORM_FIELDS,
    send: (input, idempotencyKey) => {
      // The typed address is in the list now, as it will be once saved.
      form.setValue("members", input.members);
      form.setValue("newMember", "");
      return save.mutateAsync({ id: team?.id ?? null, input, idempotencyKey });
    },
    isPending: save.isPending,
    failed: SAVE_FAILED,
    saved: () => teamMessages.saved,
    onSaved: onDone,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col" aria-busy={busy}>
      <div className="grid gap-6">
        <FormFields
          form={form}
          fields={teamFields(
            team,
            idPrefix,
            <TeamMembers form={form} team={team} idPrefix={idPrefix} busy={busy} />,
          )}
          idPrefix={idPrefix}
        />
      </div>
      <PanelFormFooter busy={busy} onCancel={onDone} label={team ? "Salvar equipe" : "Criar equipe"} />
    </form>
  );
}

/** The team's fields, in screen order; `members` draws 'Adicionar membro' and the list. */
function teamFields(
  team: Team | null,
  idPrefix: string,
  members: React.ReactNode,
): FieldSpec<TeamFormValues>[] {
  const area: FieldSpec<TeamFormValues>[] = team?.area
    ? [
        {
          type: "element",
          key: "area",
          node: (
            <p className="rounded-md border border-primary/15 bg-brand-soft px-3 py-2.5 text-sm text-accent-foreground sm:col-span-2">
              {`Os membros desta equipe também acessam ${AREA_LABELS[team.area]}.`}
            </p>
          ),
        },
      ]
    : [];
  return [
    {
      type: "text",
      name: "name",
      id: `${idPrefix}-nome`,
      label: "Nome da equipe",
      required: true,
      wide: true,
      input: "off",
      attrs: { maxLength: 80 },
    },
    ...area,
    {
      type: "checkboxes",
      name: "kinds",
      id: `${idPrefix}-tipos`,
      label: "Tipos de solicitação que atende",
      wide: true,
      options: KIND_OPTIONS,
    },
    {
      type: "checkboxes",
      name: "departamentos",
      id: `${idPrefix}-departamentos`,
      label: `${REQUEST_TYPE_LABELS.suporte}: departamentos que atende`,
      hint: "Os chamados de suporte vão para as equipes do departamento escolhido no formulário.",
      wide: true,
      options: SUPPORT_DEPARTMENT_OPTIONS,
    },
    { type: "element", key: "members", node: members },
    {
      type: "checkbox",
      name: "secondFactorRequired",
      id: `${idPrefix}-segundo-fator`,
      label: "Exigir verificação em duas etapas dos membros",
      hint: "Quem não tiver um aplicativo autenticador ou uma chave de acesso terá de ativar um no próximo acesso, antes de qualquer outra coisa.",
      wide: true,
    },
  ];
}
