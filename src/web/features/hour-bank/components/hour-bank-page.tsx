import { Clock } from "lucide-react";
import { formatDateBR } from "@/domain/dates";
import { formatMinutes } from "@/domain/time-off/hour-bank";
import type { HourBankPerson } from "@/domain/time-off/hour-bank-api";
import { ListEmpty, ListError, ListLoading } from "@/web/components/list-states";
import { Card } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";
import { useHourBankPeople } from "../api/hour-bank";
import { CreditForm } from "./credit-form";

function Balance({ person }: { person: HourBankPerson }) {
  const negative = person.saldoMinutos < 0;
  return (
    <span className={cn("font-semibold tabular-nums", negative && "text-destructive")}>
      {formatMinutes(person.saldoMinutos)}
      {negative ? <span className="ml-1 text-xs font-normal">(saldo negativo)</span> : null}
    </span>
  );
}

function NextExpiry({ person }: { person: HourBankPerson }) {
  const lot = person.proximoVencimento;
  if (!lot) return <span className="text-muted-foreground">—</span>;
  return (
    <span>
      {formatMinutes(lot.restante)} até {formatDateBR(lot.venceEm)}
    </span>
  );
}

/** Each person's balance: a table on a wide screen, a list of cards on a phone. */
function Balances({ people }: { people: readonly HourBankPerson[] }) {
  if (!people.length) {
    return (
      <ListEmpty
        icon={Clock}
        title="Ninguém por aqui ainda"
        hint="As pessoas aparecem aqui assim que entram no Balcão."
      />
    );
  }
  return (
    <>
      <table className="hidden w-full text-sm md:table">
        <thead className="border-b text-left text-muted-foreground">
          <tr>
            <th className="px-4 py-2 font-medium">Pessoa</th>
            <th className="px-4 py-2 font-medium">Saldo</th>
            <th className="px-4 py-2 font-medium">Próximo vencimento</th>
            <th className="px-4 py-2 font-medium">Vencidas</th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.email} className="border-b last:border-0">
              <td className="px-4 py-3">
                <div className="font-medium">{person.nome || person.email}</div>
                <div className="text-xs text-muted-foreground">{person.email}</div>
              </td>
              <td className="px-4 py-3">
                <Balance person={person} />
              </td>
              <td className="px-4 py-3">
                <NextExpiry person={person} />
              </td>
              <td className="px-4 py-3 tabular-nums">
                {person.vencidoMinutos ? formatMinutes(person.vencidoMinutos) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col divide-y md:hidden">
        {people.map((person) => (
          <li key={person.email} className="flex flex-col gap-1 px-4 py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate font-medium">{person.nome || person.email}</span>
              <Balance person={person} />
            </div>
            <div className="text-xs text-muted-foreground">
              Próximo vencimento: <NextExpiry person={person} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * 'Banco de horas' (docs/decisions/060): RH sees everyone's balance and credits hours. The debits are the approved 'Banco de horas'
 * absences; a balance may go negative, and shows so here.
 */
export function HourBankPage() {
  const query = useHourBankPeople();
  const data = query.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Banco de horas</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          {data
            ? `Cada crédito deve ser compensado em até ${data.meses} ${data.meses === 1 ? "mês" : "meses"}; as ausências do tipo Banco de horas usam ${formatMinutes(data.horasPorDia * 60)} por dia útil, dos créditos mais antigos primeiro.`
            : "Os saldos de cada pessoa e os créditos a vencer."}
        </p>
      </div>
      {query.isError && !data ? (
        <ListError
          title="Não foi possível carregar o banco de horas."
          description="Verifique sua conexão e tente de novo."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <ListLoading text="Carregando o banco de horas…" />
      ) : (
        <>
          <Card className="gap-4 px-5 py-5 sm:px-8">
            <h2 className="text-base font-semibold sm:text-lg">Lançar horas</h2>
            <CreditForm people={data.pessoas} />
          </Card>
          <Card className="gap-0 overflow-hidden py-0" aria-label="Saldos">
            <h2 className="border-b px-4 py-3 text-base font-semibold sm:text-lg">Saldos</h2>
            <Balances people={data.pessoas} />
          </Card>
        </>
      )}
    </div>
  );
}
