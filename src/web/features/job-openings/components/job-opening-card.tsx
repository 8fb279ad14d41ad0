import { CalendarDays, Pencil, Trash2, UserRound } from "lucide-react";
import {
  JOB_OPENING_DEPARTMENT_OPTIONS,
  REGIME_OPTIONS,
  SENIORITY_OPTIONS,
  WORK_MODEL_OPTIONS,
} from "@/domain/job-openings/options";
import { optionLabel } from "@/domain/requests/options";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import type { JobOpening } from "../types";

const dateFormat = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric" });

function creatorOf(opening: JobOpening): string {
  return opening.users?.name?.trim() || opening.users?.email || "—";
}

/** Spec §2 /vagas: one opening as a card, with its badges, description, creator and actions. */
export function JobOpeningCard({
  opening,
  onEdit,
  onDelete,
}: {
  opening: JobOpening;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const created = new Date(opening.data_criacao);
  const titleId = `vaga-${opening.id}-titulo`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs"
    >
      <div className="flex min-w-0 flex-col gap-3">
        <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight break-words">
          {opening.titulo}
        </h2>
        <ul className="flex flex-wrap gap-1.5" aria-label="Características">
          <li>
            <Badge variant="brand">{optionLabel(JOB_OPENING_DEPARTMENT_OPTIONS, opening.departamento)}</Badge>
          </li>
          <li>
            <Badge variant="secondary">{optionLabel(SENIORITY_OPTIONS, opening.senioridade)}</Badge>
          </li>
          <li>
            <Badge variant="outline">{optionLabel(REGIME_OPTIONS, opening.regime)}</Badge>
          </li>
          <li>
            <Badge variant="outline">{optionLabel(WORK_MODEL_OPTIONS, opening.modelo_trabalho)}</Badge>
          </li>
        </ul>
      </div>
      <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-muted-foreground">
        {opening.descricao}
      </p>
      <div className="mt-auto flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
          <p className="flex min-w-0 items-center gap-1.5">
            <UserRound className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              Criado por <span className="font-medium text-foreground">{creatorOf(opening)}</span>
            </span>
          </p>
          {Number.isNaN(created.getTime()) ? null : (
            <p className="flex items-center gap-1.5 tabular-nums">
              <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
              <span>
                <span className="sr-only">Criada em </span>
                <time dateTime={opening.data_criacao}>{dateFormat.format(created)}</time>
              </span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onEdit} className="flex-1 sm:flex-none">
            <Pencil aria-hidden="true" />
            Editar<span className="sr-only"> {opening.titulo}</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onDelete}
            className="flex-1 text-destructive hover:bg-destructive/10 hover:text-destructive sm:flex-none"
          >
            <Trash2 aria-hidden="true" />
            Excluir<span className="sr-only"> {opening.titulo}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
