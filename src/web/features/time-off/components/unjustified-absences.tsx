import { zodResolver } from "@hookform/resolvers/zod";
import { X } from "lucide-react";
import type { Resolver } from "react-hook-form";
import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { ADMISSION_EARLIEST } from "@/domain/time-off/admission-csv";
import { UnjustifiedAbsenceInputSchema, vacationMessages } from "@/domain/time-off/vacation-api";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { notifySuccess } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useRecordUnjustified, useRemoveUnjustified, useUnjustified } from "../api/team-vacations";

type Values = { data: string };

/** A day from ADMISSION_EARLIEST to today, as the server takes it. */
function absenceFields(id: string): FieldSpec<Values>[] {
  return [
    {
      type: "date",
      name: "data",
      id,
      label: "Falta injustificada em",
      today: todayInSaoPaulo,
      window: (today) => ({ min: ADMISSION_EARLIEST, max: today }),
      calendarLabel: "Escolha o dia da falta",
    },
  ];
}

/** One person's unjustified absences (CLT art. 130): listed, recorded and removed by RH. */
export function UnjustifiedAbsences({ email }: { email: string }) {
  const list = useUnjustified(email);
  const record = useRecordUnjustified();
  const remove = useRemoveUnjustified();
  const id = `falta-${email.replace(/[^a-z0-9]/gi, "-")}`;
  const { form, onSubmit, busy } = useServerForm({
    // The day only: the person is the row's, added when sent.
    resolver: zodResolver(UnjustifiedAbsenceInputSchema.pick({ data: true })) as unknown as Resolver<
      Values,
      unknown,
      Values
    >,
    defaults: { data: todayInSaoPaulo() },
    serverFields: ["data"],
    // The whole input as the schema gives it (the note empty), the row's person with the day.
    send: (values) => record.mutateAsync(UnjustifiedAbsenceInputSchema.parse({ email, data: values.data })),
    isPending: record.isPending,
    errorNotice: (error) => apiErrorNotice(error, { title: "Não foi possível registrar a falta" }),
    successNotice: () => ({ title: vacationMessages.absenceRecorded }),
    onSuccess: () => void list.refetch(),
  });

  return (
    <div className="flex flex-col gap-2 text-sm">
      <ul className="flex flex-wrap gap-2" aria-label="Faltas injustificadas">
        {(list.data?.faltas ?? []).map((falta) => (
          <li key={falta.id} className="flex items-center gap-1 rounded-md border px-2 py-0.5">
            {formatDateBR(falta.data)}
            <Button
              variant="ghost"
              size="icon"
              className="size-6"
              aria-label={`Remover falta de ${formatDateBR(falta.data)}`}
              onClick={() =>
                remove.mutate(falta.id, {
                  onSuccess: () => {
                    notifySuccess(vacationMessages.absenceRemoved);
                    void list.refetch();
                  },
                })
              }
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <form noValidate className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} aria-busy={busy}>
        <div className="w-44">
          <FormFields form={form as never} fields={absenceFields(id)} idPrefix="falta" />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          Registrar falta
        </Button>
      </form>
    </div>
  );
}
