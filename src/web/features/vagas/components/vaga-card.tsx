import { CalendarDays, Pencil, Trash2, UserRound } from "lucide-react";
import { optionLabel } from "@/domain/requests/options";
import {
  REGIME_OPTIONS,
  SENIORITY_OPTIONS,
  VAGA_DEPARTMENT_OPTIONS,
  WORK_MODEL_OPTIONS,
} from "@/domain/vagas/options";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import type { Vaga } from "../types";

const dateFormat = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric" });

function creatorOf(vaga: Vaga): string {
  return vaga.users?.name?.trim() || vaga.users?.email || "—";
}

/** Spec §2 /vagas: one opening as a card, with its badges, description, creator and actions. */
export function VagaCard({
  vaga,
  onEdit,
  onDelete,
}: {
  vaga: Vaga;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const created = new Date(vaga.data_criacao);
  const titleId = `vaga-${vaga.id}-titulo`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs"
    >
      <div className="flex min-w-0 flex-col gap-3">
        <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight break-words">
          {vaga.titulo}
        </h2>
        <ul className="flex flex-wrap gap-1.5" aria-label="Características">
          <li>
            <Badge variant="brand">{optionLabel(VAGA_DEPARTMENT_OPTIONS, vaga.departamento)}</Badge>
          </li>
          <li>
            <Badge variant="secondary">{optionLabel(SENIORITY_OPTIONS, vaga.senioridade)}</Badge>
          </li>
          <li>
            <Badge variant="outline">{optionLabel(REGIME_OPTIONS, vaga.regime)}</Badge>
          </li>
          <li>
            <Badge variant="outline">{optionLabel(WORK_MODEL_OPTIONS, vaga.modelo_trabalho)}</Badge>
          </li>
        </ul>
      </div>
      <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-muted-foreground">
        {vaga.descricao}
      </p>
      <div className="mt-auto flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
          <p className="flex min-w-0 items-center gap-1.5">
            <UserRound className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              Criado por <span className="font-medium text-foreground">{creatorOf(vaga)}</span>
            </span>
          </p>
          {Number.isNaN(created.getTime()) ? null : (
            <p className="flex items-center gap-1.5 tabular-nums">
              <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
              <span>
                <span className="sr-only">Criada em </span>
                <time dateTime={vaga.data_criacao}>{dateFormat.format(created)}</time>
              </span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onEdit} className="flex-1 sm:flex-none">
            <Pencil aria-hidden="true" />
            Editar<span className="sr-only"> {vaga.titulo}</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onDelete}
            className="flex-1 text-destructive hover:bg-destructive/10 hover:text-destructive sm:flex-none"
          >
            <Trash2 aria-hidden="true" />
            Excluir<span className="sr-only"> {vaga.titulo}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
