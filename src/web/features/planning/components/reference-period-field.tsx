import { type Control, Controller } from "react-hook-form";
import { MONTH_NAMES, MONTH_VALUES } from "@/domain/planning/options";
import { OptionSelect } from "@/web/components/form/option-select";
import { Label } from "@/web/components/ui/label";
import type { PlanRequestDraft } from "../lib/plan-request-draft";

const MONTH_OPTIONS = MONTH_VALUES.map((value) => ({ value, label: MONTH_NAMES[value] }));
const ERROR_ID = "plano-referencia-error";

/**
 * Month and year of the plan, side by side under one legend: spec §5 gives
 * them a single message, so it is shown once, under both.
 */
export function ReferencePeriodField({
  control,
  years,
  error,
}: {
  control: Control<PlanRequestDraft, unknown, unknown>;
  years: readonly string[];
  error?: string;
}) {
  const invalid = error ? { "aria-invalid": true as const, "aria-describedby": ERROR_ID } : {};
  const yearOptions = years.map((year) => ({ value: year, label: year }));
  return (
    <fieldset className="grid min-w-0 gap-2 sm:col-span-2">
      <legend className="sr-only">Mês e ano de referência</legend>
      <div className="grid grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] gap-x-3 gap-y-2 sm:gap-x-5">
        <div className="grid min-w-0 gap-2">
          <div className="flex items-center gap-1">
            <Label htmlFor="plano-mes">Mês de referência</Label>
            <span className="text-sm leading-none font-medium text-destructive" aria-hidden="true">
              *
            </span>
          </div>
          <Controller
            control={control}
            name="mesReferencia"
            render={({ field }) => (
              <OptionSelect
                id="plano-mes"
                aria-required
                {...invalid}
                options={MONTH_OPTIONS}
                placeholder="Selecione o mês"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
        <div className="grid min-w-0 gap-2">
          <div className="flex items-center gap-1">
            <Label htmlFor="plano-ano">Ano</Label>
            <span className="text-sm leading-none font-medium text-destructive" aria-hidden="true">
              *
            </span>
          </div>
          <Controller
            control={control}
            name="anoReferencia"
            render={({ field }) => (
              <OptionSelect
                id="plano-ano"
                aria-required
                {...invalid}
                options={yearOptions}
                placeholder="Selecione"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
      </div>
      {error ? (
        <p id={ERROR_ID} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
