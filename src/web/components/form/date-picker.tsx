import type { Month } from "date-fns";
import { ptBR } from "date-fns/locale";
import { CalendarDays } from "lucide-react";
import * as React from "react";
import type { Labels } from "react-day-picker";
import { formatDateBR } from "@/domain/dates";
import { Button } from "@/web/components/ui/button";
import { Calendar } from "@/web/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { cn } from "@/web/lib/cn";
import type { ControlProps } from "./form-item";

/** 'yyyy-mm-dd' ↔ a local Date at midnight: the picker works in days, never in instants. */
function toLocalDate(iso: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The days a filter of what already happened may take: from 1 January ten
 * years back to São Paulo's `today`.
 */
export function pastDaysWindow(today: string): { min: string; max: string } {
  return { min: `${Number(today.slice(0, 4)) - 10}-01-01`, max: today };
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase("pt-BR") + text.slice(1);

// The accessible names of the calendar's controls, in Portuguese.
const LABELS: Partial<Labels> = {
  labelMonthDropdown: () => "Mês",
  labelYearDropdown: () => "Ano",
  labelNext: () => "Próximo mês",
  labelPrevious: () => "Mês anterior",
  labelNav: () => "Navegação do calendário",
  labelDayButton: (date, modifiers, _options, dateLib) => {
    let label = dateLib ? dateLib.format(date, "PPPP") : date.toLocaleDateString("pt-BR");
    if (modifiers.today) label = `Hoje, ${label}`;
    if (modifiers.selected) label = `${label}, selecionado`;
    return label;
  },
};

type DatePickerProps = ControlProps & {
  /** 'yyyy-mm-dd' or ''. */
  value: string | undefined;
  onChange: (isoDate: string) => void;
  onBlur?: () => void;
  /** The first and the last day that can be chosen, 'yyyy-mm-dd'. */
  min: string;
  max: string;
  /** São Paulo's today, 'yyyy-mm-dd', marked in the calendar (not the browser's own). Default: `max`. */
  today?: string;
  /** The id of the field's visible label, so the button is named by it. */
  labelId: string;
  /** The calendar's accessible name ('Escolha a data da despesa'). */
  calendarLabel: string;
  /** A chosen date may be taken away ('Limpar data'): a filter, where no date is a choice too. */
  clearable?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
  disabled?: boolean;
};

/**
 * Spec §2 /reembolso: a button showing the date as dd/mm/aaaa that opens a
 * calendar with month and year dropdowns and previous/next buttons. Days
 * outside `min`–`max` are disabled. Weeks start on Sunday (spec §9). The
 * keyboard moves in the grid (arrows, Page Up/Down, Home/End), Enter picks,
 * Escape closes. The value is always ISO ('yyyy-mm-dd'), whatever the
 * browser's language: a native date input would show mm/dd/yyyy in English.
 */
export function DatePicker({
  value,
  onChange,
  onBlur,
  min,
  max,
  today = max,
  labelId,
  calendarLabel,
  clearable,
  ref,
  disabled,
  id,
  "aria-required": _required,
  ...control
}: DatePickerProps) {
  const [open, setOpen] = React.useState(false);
  const selected = value ? toLocalDate(value) : undefined;
  const first = toLocalDate(min)!;
  const last = toLocalDate(max)!;
  // Opens on the chosen day, else on today: a window that reaches into next year (an absence) starts now.
  const start = () => selected ?? toLocalDate(today) ?? last;
  const [month, setMonth] = React.useState<Date>(start);
  const valueId = `${id}-value`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setMonth(start());
        else onBlur?.();
      }}
    >
      <PopoverTrigger asChild>
        <Button
          ref={ref}
          id={id}
          variant="outline"
          disabled={disabled}
          // Named by the label and what it shows (WCAG 2.5.3: the visible text is part of the name).
          aria-labelledby={`${labelId} ${valueId}`}
          className={cn(
            "h-10 w-full justify-between px-3 text-left text-base font-normal md:text-sm",
            "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
            !selected && "text-muted-foreground",
          )}
          {...control}
        >
          <span id={valueId} className="tabular-nums">
            {value && selected ? formatDateBR(value) : "dd/mm/aaaa"}
          </span>
          <CalendarDays className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-auto p-0"
        align="start"
        aria-label={calendarLabel}
        // The calendar focuses the chosen day (or today) itself, so the keyboard starts in the grid.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <Calendar
          mode="single"
          required={false}
          autoFocus
          locale={ptBR}
          weekStartsOn={0}
          captionLayout="dropdown"
          labels={LABELS}
          formatters={{
            formatMonthDropdown: (date) => capitalize(ptBR.localize.month(date.getMonth() as Month)),
          }}
          month={month}
          onMonthChange={setMonth}
          startMonth={first}
          endMonth={last}
          today={toLocalDate(today) ?? last}
          selected={selected}
          disabled={[{ before: first }, { after: last }]}
          onSelect={(date) => {
            // Picking the chosen day again keeps it.
            if (date) onChange(toIsoDate(date));
            setOpen(false);
          }}
        />
        {clearable && value ? (
          <div className="border-t p-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => {
                onChange("");
                setOpen(false);
              }}
            >
              Limpar data
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
