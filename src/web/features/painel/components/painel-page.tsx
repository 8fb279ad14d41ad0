import { useState } from "react";
import { todayInSaoPaulo } from "@/domain/dates";
import { DatePicker, pastDaysWindow } from "@/web/components/form/date-picker";
import { FormItem } from "@/web/components/form/form-item";
import { ListError } from "@/web/components/list-states";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { type PainelPeriod, usePainel } from "../api/get-painel";
import { BankFigure } from "./bank-figure";
import { AmountsChart, RequestsChart, ServiceLevelChart, TimesChart } from "./charts";

const PRESETS = [
  { value: "3", label: "Últimos 3 meses" },
  { value: "6", label: "Últimos 6 meses" },
  { value: "12", label: "Últimos 12 meses" },
  { value: "ano", label: "Este ano" },
  { value: "personalizado", label: "Personalizado" },
] as const;
type Preset = (typeof PRESETS)[number]["value"];

/** The period of a preset: from the first day of the month n−1 months back (this month included) to today. */
function presetPeriod(preset: Exclude<Preset, "personalizado">, today = todayInSaoPaulo()): PainelPeriod {
  const year = Number(today.slice(0, 4));
  if (preset === "ano") return { de: `${year}-01-01`, ate: today };
  const months = Number(preset);
  let [y, m] = [year, Number(today.slice(5, 7)) - (months - 1)];
  if (m < 1) [y, m] = [y - 1, m + 12];
  return { de: `${y}-${String(m).padStart(2, "0")}-01`, ate: today };
}

/**
 * 'Painel' (decision 014): charts, not tables — requests per month, amounts
 * approved and paid, time to decision and payment, open requests against the
 * service level; the reader's teams' kinds only (the server decides).
 */
export function PainelPage() {
  const [preset, setPreset] = useState<Preset>("6");
  const [period, setPeriod] = useState<PainelPeriod>(() => presetPeriod("6"));
  const query = usePainel(period);

  const choose = (value: Preset) => {
    setPreset(value);
    if (value !== "personalizado") setPeriod(presetPeriod(value));
  };
  const setDate = (key: keyof PainelPeriod, value: string) => {
    if (!value) return;
    setPreset("personalizado");
    setPeriod((p) => ({ ...p, [key]: value }));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Painel</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          O período de relance: solicitações, valores, tempos e prazos dos tipos que as suas equipes atendem.
        </p>
      </div>

      <fieldset className="grid gap-3 sm:flex sm:flex-wrap sm:items-end" aria-label="Período">
        <div className="grid gap-2 sm:w-52">
          <Label htmlFor="painel-periodo">Período</Label>
          <Select value={preset} onValueChange={(v) => choose(v as Preset)}>
            <SelectTrigger id="painel-periodo" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PRESETS.map((p) => (
                <SelectItem key={p.value} value={p.value}>
                  {p.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <PeriodDates period={period} setDate={setDate} />
        </div>
      </fieldset>

      {query.isPending ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-80 w-full rounded-xl" />
          ))}
        </div>
      ) : !query.data ? (
        <ListError
          title="Não foi possível carregar o painel."
          description={query.error instanceof Error ? query.error.message : undefined}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy={query.isFetching}>
          <div className="lg:col-span-2">
            <BankFigure painel={query.data} />
          </div>
          <RequestsChart painel={query.data} />
          <ServiceLevelChart painel={query.data} />
          <AmountsChart painel={query.data} />
          <TimesChart painel={query.data} />
        </div>
      )}
    </div>
  );
}

/** 'De' and 'Até': the kit's pt-BR date pickers (dd/mm/aaaa whatever the browser's language), each bounded by the other. */
function PeriodDates({
  period,
  setDate,
}: {
  period: PainelPeriod;
  setDate: (key: keyof PainelPeriod, value: string) => void;
}) {
  const today = todayInSaoPaulo();
  const { min, max } = pastDaysWindow(today);
  const dates = [
    { key: "de", label: "De", calendar: "Escolha a data inicial", min, max: period.ate },
    { key: "ate", label: "Até", calendar: "Escolha a data final", min: period.de, max },
  ] as const;
  return dates.map((date) => (
    <FormItem key={date.key} id={`painel-${date.key}`} label={date.label} className="sm:w-44">
      {(control) => (
        <DatePicker
          {...control}
          labelId={`painel-${date.key}-label`}
          calendarLabel={date.calendar}
          min={date.min}
          max={date.max}
          today={today}
          value={period[date.key]}
          onChange={(value) => setDate(date.key, value)}
        />
      )}
    </FormItem>
  ));
}
