import { Loader2 } from "lucide-react";
import { z } from "zod";
import {
  type ExpenseLimit,
  type ExpenseLimitInput,
  ExpenseLimitInputSchema,
  expenseTypesOf,
  KINDS_WITH_LIMITS,
} from "@/domain/finance/limits-api";
import { formatBRL } from "@/domain/money";
import { REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/kinds";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useExpenseLimits, useRemoveExpenseLimit, useSetExpenseLimit } from "../api/limits";
import { maskedCents, useAdminForm } from "./admin-form";

const SAVE_FAILED = { title: "Erro ao salvar o limite", description: "Ocorreu um erro. Tente novamente." };

type LimitValues = { limite: string };
const LimitFormSchema = z.object({ limite: maskedCents(ExpenseLimitInputSchema.shape.limite) });
const LIMIT_FIELDS = ["limite"] as const;

function LimitRow({
  kind,
  type,
  label,
  limit,
}: {
  kind: RequestKind;
  type: string;
  label: string;
  limit?: number;
}) {
  const save = useSetExpenseLimit();
  const remove = useRemoveExpenseLimit();
  const { form, onSubmit } = useAdminForm<LimitValues, ExpenseLimitInput, ExpenseLimit>({
    schema: LimitFormSchema,
    defaults: { limite: limit ? formatBRL(limit) : "" },
    fields: LIMIT_FIELDS,
    send: (input) => save.mutateAsync({ tipo: kind, tipoDespesa: type, ...input }),
    isPending: save.isPending,
    failed: SAVE_FAILED,
    saved: (saved) => ({
      title: "Limite salvo",
      description: `${label}: ${formatBRL(saved.limite)} por pessoa no mês.`,
    }),
  });
  const busy = save.isPending || remove.isPending;
  const id = `limite-${kind}-${type}`;
  const fields: readonly FieldSpec<LimitValues>[] = [
    { type: "currency", name: "limite", id, label: "Limite mensal por pessoa" },
  ];

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Limite de ${label}`}
      className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-start sm:px-6"
    >
      <p className="text-sm font-medium sm:pt-8">{label}</p>
      <FormFields form={form} fields={fields} idPrefix={id} />
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Salvar
        </Button>
        {limit ? (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            className="flex-1 sm:flex-none"
            aria-label={`Remover o limite de ${label}`}
            onClick={() =>
              remove.mutate(
                { tipo: kind, tipoDespesa: type },
                {
                  onSuccess: () => {
                    form.reset({ limite: "" });
                    notifySuccess("Limite removido", { description: `${label}: sem limite.` });
                  },
                  onError: (failure) => toastApiError(failure, SAVE_FAILED),
                },
              )
            }
          >
            Remover
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Monthly limits per person and expense type: above one, finance sees 'Acima do limite' (decision 015). */
export function LimitsSection() {
  const query = useExpenseLimits();
  const limits: readonly ExpenseLimit[] = query.data?.limites ?? [];
  return (
    <section aria-labelledby="limites-titulo" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="limites-titulo" className="text-lg font-semibold tracking-tight">
          Limites mensais por pessoa
        </h2>
        <p className="text-sm text-muted-foreground">
          Quando as solicitações de uma pessoa num tipo de despesa passam do limite no mês, a equipe vê o
          alerta 'Acima do limite' antes de aprovar.
        </p>
      </div>
      {query.isPending
        ? null
        : KINDS_WITH_LIMITS.map((kind) => (
            <Card key={kind} className="gap-0 divide-y py-0">
              <h3 className="px-5 py-3 font-semibold tracking-tight sm:px-6">{REQUEST_TYPE_LABELS[kind]}</h3>
              {expenseTypesOf(kind).map((option) => {
                const limit = limits.find((l) => l.tipo === kind && l.tipoDespesa === option.value)?.limite;
                return (
                  <LimitRow
                    key={`${option.value}-${limit ?? ""}`}
                    kind={kind}
                    type={option.value}
                    label={option.label}
                    {...(limit ? { limit } : {})}
                  />
                );
              })}
            </Card>
          ))}
    </section>
  );
}
