import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import {
  type ObservedOptionalInput,
  ObservedOptionalInputSchema,
  type OfficeCalendar,
} from "@/domain/calendar/api";
import type { FieldSpec } from "@/web/components/form/field-spec";
import { FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { useServerForm } from "@/web/lib/use-server-form";
import { useSaveObservedDays } from "../api/holidays";
import { shortDate } from "./holiday-list";

type Values = ObservedOptionalInput;

const observedOf = (calendar: OfficeCalendar) =>
  calendar.facultativos.filter((day) => day.observado).map((day) => day.chave);

/**
 * 'Pontos facultativos': the days some places close and others do not (Carnaval, Corpus
 * Christi, 24 and 31 December); ticked, the office closes on them every year (docs/decisions/060).
 */
export function OptionalDaysForm({ calendar }: { calendar: OfficeCalendar }) {
  const save = useSaveObservedDays();
  const fields: FieldSpec<Values>[] = [
    {
      type: "checkboxes",
      name: "facultativos",
      label: "A agência fecha nestes dias",
      hint: `Vale para todos os anos; as datas são as de ${calendar.ano}.`,
      options: calendar.facultativos.map((day) => ({
        value: day.chave,
        label: `${day.nome} — ${shortDate(day.data).date}`,
      })),
    },
  ];
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(ObservedOptionalInputSchema) as never,
    defaults: { facultativos: observedOf(calendar) },
    serverFields: ["facultativos"],
    send: (values: Values) => save.mutateAsync(values as never),
    isPending: save.isPending,
    errorNotice: () => ({ title: "Pontos facultativos não salvos", description: "Tente de novo." }),
    successNotice: () => ({ title: "Pontos facultativos salvos" }),
  });
  // Again when the calendar read says otherwise (another tab, another person): what is stored shows.
  const observed = observedOf(calendar).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `observed` is the calendar's choice, as text.
  useEffect(() => form.reset({ facultativos: observedOf(calendar) }), [observed, form]);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-label="Pontos facultativos"
      className="grid gap-4"
    >
      <FormFields form={form as never} fields={fields as never} idPrefix="feriados" />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Salvar pontos facultativos
        </Button>
      </div>
    </form>
  );
}
