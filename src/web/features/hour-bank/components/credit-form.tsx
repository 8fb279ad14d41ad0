import { Loader2 } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import {
  CREDIT_MAX_HOURS,
  CREDIT_PAST_DAYS,
  CREDIT_REASON_MAX,
  type HourBankPerson,
  HourCreditInputSchema,
  hourBankMessages,
} from "@/domain/time-off/hour-bank-api";
import { DatePicker } from "@/web/components/form/date-picker";
import { FormItem } from "@/web/components/form/form-item";
import { OptionSelect } from "@/web/components/form/option-select";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useCreditHours } from "../api/hour-bank";

type Values = { email: string; horas: string; minutos: string; data: string; motivo: string };
type Field = keyof Values;

/** 'Lançar horas': checked by the shared schema here, and again by the server. */
export function CreditForm({ people }: { people: readonly HourBankPerson[] }) {
  const today = todayInSaoPaulo();
  const credit = useCreditHours();
  const { register, control, handleSubmit, reset, setError, clearErrors, formState } = useForm<Values>({
    defaultValues: { email: "", horas: "", minutos: "0", data: today, motivo: "" },
  });
  const errors = formState.errors;
  const options = people.map((p) => ({ value: p.email, label: p.nome ? `${p.nome} (${p.email})` : p.email }));

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed = HourCreditInputSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(issue.path[0] as Field, { message: issue.message });
      return;
    }
    credit.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(hourBankMessages.credited);
        reset({ email: "", horas: "", minutos: "0", data: today, motivo: "" });
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
        if (fields)
          for (const [name, message] of Object.entries(fields)) setError(name as Field, { message });
        toastApiError(error, { title: "Não foi possível lançar as horas" });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Lançar horas" className="grid gap-5 sm:grid-cols-2">
      <FormItem
        id="credito-pessoa"
        label="Pessoa"
        required
        error={errors.email?.message}
        className="sm:col-span-2"
      >
        {(controlProps) => (
          <Controller
            control={control}
            name="email"
            render={({ field }) => (
              <OptionSelect {...controlProps} {...field} options={options} placeholder="Escolha a pessoa" />
            )}
          />
        )}
      </FormItem>
      <div className="grid grid-cols-2 gap-3">
        <FormItem id="credito-horas" label="Horas" required error={errors.horas?.message}>
          {(controlProps) => (
            <Input {...controlProps} inputMode="numeric" max={CREDIT_MAX_HOURS} {...register("horas")} />
          )}
        </FormItem>
        <FormItem id="credito-minutos" label="Minutos" error={errors.minutos?.message}>
          {(controlProps) => (
            <Input {...controlProps} inputMode="numeric" max={59} {...register("minutos")} />
          )}
        </FormItem>
      </div>
      <FormItem id="credito-data" label="Data" required error={errors.data?.message}>
        {(controlProps) => (
          <Controller
            control={control}
            name="data"
            render={({ field }) => (
              <DatePicker
                {...controlProps}
                {...field}
                min={addDays(today, -CREDIT_PAST_DAYS)}
                max={today}
                labelId="credito-data-label"
                calendarLabel="Escolha o dia das horas trabalhadas"
              />
            )}
          />
        )}
      </FormItem>
      <FormItem
        id="credito-motivo"
        label="Motivo"
        required
        error={errors.motivo?.message}
        className="sm:col-span-2"
      >
        {(controlProps) => (
          <Textarea {...controlProps} rows={2} maxLength={CREDIT_REASON_MAX + 20} {...register("motivo")} />
        )}
      </FormItem>
      <div className="sm:col-span-2 sm:flex sm:justify-end">
        <Button type="submit" className="w-full sm:w-auto" disabled={credit.isPending}>
          {credit.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Lançar horas
        </Button>
      </div>
    </form>
  );
}
