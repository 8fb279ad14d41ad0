import { AlertCircle, RotateCw, Users } from "lucide-react";
import { type Control, Controller } from "react-hook-form";
import { Link } from "react-router";
import { clientMessages } from "@/domain/planning/client.schema";
import { FormItem } from "@/web/components/form/form-item";
import { OptionSelect } from "@/web/components/form/option-select";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { useAllClients } from "@/web/lib/get-clients";
import type { PlanRequestDraft } from "../lib/plan-request-draft";
import { ManageClientsLink } from "./manage-clients-link";

/** The plan's client: a select of the clients (by name), or why there is nothing to choose from. */
export function ClientField({
  control,
  error,
}: {
  control: Control<PlanRequestDraft, unknown, unknown>;
  error?: string;
}) {
  // Every client, however many pages they take: the select must offer them all.
  const query = useAllClients();
  const clients = query.data ?? [];
  const failed = !query.isPending && !query.data;
  const empty = query.data !== undefined && clients.length === 0;

  return (
    <FormItem
      id="plano-cliente"
      label="Cliente"
      required
      error={error}
      className="sm:col-span-2"
      hint={
        failed ? null : empty ? (
          <span className="flex flex-wrap items-center gap-x-1.5">
            <Users className="size-3.5" aria-hidden="true" />
            Cadastre o primeiro cliente em <ManageClientsLink />
          </span>
        ) : (
          <span>
            Não encontrou o cliente? <ManageClientsLink />
          </span>
        )
      }
    >
      {(controlProps) =>
        failed ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="flex items-center gap-2 text-sm font-medium text-destructive">
              <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
              {clientMessages.loadFailed}
            </p>
            <div className="flex gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void query.refetch()}
                disabled={query.isFetching}
              >
                <RotateCw className={query.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
                Tentar novamente
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.app.clientes.getHref()}>Gerenciar clientes</Link>
              </Button>
            </div>
          </div>
        ) : (
          <Controller
            control={control}
            name="clienteId"
            render={({ field }) => (
              <OptionSelect
                {...controlProps}
                options={clients.map((client) => ({ value: client.id, label: client.name }))}
                placeholder={
                  query.isPending
                    ? clientMessages.loading
                    : empty
                      ? clientMessages.empty
                      : "Selecione o cliente"
                }
                disabled={query.isPending || empty}
                value={typeof field.value === "string" ? field.value : ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        )
      }
    </FormItem>
  );
}
