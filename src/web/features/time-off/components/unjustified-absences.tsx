import { X } from "lucide-react";
import { useState } from "react";
import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { ADMISSION_EARLIEST } from "@/domain/time-off/admission-csv";
import { UnjustifiedAbsenceInputSchema, vacationMessages } from "@/domain/time-off/vacation-api";
import { DatePicker } from "@/web/components/form/date-picker";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useRecordUnjustified, useRemoveUnjustified, useUnjustified } from "../api/team-vacations";

/** One person's unjustified absences (CLT art. 130): listed, recorded and removed by RH. */
export function UnjustifiedAbsences({ email }: { email: string }) {
  const list = useUnjustified(email);
  const record = useRecordUnjustified();
  const remove = useRemoveUnjustified();
  const [data, setData] = useState(todayInSaoPaulo());
  const [error, setError] = useState<string | undefined>();
  const id = `falta-${email.replace(/[^a-z0-9]/gi, "-")}`;

  const submit = () => {
    const checked = UnjustifiedAbsenceInputSchema.safeParse({ email, data });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    record.mutate(checked.data, {
      onSuccess: () => {
        notifySuccess(vacationMessages.absenceRecorded);
        void list.refetch();
      },
      onError: (err) => toastApiError(err, { title: "Não foi possível registrar a falta" }),
    });
  };

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
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormItem id={id} label="Falta injustificada em" error={error} className="w-44">
          {(control) => (
            <DatePicker
              {...control}
              value={data}
              onChange={setData}
              min={ADMISSION_EARLIEST}
              max={todayInSaoPaulo()}
              today={todayInSaoPaulo()}
              labelId={`${id}-label`}
              calendarLabel="Escolha o dia da falta"
            />
          )}
        </FormItem>
        <Button type="submit" size="sm" variant="outline" disabled={record.isPending}>
          Registrar falta
        </Button>
      </form>
    </div>
  );
}
