import { TreePalm } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatDateBR } from "@/domain/dates";
import type { TeamMemberBalance } from "@/domain/time-off/vacation-api";
import { vacationMessages } from "@/domain/time-off/vacation-api";
import { ListEmpty, ListError, ListLoading } from "@/web/components/list-states";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { VacationBalanceSummary } from "@/web/components/vacation-balance";
import { paths } from "@/web/config/paths";
import { useTeamVacations } from "../api/team-vacations";
import { UnjustifiedAbsences } from "./unjustified-absences";

const requestHref = (id: string) => paths.app.solicitacao.getHref("ausencia", id);

function PersonBalance({ person }: { person: TeamMemberBalance }) {
  const [open, setOpen] = useState(false);
  const overdue = person.periodos.some((p) => p.completo && p.restantes > 0 && p.venceEmDias < 0);
  return (
    <li className="flex flex-col gap-2 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          {/* Someone RH recorded (a CSV line) who never signed in has no name: the address once. */}
          <span className="break-all font-medium">{person.nome ?? person.email}</span>
          <span className="break-all text-sm text-muted-foreground">
            {person.nome ? person.email : "Ainda não entrou no Balcão"}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {!person.dataAdmissao ? (
            <Badge variant="outline">{vacationMessages.noAdmission}</Badge>
          ) : (
            <>
              <Badge variant="secondary">{person.totalRestante} dias</Badge>
              {person.proximoLimite ? <span>até {formatDateBR(person.proximoLimite)}</span> : null}
              {overdue ? (
                <Badge variant="outline" className="border-destructive/40 text-destructive">
                  Prazo vencido
                </Badge>
              ) : null}
            </>
          )}
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "Fechar" : "Detalhes"}
          </Button>
        </div>
      </div>
      {open ? (
        <div className="flex flex-col gap-3 rounded-lg bg-muted/30 p-3">
          <VacationBalanceSummary balance={person} />
          <UnjustifiedAbsences email={person.email} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * 'Férias da equipe' (docs/decisions/060), for RH and administrators: everyone's balance with the
 * deadlines soonest first, the open vacations to look at twice, and the absences stored over each
 * other before the no-overlap rule.
 */
export function TeamVacationsPage() {
  const query = useTeamVacations();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Férias da equipe</h1>
        <p className="max-w-2xl text-sm text-muted-foreground md:text-base">
          O saldo de férias de cada pessoa, com os prazos mais próximos primeiro. As datas de admissão são
          registradas em 'Pessoas'; as faltas injustificadas, nos detalhes de cada pessoa.
        </p>
      </div>
      {query.isPending ? (
        <ListLoading text="Carregando os saldos…" />
      ) : query.isError ? (
        <ListError
          title="Não foi possível carregar os saldos."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          {query.data.avisos.length ? (
            <section aria-labelledby="avisos-titulo" className="flex flex-col gap-2">
              <h2 id="avisos-titulo" className="text-lg font-semibold">
                Pedidos de férias a conferir
              </h2>
              <ul className="divide-y rounded-xl border bg-card px-4 text-sm shadow-xs">
                {query.data.avisos.map((aviso) => (
                  <li key={aviso.id} className="flex flex-wrap items-center gap-2 py-3">
                    <Link
                      className="font-medium underline-offset-4 hover:underline"
                      to={requestHref(aviso.id)}
                    >
                      {aviso.nome}: {formatDateBR(aviso.primeiroDia)} a {formatDateBR(aviso.ultimoDia)}
                    </Link>
                    {aviso.avisos.map((texto) => (
                      <Badge key={texto} variant="outline" className="border-amber-400 text-amber-900">
                        {texto}
                      </Badge>
                    ))}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {query.data.sobreposicoes.length ? (
            <section aria-labelledby="sobreposicoes-titulo" className="flex flex-col gap-2">
              <h2 id="sobreposicoes-titulo" className="text-lg font-semibold">
                Ausências sobrepostas
              </h2>
              <p className="text-sm text-muted-foreground">
                Registradas antes da regra que impede sobreposição: cancele ou recuse uma de cada par.
              </p>
              <ul className="divide-y rounded-xl border bg-card px-4 text-sm shadow-xs">
                {query.data.sobreposicoes.map((par) => (
                  <li key={`${par.primeira.id}-${par.segunda.id}`} className="flex flex-wrap gap-x-3 py-3">
                    <span className="font-medium">{par.nome}</span>
                    <Link className="underline" to={requestHref(par.primeira.id)}>
                      {formatDateBR(par.primeira.primeiroDia)} a {formatDateBR(par.primeira.ultimoDia)}
                    </Link>
                    <span>e</span>
                    <Link className="underline" to={requestHref(par.segunda.id)}>
                      {formatDateBR(par.segunda.primeiroDia)} a {formatDateBR(par.segunda.ultimoDia)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="saldos-titulo" className="flex flex-col gap-2">
            <h2 id="saldos-titulo" className="text-lg font-semibold">
              Saldos
            </h2>
            {query.data.pessoas.length === 0 ? (
              <ListEmpty
                icon={TreePalm}
                title="Ninguém por aqui ainda"
                hint="Registre as datas de admissão em 'Pessoas'."
              />
            ) : (
              <ul className="divide-y rounded-xl border bg-card px-4 shadow-xs" aria-label="Saldos de férias">
                {query.data.pessoas.map((person) => (
                  <PersonBalance key={person.email} person={person} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
