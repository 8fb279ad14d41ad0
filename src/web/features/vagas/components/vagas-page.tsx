import { AlertCircle, BriefcaseBusiness, Loader2, Plus, RotateCw, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { vagaToasts } from "@/domain/vagas/vaga.schema";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/web/components/ui/sheet";
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
  const formCardRef = useRef<HTMLDivElement>(null);

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

  // On a large screen the form is a card above the list: bring it into view when it opens.
  const formKey = form ? (form.mode === "edit" ? form.vaga.id : "create") : null;
  useEffect(() => {
    if (formKey && !isMobile) formCardRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [formKey, isMobile]);

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

      {form && !isMobile ? (
        <div ref={formCardRef} className="scroll-mt-20">
          <Card className="gap-0 overflow-hidden py-0">
            <div className="flex items-start gap-4 border-b px-5 py-5 sm:px-8">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
                <BriefcaseBusiness className="size-5" aria-hidden="true" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <h2 className="text-lg font-semibold tracking-tight sm:text-xl">{title}</h2>
                <p className="text-sm text-muted-foreground">{description}</p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={closeForm}
                aria-label="Fechar formulário"
                className="-mt-1 -mr-2 text-muted-foreground"
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            <div className="px-5 py-6 sm:px-8">{formBody}</div>
          </Card>
        </div>
      ) : null}

      <Sheet open={Boolean(form) && isMobile} onOpenChange={(open) => (open ? undefined : closeForm())}>
        <SheetContent side="right" className="w-full gap-0 overflow-y-auto p-0 sm:max-w-lg">
          <div className="border-b px-5 pt-5 pb-4 pr-12">
            <SheetTitle className="text-lg">{title}</SheetTitle>
            <SheetDescription className="mt-1">{description}</SheetDescription>
          </div>
          <div className="px-5 py-6">{formBody}</div>
        </SheetContent>
      </Sheet>

      <section aria-label="Vagas cadastradas" aria-busy={query.isPending} className="flex flex-col gap-4">
        {query.isPending ? (
          <div className="flex items-center justify-center gap-3 rounded-xl border bg-card px-6 py-16 text-sm text-muted-foreground shadow-xs">
            <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
            <span role="status">{vagaToasts.loading}</span>
          </div>
        ) : !query.data ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-14 text-center shadow-xs">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <p className="font-medium">{vagaToasts.loadFailed.title}</p>
              <p className="text-sm text-muted-foreground">{vagaToasts.loadFailed.description}</p>
            </div>
            <Button
              type="button"
              variant="outline"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <RotateCw className={query.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        ) : vagas.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
              <BriefcaseBusiness className="size-6" aria-hidden="true" />
            </span>
            <p className="font-medium">{vagaToasts.empty}</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Use o botão Nova Vaga para cadastrar a primeira.
            </p>
          </div>
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
