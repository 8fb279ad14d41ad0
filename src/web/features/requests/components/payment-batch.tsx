import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Loader2, Wallet } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { Resolver } from "react-hook-form";
import { Link } from "react-router";
import { todayInSaoPaulo } from "@/domain/dates";
import {
  type PaymentBatch as Batch,
  PaymentBatchFormSchema,
  type PaymentBatchFormValues as PaymentSent,
} from "@/domain/finance/bulk-api";
import { formatBRL } from "@/domain/money";
import { FormFields } from "@/web/components/form/form-fields";
import { ListEmpty, ListError } from "@/web/components/list-states";
import { PixCode } from "@/web/components/pix-code";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { paths } from "@/web/config/paths";
import { notifySuccess } from "@/web/lib/notify";
import { markServerFields } from "@/web/lib/submit-error";
import { apiErrorNotice, toastApiError } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useBulkAction, usePaymentBatch } from "../api/payment-batch";
import { kindLabel } from "../lib/kinds";
import { PixKey, paymentFields } from "./move-fields";

type Person = Batch["pessoas"][number];
type PaymentValues = { pagoEm: string; formaPagamento: string };
const PAYMENT_FIELDS = paymentFields<PaymentValues>();
const PAYMENT_FIELD_NAMES = ["pagoEm", "formaPagamento"] as const;
const itemKey = (item: { tipo: string; id: string }) => `${item.tipo}:${item.id}`;

/** What the batch's chosen payments may also be given to: the bank's file (docs/decisions/059). */
export type ChosenActions = (chosen: readonly Item[], done: () => void) => React.ReactNode;

/**
 * 'Lote de pagamento' (decision 015): the approved, unpaid requests grouped by
 * person with totals and the PIX keys and codes ready to copy, marked paid
 * together or sent to the bank (`bankActions`, drawn by the finance feature).
 */
export function PaymentBatchPage({ bankActions }: { bankActions?: ChosenActions }) {
  const batch = usePaymentBatch();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const people = batch.data?.pessoas ?? [];
  const chosen = people.flatMap((p) => p.itens).filter((i) => selected.has(itemKey(i)));

  const toggle = (keys: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <Link
          to={paths.app.caixa.getHref()}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Caixa de entrada
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Lote de pagamento</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          Reembolsos e bolsas aprovados e ainda não pagos, por pessoa, com as chaves PIX para copiar.
        </p>
      </div>

      {batch.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : !batch.data ? (
        <ListError
          title="Não foi possível carregar o lote de pagamento."
          onRetry={() => void batch.refetch()}
          retrying={batch.isFetching}
        />
      ) : people.length === 0 ? (
        <ListEmpty
          icon={Wallet}
          title="Nada a pagar agora."
          hint="Quando um reembolso ou uma bolsa for aprovado, ele aparece aqui."
        />
      ) : (
        <>
          <ul className="grid gap-4" aria-label="Pessoas a pagar">
            {people.map((person) => (
              <PersonCard
                key={person.solicitante.email}
                person={person}
                selected={selected}
                onToggle={toggle}
              />
            ))}
          </ul>
          <PayBar chosen={chosen} onPaid={() => setSelected(new Set())}>
            {bankActions?.(chosen, () => setSelected(new Set()))}
          </PayBar>
        </>
      )}
    </div>
  );
}

function PersonCard({
  person,
  selected,
  onToggle,
}: {
  person: Person;
  selected: Set<string>;
  onToggle: (keys: string[], on: boolean) => void;
}) {
  const keys = person.itens.map(itemKey);
  const all = keys.every((k) => selected.has(k));
  return (
    <li>
      <Card className="gap-3 px-5 py-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <label className="flex min-w-0 items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={all}
              onChange={(e) => onToggle(keys, e.target.checked)}
              aria-label={`Escolher tudo de ${person.solicitante.nome}`}
            />
            <span className="min-w-0">
              <span className="block font-semibold">{person.solicitante.nome}</span>
              <span className="block truncate text-sm text-muted-foreground">{person.solicitante.email}</span>
            </span>
          </label>
          <span className="text-lg font-semibold tabular-nums">{formatBRL(person.total)}</span>
        </div>
        {person.chavesPix.length ? (
          person.chavesPix.map((key) => <PixKey key={key} value={key} />)
        ) : (
          <PixKey value={null} />
        )}
        <ul className="grid gap-1.5" aria-label={`Solicitações de ${person.solicitante.nome}`}>
          {person.itens.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 rounded-md border px-3 py-2 text-sm">
              <div className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={selected.has(itemKey(item))}
                  onChange={(e) => onToggle([itemKey(item)], e.target.checked)}
                  aria-label={`Escolher ${item.resumo}`}
                />
                <Link
                  to={paths.app.solicitacao.getHref(item.tipo, item.id)}
                  className="min-w-0 flex-1 truncate hover:underline"
                >
                  <span className="text-muted-foreground">{kindLabel(item.tipo)} · </span>
                  {item.resumo}
                </Link>
                <span className="font-medium tabular-nums">{formatBRL(item.valorAprovado)}</span>
              </div>
              <PixCode
                code={item.pix.codigo}
                problem={item.pix.problema}
                payee={`${person.solicitante.nome}, ${item.resumo}`}
                className="pl-7"
              />
            </li>
          ))}
        </ul>
      </Card>
    </li>
  );
}

type Item = Person["itens"][number];

/**
 * The batch's day and method, through the form kit and its submit pipeline
 * (checked with the bulk move's own schema; the server judges them again and
 * its 400 marks them), the count and total chosen, and 'Marcar como pagas'.
 */
function PayBar({
  chosen,
  onPaid,
  children,
}: {
  chosen: readonly Item[];
  onPaid: () => void;
  children?: React.ReactNode;
}) {
  const bulk = useBulkAction();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(PaymentBatchFormSchema) as unknown as Resolver<PaymentValues, unknown, PaymentSent>,
    defaults: { pagoEm: todayInSaoPaulo(), formaPagamento: "pix" },
    serverFields: PAYMENT_FIELD_NAMES,
    send: (values) =>
      bulk.mutateAsync({
        acao: "marcar_pago",
        itens: chosen.map((i) => ({ tipo: i.tipo, id: i.id, versao: i.versao })),
        ...values,
      }),
    isPending: bulk.isPending,
    errorNotice: (error) =>
      apiErrorNotice(error, { title: "Não foi possível marcar como pago", description: "Tente novamente." }),
    // A refused day or method is said under its field only, without a toast.
    intercept: (error) =>
      markServerFields(error, PAYMENT_FIELD_NAMES, (name, message, focus) =>
        form.setError(name, { type: "server", message }, { shouldFocus: focus }),
      ),
    onSuccess: (result) => {
      const done = result.resultados.filter((r) => r.ok).length;
      const failed = result.resultados.filter((r) => !r.ok);
      onPaid();
      if (done)
        notifySuccess(
          done === 1 ? "1 solicitação marcada como paga" : `${done} solicitações marcadas como pagas`,
        );
      if (failed.length)
        toastApiError(new Error(), {
          title: `${failed.length} não ${failed.length === 1 ? "foi marcada" : "foram marcadas"} como paga`,
          description: failed[0]!.erro ?? "Tente novamente.",
        });
    },
  });
  useEffect(() => {
    const subscription = form.watch(() => form.clearErrors());
    return () => subscription.unsubscribe();
  }, [form]);
  const total = chosen.reduce((sum, i) => sum + i.valorAprovado, 0);
  const formId = useId();

  return (
    <Card className="sticky bottom-3 gap-4 px-5 py-4 shadow-lg">
      {/*
        The form holds the fields only; its button names it by id. The bank's actions stay
        outside it: a submit in their dialog would otherwise reach this form through the portal.
      */}
      <form id={formId} noValidate onSubmit={onSubmit} aria-busy={busy} className="contents">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormFields form={form} fields={PAYMENT_FIELDS} idPrefix="lote" />
        </div>
      </form>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm" aria-live="polite">
          {chosen.length
            ? `${chosen.length} ${chosen.length === 1 ? "solicitação" : "solicitações"} · ${formatBRL(total)}`
            : "Escolha as solicitações a marcar como pagas."}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          {children}
          <Button type="submit" form={formId} disabled={!chosen.length || busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Marcar como pagas
          </Button>
        </div>
      </div>
    </Card>
  );
}
