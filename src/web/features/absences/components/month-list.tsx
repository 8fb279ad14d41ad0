import type { AbsencePeriod } from "@/domain/absences/api";
import { periodLabel } from "@/domain/absences/calendar";
import { Skeleton } from "@/web/components/ui/skeleton";

/** 'Neste mês': each person and their whole period, the names a phone's grid leaves out. */
export function MonthList({ mes, periods }: { mes: string; periods: readonly AbsencePeriod[] | null }) {
  return (
    <section aria-labelledby="quem-esta-fora-lista" className="flex flex-col gap-3">
      <h2 id="quem-esta-fora-lista" className="text-lg font-semibold tracking-tight">
        Neste mês
      </h2>
      {periods === null ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-5 w-64 max-w-full" />
          ))}
        </div>
      ) : periods.length === 0 ? (
        <p className="text-sm text-muted-foreground">Ninguém está fora neste mês.</p>
      ) : (
        <ul
          className="flex flex-col divide-y rounded-xl border bg-card shadow-xs"
          aria-label="Quem está fora neste mês"
        >
          {periods.map((period, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: one person may be away twice in a month.
              key={`${period.nome}-${period.primeiroDia}-${i}`}
              className="px-4 py-2.5 text-sm"
            >
              {periodLabel(period, mes)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
