import { BriefcaseBusiness, Loader2, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { vagaToasts } from "@/domain/vagas/vaga.schema";
import { FormPanel } from "@/web/components/form-panel";
import { ListEmpty, ListError, ListLoading } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { useIsMobile } from "@/web/hooks/use-mobile";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useDeleteVaga, useVagas } from "../api/vagas";
import type { Vaga } from "../types";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { VagaCard } from "./vaga-card";
import { VagaForm } from "./vaga-form";

type FormState = { mode: "create" } | { mode: "edit"; vaga: Vaga } | null;

const isUnauthorized = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** Spec §2 /vagas: the openings, the create/edit form and the delete confirmation. */
export function VagasPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsCreate = searchParams.get("cadastrar") === "true";
  const [form, setForm] = useState<FormState>(() => (wantsCreate ? { mode: "create" } : null));
  const [toDelete, setToDelete] = useState<Vaga | null>(null);
  const isMobile = useIsMobile();
  const query = useVagas();
  const deletion = useDeleteVaga();

  // ?cadastrar=true opens the create form (also when linked to from this page); the URL is then cleaned.
  useEffect(() => {
    if (!wantsCreate) return;
    setForm({ mode: "create" });
    setSearchParams(
      (params) => {
        params.delete("cadastrar");
        return params;
      },
      { replace: true },
    );
  }, [wantsCreate, setSearchParams]);

  // Spec §8 Vagas: a failed load is a toast (once per failure).
  useEffect(() => {
    if (query.isError && !isUnauthorized(query.error)) {
      notifyError(vagaToasts.loadFailed.title, { description: vagaToasts.loadFailed.description });
    }
  }, [query.isError, query.error]);

  const formKey = form ? (form.mode === "edit" ? form.vaga.id : "create") : null;

  const closeForm = () => setForm(null);
  const title = form?.mode === "edit" ? "Editar vaga" : "Cadastrar vaga";
  const description =
    form?.mode === "edit"
      ? "Atualize os dados da vaga e salve as alterações."
      : "Preencha os dados da nova vaga. Atividades e requisitos precisam de pelo menos um item.";
  const formBody = form ? (
    <VagaForm
      key={formKey}
      vaga={form.mode === "edit" ? form.vaga : undefined}
      onDone={closeForm}
      onCancel={closeForm}
    />
  ) : null;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deletion.mutateAsync(toDelete.id);
    } catch (error) {
      if (!isUnauthorized(error)) {
        notifyError(vagaToasts.deleteFailed.title, { description: vagaToasts.deleteFailed.description });
      }
      return;
    }
    if (form?.mode === "edit" && form.vaga.id === toDelete.id) setForm(null);
    setToDelete(null);
    notifySuccess(vagaToasts.deleted.title);
  };

  const vagas = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Vagas</h1>
          <p className="text-sm text-muted-foreground md:text-base">
            Cadastre e acompanhe as vagas abertas da agência.
          </p>
        </div>
        <Button
          type="button"
          onClick={() => setForm({ mode: "create" })}
          className="w-full sm:w-auto"
          disabled={form?.mode === "create" && !isMobile}
        >
          <Plus aria-hidden="true" />
          Nova Vaga
        </Button>
      </div>

      <FormPanel
        formKey={formKey}
        icon={BriefcaseBusiness}
        title={title}
        description={description}
        onClose={closeForm}
      >
        {formBody}
      </FormPanel>

      <section aria-label="Vagas cadastradas" aria-busy={query.isPending} className="flex flex-col gap-4">
        {query.isPending ? (
          <ListLoading text={vagaToasts.loading} />
        ) : !query.data ? (
          // The failure is already a toast (spec §8 Vagas).
          <ListError
            title={vagaToasts.loadFailed.title}
            description={vagaToasts.loadFailed.description}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            announce={false}
          />
        ) : vagas.length === 0 ? (
          <ListEmpty
            icon={BriefcaseBusiness}
            title={vagaToasts.empty}
            hint="Use o botão Nova Vaga para cadastrar a primeira."
          />
        ) : (
          <>
            <ul className="grid gap-4 md:grid-cols-2" aria-label="Vagas">
              {vagas.map((vaga) => (
                <li key={vaga.id} className="min-w-0">
                  <VagaCard
                    vaga={vaga}
                    onEdit={() => setForm({ mode: "edit", vaga })}
                    onDelete={() => setToDelete(vaga)}
                  />
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <Button
                type="button"
                variant="outline"
                className="self-center"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {query.isFetchingNextPage ? "Carregando..." : "Carregar mais vagas"}
              </Button>
            ) : null}
          </>
        )}
      </section>

      <ConfirmDeleteDialog
        open={toDelete !== null}
        titulo={toDelete?.titulo ?? ""}
        busy={deletion.isPending}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
