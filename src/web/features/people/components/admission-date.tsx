import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import type { Resolver } from "react-hook-form";
import { addDays, formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { ADMISSION_AHEAD_DAYS, ADMISSION_EARLIEST, admissionMessages } from "@/domain/time-off/admission-csv";
import { AdmissionFormSchema } from "@/domain/time-off/vacation-api";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { notifySuccess } from "@/web/lib/notify";
import { markServerFields } from "@/web/lib/submit-error";
import { apiErrorNotice, toastApiError } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useSaveAdmission } from "../api/admissions";

type Values = { dataAdmissao: string };

/** The day, in the window the server takes (from ADMISSION_EARLIEST to ADMISSION_AHEAD_DAYS ahead). */
function admissionFields(id: string): FieldSpec<Values>[] {
  return [
    {
      type: "date",
      name: "dataAdmissao",
      id,
      label: "Data de admissão",
      today: todayInSaoPaulo,
      window: (today) => ({ min: ADMISSION_EARLIEST, max: addDays(today, ADMISSION_AHEAD_DAYS) }),
      calendarLabel: "Escolha a data de admissão",
    },
  ];
}

/**
 * 'Data de admissão' of one person (docs/decisions/060): shown, and for RH and administrators
 * edited in place; checked with the server's own schema before it is sent.
 */
export function AdmissionDate({ email, value }: { email: string; value: string | null }) {
  const [editing, setEditing] = useState(false);
  const save = useSaveAdmission();
  const id = `admissao-${email.replace(/[^a-z0-9]/gi, "-")}`;
  const failed = { title: "Não foi possível salvar a data de admissão" };
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(AdmissionFormSchema) as unknown as Resolver<Values, unknown, Values>,
    defaults: { dataAdmissao: value ?? "" },
    serverFields: ["dataAdmissao"],
    send: (values) => save.mutateAsync({ email, dataAdmissao: values.dataAdmissao }),
    isPending: save.isPending,
    errorNotice: (error) => apiErrorNotice(error, failed),
    // A refused day is said under its field only, without a toast.
    intercept: (error): boolean =>
      markServerFields(error, ["dataAdmissao"] as const, (field, message) =>
        form.setError(field, { message }),
      ),
    onSuccess: () => {
      notifySuccess(admissionMessages.saved);
      setEditing(false);
    },
  });

  // 'Remover' is no submission of the form: the stored day is cleared as it stands.
  const remove = () =>
    save.mutate(
      { email, dataAdmissao: null },
      {
        onSuccess: () => {
          notifySuccess(admissionMessages.cleared);
          setEditing(false);
        },
        onError: (error) => toastApiError(error, failed),
      },
    );

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
    <form noValidate className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} aria-busy={busy}>
      <div className="w-44">
        <FormFields form={form as never} fields={admissionFields(id)} idPrefix="admissao" />
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        Salvar
      </Button>
      {value ? (
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={remove}>
          Remover
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancelar
      </Button>
    </form>
  );
}
