import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { AgencyDayInputSchema, type OfficeCalendar } from "@/domain/calendar/api";
import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import type { FieldSpec } from "@/web/components/form/field-spec";
import { FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useAddAgencyDay, useRemoveAgencyDay } from "../api/holidays";

type Values = { data: string; nome: string };
type Day = OfficeCalendar["diasDaAgencia"][number];

const FIELDS: FieldSpec<Values>[] = [
  {
    type: "date",
    name: "data",
    label: "Data",
    required: true,
    today: todayInSaoPaulo,
    // From last year (a day forgotten) to two years ahead (a recess planned early).
    window: (today) => {
      const year = Number(today.slice(0, 4));
      return { min: `${year - 1}-01-01`, max: `${year + 2}-12-31` };
    },
    calendarLabel: "Escolha o dia da agência",
  },
  { type: "text", name: "nome", label: "Nome do dia", required: true, placeholder: "Recesso de fim de ano" },
];

/** 'Adicionar dia da agência': the form, with the shared schema's messages (docs/decisions/060). */
function AddAgencyDayForm() {
  const add = useAddAgencyDay();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(AgencyDayInputSchema) as never,
    defaults: { data: "", nome: "" },
    serverFields: ["data", "nome"],
    send: (values: Values) => add.mutateAsync(values),
    isPending: add.isPending,
    resetOnSuccess: true,
    errorNotice: () => ({ title: "Dia não adicionado", description: "Confira os campos e tente de novo." }),
    successNotice: (day) => ({
      title: "Dia da agência adicionado",
      description: `${day.nome}, ${formatDateBR(day.data)}`,
    }),
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-label="Adicionar dia da agência"
      className="grid gap-4 rounded-lg border border-dashed p-4"
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <FormFields form={form as never} fields={FIELDS as never} idPrefix="dia-da-agencia" />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          Adicionar dia da agência
        </Button>
      </div>
    </form>
  );
}

/** The agency's own days of the year shown, each with 'Remover' (asked first), and the form. */
export function AgencyDays({ calendar }: { calendar: OfficeCalendar }) {
  const remove = useRemoveAgencyDay();
  const [asked, setAsked] = useState<Day | null>(null);
  const confirm = () => {
    if (!asked) return;
    remove.mutate(asked.id, {
      onSuccess: () => {
        notifySuccess("Dia da agência removido", { description: asked.nome });
        setAsked(null);
      },
      onError: (error) => {
        toastApiError(error, { title: "Dia não removido", description: "Tente de novo." });
        setAsked(null);
      },
    });
  };
  return (
    <div className="grid gap-4">
      {calendar.diasDaAgencia.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum dia da agência em {calendar.ano}.</p>
      ) : (
        <ul
          className="flex flex-col divide-y rounded-lg border"
          aria-label={`Dias da agência em ${calendar.ano}`}
        >
          {calendar.diasDaAgencia.map((day) => (
            <li key={day.id} className="flex items-center gap-3 py-1.5 pr-1.5 pl-4 text-sm">
              <span className="w-24 shrink-0 font-medium tabular-nums">{formatDateBR(day.data)}</span>
              <span className="min-w-0 flex-1 truncate" title={day.nome}>
                {day.nome}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remover ${day.nome} (${formatDateBR(day.data)})`}
                onClick={() => setAsked(day)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddAgencyDayForm />
      <ConfirmDialog
        open={asked !== null}
        title="Remover este dia da agência?"
        description={`“${asked?.nome ?? ""}” (${asked ? formatDateBR(asked.data) : ""}) volta a ser dia útil: os prazos e as contagens de dias passam a contá-lo.`}
        confirmLabel="Remover"
        busy={remove.isPending}
        onOpenChange={(open) => (open ? undefined : setAsked(null))}
        onConfirm={confirm}
      />
    </div>
  );
}
