import { Plus, UsersRound } from "lucide-react";
import { useState } from "react";
import type { Team } from "@/domain/teams/api";
import { teamMessages } from "@/domain/teams/team";
import { FormPanel } from "@/web/components/form-panel";
import { ListError, ListLoading } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useDeleteTeam, useTeams } from "../api/teams";
import { BackupSection } from "./backup-section";
import { ConfirmRemoveDialog } from "./confirm-remove-dialog";
import { DoctorSection } from "./doctor-section";
import { LimitsSection } from "./limits-section";
import { PoliciesSection } from "./policies-section";
import { ServiceLevelsSection } from "./service-levels";
import { TeamCard } from "./team-card";
import { TeamForm } from "./team-form";

type FormState = { mode: "create" } | { mode: "edit"; team: Team } | null;

const REMOVE_FAILED = { title: "Erro ao remover a equipe", description: "Ocorreu um erro. Tente novamente." };

/**
 * 'Equipes e permissões' (/admin, decision 011), for administrators (ADMIN_EMAILS):
 * the teams, who is in each and what each handles, and the second approvals.
 * Every check is the server's too; this page only shows what it answers.
 */
export function TeamsPage() {
  const query = useTeams();
  const deletion = useDeleteTeam();
  const [form, setForm] = useState<FormState>(null);
  const [toRemove, setToRemove] = useState<Team | null>(null);

  const closeForm = () => setForm(null);
  const formKey = form ? (form.mode === "edit" ? form.team.id : "create") : null;

  const onConfirmRemove = () => {
    if (!toRemove) return;
    deletion.mutate(toRemove.id, {
      onSuccess: () => {
        notifySuccess(teamMessages.deleted.title);
        if (form?.mode === "edit" && form.team.id === toRemove.id) closeForm();
        setToRemove(null);
      },
      onError: (error) => {
        setToRemove(null);
        toastApiError(error, REMOVE_FAILED);
      },
    });
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Equipes e permissões</h1>
          <p className="max-w-2xl text-sm text-muted-foreground md:text-base">
            Quem atende cada tipo de solicitação. Os membros de uma equipe veem a fila dela na Caixa de
            entrada; ninguém decide sobre a própria solicitação.
          </p>
          {query.data?.admins.length ? (
            <p className="text-sm break-words text-muted-foreground">
              <span className="font-medium text-foreground">Administradores: </span>
              {query.data.admins.join(", ")}{" "}
              <span className="whitespace-nowrap">(ADMIN_EMAILS, {CONFIG_NOTE})</span>
            </p>
          ) : null}
          {query.data ? (
            <p className="max-w-2xl text-sm text-muted-foreground" data-testid="second-factor-policy">
              {query.data.secondFactorEnforced
                ? "Verificação em duas etapas: obrigatória para os administradores e para os membros das equipes marcadas."
                : "Verificação em duas etapas: opcional para todos (REQUIRE_SECOND_FACTOR=false)."}
            </p>
          ) : null}
        </div>
        <Button
          type="button"
          onClick={() => setForm({ mode: "create" })}
          className="w-full shrink-0 sm:w-auto"
          disabled={!query.data}
        >
          <Plus aria-hidden="true" />
          Nova equipe
        </Button>
      </div>

      <FormPanel
        formKey={formKey}
        icon={UsersRound}
        title={form?.mode === "edit" ? `Editar equipe ${form.team.name}` : "Nova equipe"}
        description={
          form?.mode === "edit"
            ? "Altere o nome, o que a equipe atende e os membros, e salve."
            : "Dê um nome, escolha o que a equipe atende e adicione os membros pelo email da empresa."
        }
        onClose={closeForm}
      >
        {form ? (
          <TeamForm key={formKey} team={form.mode === "edit" ? form.team : null} onDone={closeForm} />
        ) : null}
      </FormPanel>

      {query.isPending ? (
        <ListLoading text="Carregando equipes..." />
      ) : query.isError ? (
        <ListError
          title="Erro ao carregar as equipes"
          description="Não foi possível carregar as equipes. Tente novamente."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <section aria-labelledby="equipes-titulo" className="flex flex-col gap-3">
            <h2 id="equipes-titulo" className="text-lg font-semibold tracking-tight">
              {`Equipes (${query.data.teams.length})`}
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              {query.data.teams.map((team) => (
                <TeamCard
                  key={team.id}
                  team={team}
                  onEdit={() => setForm({ mode: "edit", team })}
                  onRemove={() => setToRemove(team)}
                />
              ))}
            </div>
          </section>
          <PoliciesSection policies={query.data.policies} teams={query.data.teams} />
          <LimitsSection />
          <ServiceLevelsSection />
          <BackupSection />
          <DoctorSection />
        </>
      )}

      <ConfirmRemoveDialog
        teamName={toRemove?.name ?? null}
        busy={deletion.isPending}
        onOpenChange={(open) => (open ? undefined : setToRemove(null))}
        onConfirm={onConfirmRemove}
      />
    </div>
  );
}

const CONFIG_NOTE = "definido na configuração";
