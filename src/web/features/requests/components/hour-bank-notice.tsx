import { isIsoDate } from "@/domain/dates";
import { periodError } from "@/domain/requests/kinds/ausencia";
import { businessDaysInPeriod } from "@/domain/sla/business-hours";
import { absenceMinutes, formatMinutes } from "@/domain/time-off/hour-bank";
import { hourBankMessages } from "@/domain/time-off/hour-bank-api";
import { cn } from "@/web/lib/cn";
import { useMyHourBank } from "@/web/lib/my-hour-bank";

/**
 * On the Ausência form when the type is 'Banco de horas' (docs/decisions/060): the person's
 * balance and what the period would take. Asking more than the balance is allowed (RH decides,
 * and sees the balance go negative), so this says so rather than refusing.
 */
export function HourBankNotice({ tipo, first, last }: { tipo: unknown; first: unknown; last: unknown }) {
  const active = tipo === "banco_horas";
  const query = useMyHourBank({ enabled: active });
  if (!active) return null;
  const bank = query.data;
  if (!bank) {
    return (
      <p className="text-sm text-muted-foreground sm:col-span-2" aria-live="polite">
        {query.isError
          ? "Não foi possível carregar o seu banco de horas."
          : "Carregando o seu banco de horas…"}
      </p>
    );
  }
  const balance = formatMinutes(bank.saldoMinutos);
  const period =
    typeof first === "string" &&
    typeof last === "string" &&
    isIsoDate(first) &&
    isIsoDate(last) &&
    !periodError(first, last)
      ? absenceMinutes(businessDaysInPeriod(first, last), bank.horasPorDia)
      : null;
  const over = period !== null && period > bank.saldoMinutos;
  return (
    <div
      id="ausencia-banco-de-horas"
      className={cn(
        "rounded-lg border px-4 py-3 text-sm sm:col-span-2",
        over ? "border-destructive/40 bg-destructive/5" : "bg-muted/40",
      )}
      aria-live="polite"
    >
      {over ? (
        hourBankMessages.overBalance(balance, formatMinutes(period))
      ) : (
        <>
          Seu saldo no banco de horas é <strong className="tabular-nums">{balance}</strong>
          {period !== null ? (
            <>
              ; este pedido usa <strong className="tabular-nums">{formatMinutes(period)}</strong> (
              {formatMinutes(bank.horasPorDia * 60)} por dia útil)
            </>
          ) : null}
          .
        </>
      )}
    </div>
  );
}
