import type { PersonAccount } from "@/domain/people/api";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { formatInstantDateTime } from "@/web/lib/format";
import { AdmissionDate } from "./admission-date";

/** One account on 'Pessoas': who, teams, last sign-in, state and the switch. */
export function PersonRow({
  person,
  busy,
  onDeactivate,
  onReactivate,
  canSwitch,
}: {
  person: PersonAccount;
  busy: boolean;
  /** Administrators switch accounts; RH only records the admission date (docs/decisions/060). */
  canSwitch: boolean;
  onDeactivate: () => void;
  onReactivate: () => void;
}) {
  const off = person.situacao === "desativada";
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{person.nome || person.email}</span>
          {off ? (
            <Badge variant="outline" className="border-destructive/40 text-destructive">
              Desativada
            </Badge>
          ) : (
            <Badge variant="secondary">Ativa</Badge>
          )}
          {person.administrador ? <Badge variant="outline">Administrador</Badge> : null}
        </div>
        <span className="break-all text-muted-foreground">{person.email}</span>
        <span className="text-muted-foreground">
          {person.equipes.length ? `Equipes: ${person.equipes.join(", ")}` : "Sem equipe"}
          {" · "}
          {person.ultimoAcesso
            ? `Último acesso: ${formatInstantDateTime(person.ultimoAcesso)}`
            : "Nunca entrou"}
          {off && person.desativadaEm ? ` · Desativada em ${formatInstantDateTime(person.desativadaEm)}` : ""}
        </span>
        <AdmissionDate email={person.email} value={person.dataAdmissao} />
      </div>
      {!canSwitch ? null : person.administrador ? (
        <span className="text-xs text-muted-foreground sm:max-w-48 sm:text-right">
          Definido em ADMIN_EMAILS: não pode ser desativado aqui.
        </span>
      ) : off ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={onReactivate}>
          Reativar
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled={busy} onClick={onDeactivate}>
          Desativar
        </Button>
      )}
    </li>
  );
}
