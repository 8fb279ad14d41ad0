import { AlertCircle, ArrowLeft, Building2, Loader2, Plus, RotateCw, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type Client, clientMessages } from "@/domain/planning/client.schema";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/web/components/ui/sheet";
import { paths } from "@/web/config/paths";
import { useIsMobile } from "@/web/hooks/use-mobile";
import { useClients } from "../api/clients";
import { ClientCard } from "./client-card";
import { ClientForm } from "./client-form";

type FormState = { mode: "create" } | { mode: "edit"; client: Client } | null;

/**
 * The clients the plan form chooses from: listed, created and edited here.
 * None is deleted: plans keep naming the client they were made for.
 */
export function ClientsPage() {
  const [form, setForm] = useState<FormState>(null);
  const isMobile = useIsMobile();
  const query = useClients();
  const formCardRef = useRef<HTMLDivElement>(null);

  // On a large screen the form is a card above the list: bring it into view when it opens.
  const formKey = form ? (form.mode === "edit" ? form.client.id : "create") : null;
  useEffect(() => {
    if (formKey && !isMobile) formCardRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [formKey, isMobile]);

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
      onDone={closeForm}
      onCancel={closeForm}
    />
  ) : null;

  const clients = query.data ?? [];

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

      {form && !isMobile ? (
        <div ref={formCardRef} className="scroll-mt-20">
          <Card className="gap-0 overflow-hidden py-0">
            <div className="flex items-start gap-4 border-b px-5 py-5 sm:px-8">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
                <Building2 className="size-5" aria-hidden="true" />
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

      <section aria-label="Clientes cadastrados" aria-busy={query.isPending} className="flex flex-col gap-4">
        {query.isPending ? (
          <div className="flex items-center justify-center gap-3 rounded-xl border bg-card px-6 py-16 text-sm text-muted-foreground shadow-xs">
            <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
            <span role="status">{clientMessages.loading}</span>
          </div>
        ) : !query.data ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-14 text-center shadow-xs"
          >
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <p className="font-medium">{clientMessages.loadFailed}</p>
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
        ) : clients.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
              <Building2 className="size-6" aria-hidden="true" />
            </span>
            <p className="font-medium">{clientMessages.empty}</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Use o botão Novo cliente para cadastrar o primeiro.
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Clientes">
            {clients.map((client) => (
              <li key={client.id} className="min-w-0">
                <ClientCard client={client} onEdit={() => setForm({ mode: "edit", client })} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
