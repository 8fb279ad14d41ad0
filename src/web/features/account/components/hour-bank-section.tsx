import { Clock } from "lucide-react";
import { formatDateBR } from "@/domain/dates";
import { formatMinutes } from "@/domain/time-off/hour-bank";
import { cn } from "@/web/lib/cn";
import { useMyHourBank } from "@/web/lib/my-hour-bank";
import { AccountSection } from "./account-section";

/** How many movements the section lists: the latest. */
const SHOWN_MOVEMENTS = 8;

/**
 * 'Banco de horas' on 'Minha conta' (docs/decisions/060): the balance, the credits to expire
 * (oldest used first) and the latest movements.
 */
export function HourBankSection() {
  const query = useMyHourBank();
  const bank = query.data;
  const months = bank ? `${bank.meses} ${bank.meses === 1 ? "mês" : "meses"}` : "alguns meses";
  return (
    <AccountSection
      id="conta-banco-de-horas"
      icon={Clock}
      title="Banco de horas"
      description={`Horas lançadas pelo RH ou pela sua gestão, para usar em ausências do tipo Banco de horas. Cada crédito vale por ${months}.`}
    >
      <div className="flex flex-col gap-5 px-5 py-6 sm:px-8">
        {!bank ? (
          <p className="text-sm text-muted-foreground">
            {query.isError ? "Não foi possível carregar." : "Carregando…"}
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-sm text-muted-foreground">Saldo</span>
              <span
                data-testid="saldo-banco-de-horas"
                className={cn(
                  "text-3xl font-semibold tabular-nums",
                  bank.saldoMinutos < 0 && "text-destructive",
                )}
              >
                {formatMinutes(bank.saldoMinutos)}
              </span>
              {bank.vencidoMinutos > 0 ? (
                <span className="text-xs text-muted-foreground">
                  {formatMinutes(bank.vencidoMinutos)} venceram sem uso
                </span>
              ) : null}
            </div>
            {bank.aVencer.length ? (
              <div className="flex flex-col gap-1.5">
                <h3 className="text-sm font-medium">Próximos a vencer</h3>
                <ul className="flex flex-col gap-1 text-sm">
                  {bank.aVencer.slice(0, 3).map((lot) => (
                    <li key={`${lot.data}-${lot.venceEm}-${lot.minutos}`}>
                      <span className="font-medium tabular-nums">{formatMinutes(lot.restante)}</span> até{" "}
                      {formatDateBR(lot.venceEm)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {bank.movimentos.length ? (
              <div className="flex flex-col gap-1.5">
                <h3 className="text-sm font-medium">Movimentos</h3>
                <ul className="flex flex-col divide-y rounded-lg border text-sm">
                  {bank.movimentos.slice(0, SHOWN_MOVEMENTS).map((move) => (
                    <li key={move.id} className="flex items-baseline justify-between gap-3 px-3 py-2">
                      <span className="min-w-0">
                        <span className="text-muted-foreground">{formatDateBR(move.data)}</span> ·{" "}
                        {move.motivo}
                      </span>
                      <span
                        className={cn(
                          "shrink-0 tabular-nums",
                          move.minutos < 0 ? "text-destructive" : "text-primary",
                        )}
                      >
                        {move.minutos > 0 ? "+" : ""}
                        {formatMinutes(move.minutos)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Nenhuma hora lançada ainda.</p>
            )}
          </>
        )}
      </div>
    </AccountSection>
  );
}
