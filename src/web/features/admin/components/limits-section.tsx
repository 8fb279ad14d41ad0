import { Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  type ExpenseLimit,
  expenseTypesOf,
  KINDS_WITH_LIMITS,
  limitMessages,
} from "@/domain/finance/limits-api";
import { formatBRL, parseBrlToCents } from "@/domain/money";
import { REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/kinds";
import { CurrencyInput } from "@/web/components/form/currency-input";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useExpenseLimits, useRemoveExpenseLimit, useSetExpenseLimit } from "../api/limits";

const SAVE_FAILED = { title: "Erro ao salvar o limite", description: "Ocorreu um erro. Tente novamente." };

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
  const [amount, setAmount] = useState(limit ? formatBRL(limit) : "");
  const [error, setError] = useState<string | undefined>();
  const busy = save.isPending || remove.isPending;
  const id = `limite-${kind}-${type}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = amount ? (parseBrlToCents(amount) ?? 0) : 0;
    if (cents <= 0) {
      setError(limitMessages.invalid);
      notifyError(SAVE_FAILED.title, { description: limitMessages.invalid });
      return;
    }
    save.mutate(
      { tipo: kind, tipoDespesa: type, limite: cents },
      {
        onSuccess: () =>
          notifySuccess("Limite salvo", { description: `${label}: ${formatBRL(cents)} por pessoa no mês.` }),
        onError: (failure) => {
          if (failure instanceof ApiRequestError) setError(failure.body.fields?.limite);
          toastApiError(failure, SAVE_FAILED);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Limite de ${label}`}
      className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-start sm:px-6"
    >
      <p className="text-sm font-medium sm:pt-8">{label}</p>
      <FormItem id={id} label="Limite mensal por pessoa" error={error}>
        {(controlProps) => (
          <CurrencyInput
            {...controlProps}
            value={amount}
            onChange={(masked) => {
              setAmount(masked);
              setError(undefined);
            }}
          />
        )}
      </FormItem>
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
                    setAmount("");
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

/** Monthly limits per person and expense type: above one, finance sees 'Acima do limite' (issue 12). */
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
