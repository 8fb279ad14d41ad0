import { Contact } from "lucide-react";
import { useState } from "react";
import type { PersonAccount } from "@/domain/people/api";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { ListEmpty, ListError, ListLoading } from "@/web/components/list-states";
import { SearchBox } from "@/web/components/search-box";
import { useMe } from "@/web/lib/get-me";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { usePeople, useSwitchAccount } from "../api/people";
import { AdmissionImport } from "./admission-import";
import { PersonRow } from "./person-row";

const FAILED = {
  title: "Não foi possível alterar a conta",
  description: "Ocorreu um erro. Tente novamente.",
};

/**
 * 'Pessoas' (/admin/pessoas, docs/decisions/048), for administrators: every account, and switching
 * off the account of someone who left. The server enforces all of it; this page shows its answers.
 */
export function PeoplePage() {
  const [busca, setBusca] = useState<string | undefined>();
  const query = usePeople(busca);
  const switching = useSwitchAccount();
  const [toDeactivate, setToDeactivate] = useState<PersonAccount | null>(null);
  const isAdmin = Boolean(useMe().data?.access.admin);

  const run = (person: PersonAccount, action: "desativar" | "reativar") =>
    switching.mutate(
      { id: person.id, action },
      {
        onSuccess: () => {
          notifySuccess(action === "desativar" ? "Conta desativada" : "Conta reativada");
          setToDeactivate(null);
        },
        onError: (error) => {
          setToDeactivate(null);
          toastApiError(error, FAILED);
        },
      },
    );

  const people = query.data?.pessoas ?? [];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Pessoas</h1>
        <p className="max-w-2xl text-sm text-muted-foreground md:text-base">
          Todas as contas do Balcão. Desative a conta de quem saiu da agência: as sessões terminam na hora, a
          pessoa sai das equipes e não consegue mais entrar; as solicitações e o histórico continuam. O RH
          registra aqui a data de admissão de cada pessoa, que dá o saldo de férias.
        </p>
      </div>
      <AdmissionImport />
      <SearchBox
        value={busca ?? ""}
        onSearch={setBusca}
        placeholder="Nome ou email"
        className="sm:max-w-sm"
      />
      {query.isPending ? (
        <ListLoading text="Carregando as contas…" />
      ) : query.isError ? (
        <ListError
          title="Não foi possível carregar as contas."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : people.length === 0 ? (
        <ListEmpty icon={Contact} title="Nenhuma conta encontrada" hint="Tente outro nome ou email." />
      ) : (
        <ul className="divide-y rounded-xl border bg-card px-4 shadow-xs" aria-label="Contas">
          {people.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              busy={switching.isPending}
              onDeactivate={() => setToDeactivate(person)}
              onReactivate={() => run(person, "reativar")}
              canSwitch={isAdmin}
            />
          ))}
        </ul>
      )}
      {people.length >= 200 ? (
        <p className="text-sm text-muted-foreground">Mostrando as primeiras 200 contas: use a busca.</p>
      ) : null}
      <ConfirmDialog
        open={toDeactivate !== null}
        title="Desativar esta conta?"
        description={`${toDeactivate?.nome || toDeactivate?.email || ""} sai de todas as equipes, todas as sessões terminam agora e não será possível entrar de nenhuma forma. As solicitações e o histórico continuam. Reativar devolve o acesso, mas não as equipes.`}
        confirmLabel="Desativar"
        busy={switching.isPending}
        onOpenChange={(open) => (open ? undefined : setToDeactivate(null))}
        onConfirm={() => (toDeactivate ? run(toDeactivate, "desativar") : undefined)}
      />
    </div>
  );
}
