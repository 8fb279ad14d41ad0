import { ChevronLeft, ChevronRight } from "lucide-react";
import { useSearchParams } from "react-router";
import { FIRST_MONTH, LAST_MONTH, MonthSchema } from "@/domain/absences/api";
import { currentMonth, monthLabel, shiftMonth } from "@/domain/absences/calendar";
import { todayInSaoPaulo } from "@/domain/dates";
import { ListError } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { useAbsenceCalendar } from "../api/get-absence-calendar";
import { MonthGrid } from "./month-grid";
import { MonthList } from "./month-list";
import { SubscribeCalendarDialog } from "./subscribe-calendar-dialog";

/** The month in the address (`?mes=2026-12`), or São Paulo's current one. */
function useShownMonth(today: string) {
  const [params, setParams] = useSearchParams();
  const asked = MonthSchema.safeParse(params.get("mes"));
  const mes = asked.success ? asked.data : currentMonth(today);
  const show = (next: string) =>
    setParams(next === currentMonth(today) ? {} : { mes: next }, { replace: true });
  return { mes, show };
}

/**
 * 'Quem está fora' (decision 040): who is away on each day of a month, by
 * name only, for every signed-in person. Refreshed live when an absence is
 * approved or called off (the 'ausencias' event).
 */
export function AbsenceCalendarPage() {
  const today = todayInSaoPaulo();
  const { mes, show } = useShownMonth(today);
  const query = useAbsenceCalendar(mes);
  const periods = query.data?.ausencias ?? null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Quem está fora</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          As ausências aprovadas pelo RH, dia a dia. Só os nomes aparecem aqui.
        </p>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quem-esta-fora-mes" className="text-xl font-semibold" aria-live="polite">
          {monthLabel(mes)}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <SubscribeCalendarDialog />
          <Button
            variant="outline"
            size="icon"
            aria-label="Mês anterior"
            disabled={mes <= FIRST_MONTH}
            onClick={() => show(shiftMonth(mes, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" className="h-9" onClick={() => show(currentMonth(today))}>
            Hoje
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Próximo mês"
            disabled={mes >= LAST_MONTH}
            onClick={() => show(shiftMonth(mes, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      {query.isError && !query.data ? (
        <ListError
          title="Não foi possível carregar quem está fora."
          description="Verifique sua conexão e tente de novo."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={query.isPending}>
          {query.isPending ? (
            <span role="status" className="sr-only">
              Carregando quem está fora...
            </span>
          ) : null}
          <MonthGrid mes={mes} today={today} periods={periods} holidays={query.data?.feriados ?? []} />
          <MonthList mes={mes} periods={periods} />
        </div>
      )}
    </div>
  );
}
