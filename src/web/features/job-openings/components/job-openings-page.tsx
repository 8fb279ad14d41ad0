import { BriefcaseBusiness, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { jobOpeningToasts } from "@/domain/job-openings/job-opening.schema";
import { FormPanel } from "@/web/components/form-panel";
import { ListEmpty, ListError, ListLoading } from "@/web/components/list-states";
import { LoadMoreButton } from "@/web/components/load-more-button";
import { Button } from "@/web/components/ui/button";
import { useIsMobile } from "@/web/hooks/use-mobile";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useDeleteJobOpening, useJobOpenings } from "../api/job-openings";
import type { JobOpening } from "../types";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { JobOpeningCard } from "./job-opening-card";
import { JobOpeningForm } from "./job-opening-form";

type FormState = { mode: "create" } | { mode: "edit"; opening: JobOpening } | null;

const isUnauthorized = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** Spec §2 /vagas: the openings, the create/edit form and the delete confirmation. */
export function JobOpeningsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsCreate = searchParams.get("cadastrar") === "true";
  const [form, setForm] = useState<FormState>(() => (wantsCreate ? { mode: "create" } : null));
  const [toDelete, setToDelete] = useState<JobOpening | null>(null);
  const isMobile = useIsMobile();
  const query = useJobOpenings();
  const deletion = useDeleteJobOpening();

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
      notifyError(jobOpeningToasts.loadFailed.title, {
        description: jobOpeningToasts.loadFailed.description,
      });
    }
  }, [query.isError, query.error]);

  const formKey = form ? (form.mode === "edit" ? form.opening.id : "create") : null;

  const closeForm = () => setForm(null);
  const title = form?.mode === "edit" ? "Editar vaga" : "Cadastrar vaga";
  const description =
    form?.mode === "edit"
      ? "Atualize os dados da vaga e salve as alterações."
      : "Preencha os dados da nova vaga. Atividades e requisitos precisam de pelo menos um item.";
  const formBody = form ? (
    <JobOpeningForm
      key={formKey}
      opening={form.mode === "edit" ? form.opening : undefined}
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
        notifyError(jobOpeningToasts.deleteFailed.title, {
          description: jobOpeningToasts.deleteFailed.description,
        });
      }
      return;
    }
    if (form?.mode === "edit" && form.opening.id === toDelete.id) setForm(null);
    setToDelete(null);
    notifySuccess(jobOpeningToasts.deleted.title);
  };

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

      <JobOpeningsList
        query={query}
        onEdit={(opening) => setForm({ mode: "edit", opening })}
        onDelete={setToDelete}
      />

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

/** The openings: loading, failed, empty, or the cards in pages. */
function JobOpeningsList({
  query,
  onEdit,
  onDelete,
}: {
  query: ReturnType<typeof useJobOpenings>;
  onEdit: (opening: JobOpening) => void;
  onDelete: (opening: JobOpening) => void;
}) {
  const openings = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label="Vagas cadastradas" aria-busy={query.isPending} className="flex flex-col gap-4">
      {query.isPending ? (
        <ListLoading text={jobOpeningToasts.loading} />
      ) : !query.data ? (
        // The failure is already a toast (spec §8 Vagas).
        <ListError
          title={jobOpeningToasts.loadFailed.title}
          description={jobOpeningToasts.loadFailed.description}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          announce={false}
        />
      ) : openings.length === 0 ? (
        <ListEmpty
          icon={BriefcaseBusiness}
          title={jobOpeningToasts.empty}
          hint="Use o botão Nova Vaga para cadastrar a primeira."
        />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Vagas">
            {openings.map((opening) => (
              <li key={opening.id} className="min-w-0">
                <JobOpeningCard
                  opening={opening}
                  onEdit={() => onEdit(opening)}
                  onDelete={() => onDelete(opening)}
                />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label="Carregar mais vagas" className="self-center" />
        </>
      )}
    </section>
  );
}
