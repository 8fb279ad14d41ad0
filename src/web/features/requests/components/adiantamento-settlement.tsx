import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, Loader2 } from "lucide-react";
import type { FieldValues, Resolver } from "react-hook-form";
import { z } from "zod";
import { addDays, formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { formatBRL } from "@/domain/money";
import { DEADLINE_MAX_DAYS } from "@/domain/requests/kinds/adiantamento";
import { SettlementSendSchema, type SettlementView } from "@/domain/requests/kinds/adiantamento/api";
import { REEMBOLSO_ATTACHMENTS } from "@/domain/requests/kinds/reembolso";
import type { FieldSpec } from "@/web/components/form/field-spec";
import { FormFields } from "@/web/components/form/form-fields";
import { withAttachments } from "@/web/components/form/with-attachments";
import { PixCode } from "@/web/components/pix-code";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { notifySuccess } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import {
  type SettlementSubmission,
  useAdvancePending,
  useSettle,
  useSettlement,
  useSettlementAction,
} from "../api/advance-settlement";
import { RECEIPTS_FIELD } from "./reembolso-form";

/*
 * 'Prestação de contas' of a cash advance (docs/decisions/067), on the advance's page: the deadline,
 * what was paid and spent; for its owner, the receipts' form and, when money is left, the agency's
 * PIX code for exactly that amount; for Financeiro, the deadline and the one closing move due.
 */

const CLOSING_LABELS = {
  marcar_devolvido: "Marcar devolução como recebida",
  pagar_diferenca: "Marcar diferença como paga",
  encerrar_prestacao: "Encerrar prestação de contas",
} as const;

const SETTLEMENT_FIELDS: FieldSpec<FieldValues>[] = [
  { type: "currency", name: "valorGasto", label: "Total gasto", required: true },
  RECEIPTS_FIELD,
  { type: "textarea", name: "observacao", label: "Observação (opcional)", wide: true, rows: 2 },
];

const settlementResolver = withAttachments(
  zodResolver(SettlementSendSchema, undefined, { raw: true }) as never,
  REEMBOLSO_ATTACHMENTS,
) as unknown as Resolver<FieldValues, unknown, FieldValues>;

function SettleForm({ id, version }: { id: string; version: number }) {
  const settle = useSettle(id);
  const { form, onSubmit, busy } = useServerForm({
    resolver: settlementResolver,
    defaults: { valorGasto: "", anexo: [], observacao: "" },
    serverFields: ["valorGasto", "anexo", "observacao"],
    send: (values) => settle.mutateAsync({ ...(values as SettlementSubmission), versao: version }),
    isPending: settle.isPending,
    errorNotice: (error) => apiErrorNotice(error, { title: "Não foi possível enviar a prestação de contas" }),
    successNotice: () => ({ title: "Prestação de contas enviada" }),
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-label="Prestar contas"
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormFields form={form} fields={SETTLEMENT_FIELDS} idPrefix="prestacao" />
      </div>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Enviar prestação de contas
      </Button>
    </form>
  );
}

const DeadlineSchema = z.object({ prazo: z.string().min(1, "Escolha a data do prazo") });
const DEADLINE_FIELDS: FieldSpec<FieldValues>[] = [
  {
    type: "date",
    name: "prazo",
    label: "Novo prazo",
    required: true,
    today: todayInSaoPaulo,
    window: (today) => ({ min: today, max: addDays(today, DEADLINE_MAX_DAYS) }),
    calendarLabel: "Escolha o prazo da prestação de contas",
  },
];

function DeadlineForm({ id, view }: { id: string; view: SettlementView }) {
  const action = useSettlementAction(id);
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(DeadlineSchema) as unknown as Resolver<FieldValues, unknown, FieldValues>,
    defaults: { prazo: view.prazo ?? "" },
    serverFields: ["prazo"],
    send: (values) =>
      action.mutateAsync({ acao: "definir_prazo", prazo: String(values.prazo), versao: view.versao }),
    isPending: action.isPending,
    errorNotice: (error) => apiErrorNotice(error, { title: "Não foi possível definir o prazo" }),
    successNotice: () => ({ title: "Prazo definido" }),
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-label="Definir prazo"
      className="flex flex-col gap-3"
    >
      <FormFields form={form} fields={DEADLINE_FIELDS} idPrefix="prazo" />
      <Button type="submit" variant="outline" disabled={busy} className="self-start">
        Definir prazo
      </Button>
    </form>
  );
}

function ClosingButton({ id, view }: { id: string; view: SettlementView }) {
  const action = useSettlementAction(id);
  const closing = view.fechamento;
  if (!closing) return null;
  return (
    <Button
      type="button"
      disabled={action.isPending}
      onClick={() =>
        void action
          .mutateAsync({ acao: closing, versao: view.versao })
          .then(() => notifySuccess("Prestação de contas concluída"))
          .catch(() => undefined)
      }
      className="self-start"
    >
      {CLOSING_LABELS[closing]}
    </Button>
  );
}

function Amounts({ view }: { view: SettlementView }) {
  const rows = [
    ["Prazo", view.prazo ? formatDateBR(view.prazo) : "Definido ao pagar"],
    ["Adiantado", view.pago === null ? "—" : formatBRL(view.pago)],
    ["Gasto comprovado", view.gasto === null ? "—" : formatBRL(view.gasto)],
    ...(view.devolver ? [["A devolver à agência", formatBRL(view.devolver)]] : []),
    ...(view.reembolsar ? [["A reembolsar a você", formatBRL(view.reembolsar)]] : []),
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The advance's settlement, under its data on the request's page. */
export function AdvanceSettlementPanel({ id }: { id: string }) {
  const query = useSettlement(id);
  const view = query.data;
  if (!view || view.pago === null) return null;
  const owner = view.podePrestarContas || (!view.fechamento && !view.podeDefinirPrazo);
  return (
    <Card className="gap-4 px-5 py-5 sm:px-8" role="region" aria-labelledby="prestacao-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="prestacao-title" className="text-base font-semibold">
          Prestação de contas
        </h2>
        {view.atrasada ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">
            <AlertTriangle className="size-3.5" aria-hidden="true" />
            Prestação de contas atrasada
          </span>
        ) : null}
      </div>
      <Amounts view={view} />
      {view.podePrestarContas ? <SettleForm id={id} version={view.versao} /> : null}
      {view.status === "prestacao_enviada" && view.devolver ? (
        <div className="flex flex-col gap-2 rounded-lg border bg-muted/30 p-3">
          <p className="text-sm">
            {owner
              ? `Devolva ${formatBRL(view.devolver)} à agência por PIX com este código; o Financeiro confirma o recebimento.`
              : `O solicitante devolve ${formatBRL(view.devolver)} por PIX com este código.`}
          </p>
          <PixCode code={view.codigoPix} problem={view.problemaPix} payee={view.recebedor ?? "a agência"} />
        </div>
      ) : null}
      {view.podeDefinirPrazo ? <DeadlineForm id={id} view={view} /> : null}
      <ClosingButton id={id} view={view} />
    </Card>
  );
}

/** Shown before the advance's form is filled: an overdue advance blocks a new one (the server refuses it too). */
export function AdvancePendingNotice() {
  const pending = useAdvancePending().data?.atrasado;
  if (!pending) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm sm:col-span-2"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Há um adiantamento com a prestação de contas atrasada.</strong> O
        prazo terminou em {formatDateBR(pending.prazo)}. Preste contas dele antes de pedir outro.
      </p>
    </div>
  );
}
