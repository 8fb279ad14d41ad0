import { ChevronLeft, ChevronRight, Info, MapPin } from "lucide-react";
import { useSearchParams } from "react-router";
import { FIRST_YEAR, LAST_YEAR, type OfficeCalendar } from "@/domain/calendar/api";
import { todayInSaoPaulo } from "@/domain/dates";
import { ListError, ListLoading } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { useOfficeCalendar } from "../api/holidays";
import { AgencyDays } from "./agency-days";
import { HolidayList } from "./holiday-list";
import { OptionalDaysForm } from "./optional-days-form";

/** The year in the address (`?ano=2027`), or São Paulo's current one. */
function useShownYear() {
  const current = Number(todayInSaoPaulo().slice(0, 4));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("ano"));
  const ano = Number.isInteger(asked) && asked >= FIRST_YEAR && asked <= LAST_YEAR ? asked : current;
  const show = (next: number) => setParams(next === current ? {} : { ano: String(next) }, { replace: true });
  return { ano, show };
}

function Place({ calendar }: { calendar: OfficeCalendar }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-2 text-sm">
        <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
        Feriados nacionais, de {calendar.estado} e de {calendar.cidade}
      </p>
      {calendar.cidadeReconhecida ? null : (
        <p
          role="note"
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            A cidade “{calendar.cidade}” não está nos dados de feriados: aparecem só os feriados nacionais e
            de {calendar.estado}. Adicione os feriados da cidade como dias da agência.
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * 'Feriados' (docs/decisions/060), for administrators and RH: the office's days off of a year,
 * the optional days the agency observes, and its own days. The same calendar counts the service
 * levels, an absence's working days and the payment dates.
 */
export function HolidaysPage() {
  const { ano, show } = useShownYear();
  const query = useOfficeCalendar(ano);
  const calendar = query.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Feriados</h1>
        <p className="max-w-3xl text-sm text-muted-foreground md:text-base">
          Os dias em que a agência não trabalha. Eles contam para os prazos das solicitações, os dias úteis
          das ausências e as datas de pagamento.
        </p>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="feriados-ano" className="text-xl font-semibold tabular-nums" aria-live="polite">
          {ano}
        </h2>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Ano anterior"
            disabled={ano <= FIRST_YEAR}
            onClick={() => show(ano - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Próximo ano"
            disabled={ano >= LAST_YEAR}
            onClick={() => show(ano + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      {query.isPending ? (
        <ListLoading text="Carregando os feriados…" />
      ) : !calendar ? (
        <ListError
          title="Não foi possível carregar os feriados."
          description="Verifique sua conexão e tente de novo."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          <section aria-labelledby="feriados-lista" className="flex flex-col gap-3">
            <h2 id="feriados-lista" className="text-lg font-semibold tracking-tight">
              Dias sem expediente em {calendar.ano}
            </h2>
            <Place calendar={calendar} />
            <HolidayList holidays={calendar.feriados} />
          </section>
          <div className="flex flex-col gap-6">
            <Card className="gap-4 px-5 py-5">
              <h2 className="text-base font-semibold">Pontos facultativos</h2>
              <OptionalDaysForm calendar={calendar} />
            </Card>
            <Card className="gap-4 px-5 py-5">
              <h2 className="text-base font-semibold">Dias da agência</h2>
              <p className="-mt-2 text-sm text-muted-foreground">
                Recessos e outros dias em que a agência fecha.
              </p>
              <AgencyDays calendar={calendar} />
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
