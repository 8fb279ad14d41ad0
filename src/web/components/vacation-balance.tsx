import { addDays, formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { type VacationBalanceView, vacationMessages } from "@/domain/time-off/vacation-api";
import { abonoDeadline } from "@/domain/time-off/vacation-rules";
import { cn } from "@/web/lib/cn";

/*
 * 'Saldo de férias' as a person reads it (docs/decisions/060): each acquisition period's days earned,
 * sold, taken, scheduled and left, and the date by which they must be taken. Shared by 'Minha conta',
 * the 'Ausência' form and 'Férias da equipe'.
 */

const dias = (n: number) => (n === 1 ? "1 dia" : `${n} dias`);

/**
 * On the form, the period still being acquired: its days are not in the total yet, but a vacation
 * may be asked now to start once it is complete, and its third sold only up to its deadline.
 */
function AcquiringNote({ balance }: { balance: VacationBalanceView }) {
  const running = balance.periodos.find((p) => !p.completo && p.restantes > 0);
  if (!running) return null;
  const sellUntil = abonoDeadline({
    number: running.numero,
    start: running.inicio,
    end: running.fim,
    concessionEnd: running.limite,
  });
  return (
    <p className="text-muted-foreground">
      Em aquisição: {dias(running.restantes)} para férias a partir de {formatDateBR(addDays(running.fim, 1))}
      {running.vendidos === 0 && sellUntil >= todayInSaoPaulo() ? (
        <> · vender 1/3 até {formatDateBR(sellUntil)}</>
      ) : null}
    </p>
  );
}

export function VacationBalanceSummary({
  balance,
  compact = false,
}: {
  balance: VacationBalanceView;
  compact?: boolean;
}) {
  if (!balance.dataAdmissao) {
    return <p className="text-sm text-muted-foreground">{vacationMessages.noAdmissionHint}</p>;
  }
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        <strong className="text-base">{dias(balance.totalRestante)}</strong> disponíveis
        {balance.proximoLimite ? <> · tirar até {formatDateBR(balance.proximoLimite)}</> : null}
        <span className="text-muted-foreground"> · admissão em {formatDateBR(balance.dataAdmissao)}</span>
      </p>
      {compact ? (
        <AcquiringNote balance={balance} />
      ) : (
        <ul className="flex flex-col gap-2">
          {balance.periodos.map((p) => (
            <li key={p.numero} className="rounded-lg border px-3 py-2">
              <p className="font-medium">
                Período {formatDateBR(p.inicio)} a {formatDateBR(p.fim)}
                {p.completo ? "" : " (em aquisição)"}
              </p>
              <p className="text-muted-foreground">
                Direito {dias(p.direito)} · vendidos {p.vendidos} · tirados {p.tirados} · agendados{" "}
                {p.agendados} ·{" "}
                <span className="font-medium text-foreground">restam {dias(p.restantes)}</span>
              </p>
              <p
                className={cn(
                  "text-muted-foreground",
                  p.completo && p.restantes > 0 && p.venceEmDias < 60 && "text-destructive",
                )}
              >
                {p.completo
                  ? `Tirar até ${formatDateBR(p.limite)}`
                  : `Vender 1/3 até ${formatDateBR(abonoDeadline({ number: p.numero, start: p.inicio, end: p.fim, concessionEnd: p.limite }))}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
