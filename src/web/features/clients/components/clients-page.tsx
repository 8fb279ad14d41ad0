import { ArrowLeft, Building2, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { Client } from "@/domain/planning/api";
import { clientMessages } from "@/domain/planning/client.schema";
import { FormPanel } from "@/web/components/form-panel";
import { ListEmpty, ListError, ListLoading } from "@/web/components/list-states";
import { LoadMoreButton } from "@/web/components/load-more-button";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { useIsMobile } from "@/web/hooks/use-mobile";
import { useClients } from "../api/clients";
import { ClientCard } from "./client-card";
import { ClientForm } from "./client-form";

type FormState = { mode: "create" } | { mode: "edit"; client: Client } | null;

/** The server's order (ICU root collation, see clients.service.ts): the same as pt-BR's. */
const byName = new Intl.Collator("pt-BR").compare;

/**
 * The loaded pages, plus the clients saved on this visit that they do not hold:
 * a client created (or renamed) past the pages loaded so far still shows, in
 * its place by name, instead of vanishing until 'Carregar mais clientes'.
 */
function withSaved(loaded: Client[], saved: Client[]): Client[] {
  const ids = new Set(loaded.map((client) => client.id));
  const missing = saved.filter((client) => !ids.has(client.id));
  if (missing.length === 0) return loaded;
  return [...loaded, ...missing].sort((a, b) => byName(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

/**
 * The clients the plan form chooses from: listed, created and edited here.
 * None is deleted: plans keep naming the client they were made for.
 */
export function ClientsPage() {
  const [form, setForm] = useState<FormState>(null);
  const [saved, setSaved] = useState<Client[]>([]);
  const isMobile = useIsMobile();
  const query = useClients();
  const formKey = form ? (form.mode === "edit" ? form.client.id : "create") : null;

  const closeForm = () => setForm(null);
  const title = form?.mode === "edit" ? "Editar cliente" : "Cadastrar cliente";
  const description =
    form?.mode === "edit"
      ? "Atualize os dados do cliente e salve as alterações."
      : "Preencha os dados do novo cliente. Só o nome é obrigatório.";
  const formBody = form ? (
    <ClientForm
      key={formKey}
      client={form.mode === "edit" ? form.client : undefined}
      onDone={(client) => {
        setSaved((list) => [client, ...list.filter((other) => other.id !== client.id)]);
        closeForm();
      }}
      onCancel={closeForm}
    />
  ) : null;

  const clients = useMemo(
    () => withSaved(query.data?.pages.flatMap((page) => page.items) ?? [], saved),
    [query.data, saved],
  );

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Link
          to={paths.app.planejamento.getHref()}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Novo Planejamento
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Clientes</h1>
            <p className="text-sm text-muted-foreground md:text-base">
              Os clientes da agência, para escolher ao pedir um planejamento.
            </p>
          </div>
          <Button
            type="button"
            onClick={() => setForm({ mode: "create" })}
            className="w-full sm:w-auto"
            disabled={form?.mode === "create" && !isMobile}
          >
            <Plus aria-hidden="true" />
            Novo cliente
          </Button>
        </div>
      </div>

      <FormPanel
        formKey={formKey}
        icon={Building2}
        title={title}
        description={description}
        onClose={closeForm}
      >
        {formBody}
      </FormPanel>

      <section aria-label="Clientes cadastrados" aria-busy={query.isPending} className="flex flex-col gap-4">
        {query.isPending ? (
          <ListLoading text={clientMessages.loading} />
        ) : !query.data ? (
          <ListError
            title={clientMessages.loadFailed}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : clients.length === 0 ? (
          <ListEmpty
            icon={Building2}
            title={clientMessages.empty}
            hint="Use o botão Novo cliente para cadastrar o primeiro."
          />
        ) : (
          <>
            <ul className="grid gap-4 md:grid-cols-2" aria-label="Clientes">
              {clients.map((client) => (
                <li key={client.id} className="min-w-0">
                  <ClientCard client={client} onEdit={() => setForm({ mode: "edit", client })} />
                </li>
              ))}
            </ul>
            <LoadMoreButton query={query} label="Carregar mais clientes" className="self-center" />
          </>
        )}
      </section>
    </div>
  );
}
