import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import type { Resolver } from "react-hook-form";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import {
  CREDIT_MAX_HOURS,
  CREDIT_PAST_DAYS,
  CREDIT_REASON_MAX,
  type HourBankPerson,
  type HourCreditInput,
  HourCreditInputSchema,
  hourBankMessages,
} from "@/domain/time-off/hour-bank-api";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useCreditHours } from "../api/hour-bank";

type Values = { email: string; horas: string; minutos: string; data: string; motivo: string };

const AMOUNT_FIELDS: readonly FieldSpec<Values>[] = [
  {
    type: "text",
    name: "horas",
    label: "Horas",
    required: true,
    attrs: { inputMode: "numeric", max: CREDIT_MAX_HOURS },
  },
  { type: "text", name: "minutos", label: "Minutos", attrs: { inputMode: "numeric", max: 59 } },
];

const DAY_AND_REASON: readonly FieldSpec<Values>[] = [
  {
    type: "date",
    name: "data",
    label: "Data",
    required: true,
    today: todayInSaoPaulo,
    window: (today) => ({ min: addDays(today, -CREDIT_PAST_DAYS), max: today }),
    calendarLabel: "Escolha o dia das horas trabalhadas",
  },
  {
    type: "textarea",
    name: "motivo",
    label: "Motivo",
    required: true,
    wide: true,
    rows: 2,
    attrs: { maxLength: CREDIT_REASON_MAX + 20 },
  },
];

/** 'Lançar horas': the form kit, checked by the shared schema here and again by the server. */
export function CreditForm({ people }: { people: readonly HourBankPerson[] }) {
  const credit = useCreditHours();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(HourCreditInputSchema) as unknown as Resolver<Values, unknown, HourCreditInput>,
    defaults: { email: "", horas: "", minutos: "0", data: todayInSaoPaulo(), motivo: "" },
    serverFields: ["email", "horas", "minutos", "data", "motivo"],
    send: (values) => credit.mutateAsync(values),
    isPending: credit.isPending,
    errorNotice: (error) => apiErrorNotice(error, { title: "Não foi possível lançar as horas" }),
    successNotice: () => ({ title: hourBankMessages.credited }),
    resetOnSuccess: true,
  });
  const person: FieldSpec<Values> = {
    type: "select",
    name: "email",
    id: "credito-pessoa",
    label: "Pessoa",
    required: true,
    wide: true,
    placeholder: "Escolha a pessoa",
    options: people.map((p) => ({ value: p.email, label: p.nome ? `${p.nome} (${p.email})` : p.email })),
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Lançar horas" className="grid gap-5 sm:grid-cols-2">
      <FormFields form={form as never} fields={[person]} idPrefix="credito" />
      <div className="grid grid-cols-2 gap-3">
        <FormFields form={form as never} fields={AMOUNT_FIELDS} idPrefix="credito" />
      </div>
      <FormFields form={form as never} fields={DAY_AND_REASON} idPrefix="credito" />
      <div className="sm:col-span-2 sm:flex sm:justify-end">
        <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Lançar horas
        </Button>
      </div>
    </form>
  );
}
