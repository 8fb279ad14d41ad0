import { HOLIDAY_KIND_LABELS, type Holiday } from "@/domain/calendar/holidays";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";

const dayFormat = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", timeZone: "UTC" });
const weekdayFormat = new Intl.DateTimeFormat("pt-BR", { weekday: "short", timeZone: "UTC" });
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const isWeekend = (day: string) => [0, 6].includes(noon(day).getUTCDay());

/** '26/12' and 'sáb.': the date and its weekday, as the list reads them. */
export function shortDate(day: string) {
  return { date: dayFormat.format(noon(day)), weekday: weekdayFormat.format(noon(day)) };
}

/**
 * Every day off of the year, by date, with who decreed it. One on a weekend closes nothing the
 * office opens, so it is shown lighter (it counts for nothing).
 */
export function HolidayList({ holidays }: { holidays: readonly Holiday[] }) {
  return (
    <ul
      className="flex min-w-0 flex-col divide-y rounded-xl border bg-card shadow-xs"
      aria-label="Feriados do ano"
    >
      {holidays.map((holiday) => {
        const { date, weekday } = shortDate(holiday.data);
        const weekend = isWeekend(holiday.data);
        return (
          <li
            key={holiday.data}
            className={cn("flex items-start gap-3 px-4 py-2.5 text-sm", weekend && "text-muted-foreground")}
          >
            <span className="w-20 shrink-0 tabular-nums">
              <span className="font-medium">{date}</span> <span className="text-xs">{weekday}</span>
            </span>
            {/* On a phone the kind goes under the name rather than past the screen's edge. */}
            <span className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="min-w-0 break-words">{holiday.nome}</span>
              <Badge
                variant={holiday.tipo === "agencia" || holiday.tipo === "facultativo" ? "brand" : "outline"}
              >
                {HOLIDAY_KIND_LABELS[holiday.tipo]}
              </Badge>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
