import { ChevronDown, History, Loader2, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/kinds";
import type { Team } from "@/domain/teams/api";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";
import { formatInstantDateTime } from "@/web/lib/format";
import { useTeamHistory } from "../api/teams";
import { ConfigMemberChip } from "./config-member";
import { AREA_LABELS } from "./labels";

const kindLabel = (kind: string) => REQUEST_TYPE_LABELS[kind as RequestKind] ?? kind;

/** 'Reembolso, Material; Suporte: RH, Financeiro', or that it handles nothing yet. */
export function handledSummary(team: Pick<Team, "kinds" | "departamentos">): string {
  const parts = team.kinds.map(kindLabel);
  if (team.departamentos.length)
    parts.push(`${REQUEST_TYPE_LABELS.suporte} (${team.departamentos.join(", ")})`);
  return parts.length ? parts.join(", ") : "Nenhum tipo de solicitação";
}

function TeamHistory({ teamId }: { teamId: string }) {
  const history = useTeamHistory(teamId, true);
  if (history.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Carregando histórico...
      </p>
    );
  if (history.isError)
    return <p className="text-sm text-muted-foreground">Não foi possível carregar o histórico.</p>;
  if (history.data.items.length === 0)
    return <p className="text-sm text-muted-foreground">Nenhuma alteração registrada.</p>;
  return (
    <ol className="grid gap-2 text-sm">
      {history.data.items.map((event) => (
        <li key={event.id} className="grid gap-0.5 border-l-2 border-primary/20 pl-3">
          <span className="break-words">{event.summary}</span>
          <span className="text-xs text-muted-foreground">
            {`${event.actorName}, ${formatInstantDateTime(event.at)}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** One team: what it handles, its members (those by configuration marked), and its actions. */
export function TeamCard({
  team,
  onEdit,
  onRemove,
}: {
  team: Team;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const [showHistory, setShowHistory] = useState(false);
  const titleId = `equipe-${team.id}-titulo`;
  const memberCount = team.members.length + team.configMembers.length;
  return (
    <Card className="h-full gap-0 py-0" role="region" aria-labelledby={titleId} data-testid="team-card">
      <div className="flex flex-col gap-4 px-5 py-5 sm:px-6">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="text-base font-semibold tracking-tight break-words">
                {team.name}
              </h3>
              {team.builtIn ? (
                <Badge variant="secondary" title="Criada na instalação: pode ser alterada, não removida">
                  Padrão
                </Badge>
              ) : null}
              {team.area ? <Badge variant="brand">{`Acesso a ${AREA_LABELS[team.area]}`}</Badge> : null}
              {team.secondFactorRequired ? (
                <Badge variant="secondary" title="Os membros precisam de verificação em duas etapas">
                  Verificação em duas etapas
                </Badge>
              ) : null}
            </div>
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">Atende: </span>
              {handledSummary(team)}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
            <Button type="button" variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Editar
            </Button>
            {team.builtIn ? null : (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={onRemove}
                className="border-destructive/30 text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <Trash2 aria-hidden="true" />
                Remover
              </Button>
            )}
          </div>
        </div>

        <div className="grid gap-2">
          <p className="text-sm font-medium">{`Membros (${memberCount})`}</p>
          {memberCount === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum membro ainda.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={`Membros de ${team.name}`}>
              {team.configMembers.map((email) => (
                <ConfigMemberChip key={`config-${email}`} email={email} />
              ))}
              {team.members.map((email) => (
                <li key={email} className="max-w-full truncate rounded-full border bg-card px-3 py-1 text-sm">
                  {email}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="mt-auto border-t px-5 py-2 sm:px-6">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="-ml-2 text-muted-foreground"
          aria-expanded={showHistory}
          onClick={() => setShowHistory((v) => !v)}
        >
          <History aria-hidden="true" />
          Histórico
          <ChevronDown
            className={cn("transition-transform", showHistory && "rotate-180")}
            aria-hidden="true"
          />
        </Button>
        {showHistory ? (
          <div className="pt-1 pb-3">
            <TeamHistory teamId={team.id} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
