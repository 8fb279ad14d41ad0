import { useState } from "react";
import { addDays, formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { ADMISSION_AHEAD_DAYS, ADMISSION_EARLIEST, admissionMessages } from "@/domain/time-off/admission-csv";
import { AdmissionFormSchema } from "@/domain/time-off/vacation-api";
import { DatePicker } from "@/web/components/form/date-picker";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useSaveAdmission } from "../api/admissions";

/**
 * 'Data de admissão' of one person (docs/decisions/060): shown, and for RH and administrators
 * edited in place; checked with the server's own schema before it is sent.
 */
export function AdmissionDate({ email, value }: { email: string; value: string | null }) {
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState(value ?? "");
  const [error, setError] = useState<string | undefined>();
  const save = useSaveAdmission();
  const id = `admissao-${email.replace(/[^a-z0-9]/gi, "-")}`;

  const send = (dataAdmissao: string | null) => {
    if (dataAdmissao !== null) {
      const checked = AdmissionFormSchema.safeParse({ dataAdmissao });
      if (!checked.success) return setError(checked.error.issues[0]?.message);
    }
    setError(undefined);
    save.mutate(
      { email, dataAdmissao },
      {
        onSuccess: () => {
          notifySuccess(dataAdmissao ? admissionMessages.saved : admissionMessages.cleared);
          setEditing(false);
        },
        onError: (err) => {
          const field = err instanceof ApiRequestError ? err.body.fields?.dataAdmissao : undefined;
          if (field) setError(field);
          else toastApiError(err, { title: "Não foi possível salvar a data de admissão" });
        },
      },
    );
  };

  if (!editing) {
    return (
      <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
        {value ? `Admissão: ${formatDateBR(value)}` : "Sem data de admissão"}
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setEditing(true)}>
          {value ? "Alterar" : "Registrar data de admissão"}
        </Button>
      </span>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send(date);
      }}
    >
      <FormItem id={id} label="Data de admissão" error={error} className="w-44">
        {(control) => (
          <DatePicker
            {...control}
            value={date}
            onChange={setDate}
            min={ADMISSION_EARLIEST}
            max={addDays(todayInSaoPaulo(), ADMISSION_AHEAD_DAYS)}
            today={todayInSaoPaulo()}
            labelId={`${id}-label`}
            calendarLabel="Escolha a data de admissão"
          />
        )}
      </FormItem>
      <Button type="submit" size="sm" disabled={save.isPending}>
        Salvar
      </Button>
      {value ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={save.isPending}
          onClick={() => send(null)}
        >
          Remover
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancelar
      </Button>
    </form>
  );
}
