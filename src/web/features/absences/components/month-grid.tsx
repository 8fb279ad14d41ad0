import type { AbsencePeriod } from "@/domain/absences/api";
import { awayCountLabel, awayOn, isRestDay, monthWeeks, WEEKDAY_HEADS } from "@/domain/absences/calendar";
import type { Holiday } from "@/domain/calendar/holidays";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/cn";

/** How many names a day shows before '+N'. */
const NAMES_SHOWN = 3;

const dayName = new Intl.DateTimeFormat("pt-BR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});

/**
 * The month as a table of weeks, Sunday first (decision 040): each day the
 * names away on it; on a phone, where a name would not fit, their count (the
 * list below the grid carries the names). Weekends and the office's holidays are
 * shaded, each holiday with its name (docs/decisions/060), and today stands out.
 */
export function MonthGrid(props: {
  mes: string;
  today: string;
  periods: readonly AbsencePeriod[] | null;
  holidays: readonly Holiday[];
}) {
  const { mes, today, periods } = props;
  const holidays = new Map(props.holidays.map((holiday) => [holiday.data, holiday]));
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <table className="w-full table-fixed border-collapse" aria-describedby="quem-esta-fora-mes">
        <thead>
          <tr className="border-b bg-muted/50">
            {WEEKDAY_HEADS.map((head) => (
              <th
                key={head}
                scope="col"
                className="py-2 text-center text-xs font-medium text-muted-foreground"
              >
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(mes).map((week) => (
            <tr key={week.find(Boolean)} className="border-b last:border-b-0">
              {week.map((day, column) =>
                day ? (
                  <DayCell
                    key={day}
                    day={day}
                    today={today}
                    holiday={holidays.get(day)}
                    names={periods ? awayOn(day, periods) : null}
                  />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank day has no other identity than its column.
                  <td key={column} className="border-l first:border-l-0" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCell(props: {
  day: string;
  today: string;
  holiday: Holiday | undefined;
  names: string[] | null;
}) {
  const { day, today, holiday, names } = props;
  const isToday = day === today;
  // The answer's holidays are the server's calendar: they shade a year the page never read too.
  const rest = isRestDay(day) || holiday !== undefined;
  const count = names?.length ?? 0;
  return (
    <td
      aria-current={isToday ? "date" : undefined}
      className={cn(
        "h-16 border-l p-1 align-top first:border-l-0 md:h-24 md:p-1.5",
        rest && "bg-muted/70",
        isToday && "bg-brand-soft/60 ring-2 ring-primary ring-inset",
      )}
    >
      <div className="flex h-full flex-col gap-1">
        <span
          className={cn(
            "inline-flex size-6 items-center justify-center rounded-full text-xs tabular-nums",
            rest ? "text-muted-foreground" : "text-foreground",
            isToday && "bg-primary font-semibold text-primary-foreground",
          )}
        >
          <span className="sr-only">{dayName.format(new Date(`${day}T12:00:00Z`))}</span>
          <span aria-hidden="true">{Number(day.slice(8, 10))}</span>
        </span>
        {holiday ? (
          <span
            title={holiday.nome}
            className="line-clamp-3 text-[9px] leading-[1.15] font-medium text-muted-foreground md:truncate md:text-xs md:leading-4"
          >
            {holiday.nome}
          </span>
        ) : null}
        {names === null ? (
          <Skeleton className="hidden h-3 w-3/4 md:block" />
        ) : count ? (
          <>
            <ul className="hidden min-w-0 flex-col gap-0.5 md:flex" aria-label={awayCountLabel(count)}>
              {names.slice(0, NAMES_SHOWN).map((name, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: two people may share a name.
                  key={`${name}-${i}`}
                  title={name}
                  className="truncate rounded bg-primary/10 px-1 text-xs leading-5 text-accent-foreground"
                >
                  {name}
                </li>
              ))}
              {count > NAMES_SHOWN ? (
                <li className="px-1 text-xs text-muted-foreground">+{count - NAMES_SHOWN}</li>
              ) : null}
            </ul>
            <span
              className="mx-auto inline-flex min-w-6 items-center justify-center rounded-full bg-primary/15 px-1.5 text-xs leading-5 font-semibold text-accent-foreground md:hidden"
              title={awayCountLabel(count)}
            >
              <span className="sr-only">{awayCountLabel(count)}</span>
              <span aria-hidden="true">{count}</span>
            </span>
          </>
        ) : null}
      </div>
    </td>
  );
}
