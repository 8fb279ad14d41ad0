import type * as React from "react";
import { formatDateBR } from "@/domain/dates";
import type { PlacedPost } from "@/domain/planning/month-calendar";
import type { PlanWeek } from "@/domain/planning/plan-content.schema";
import { EMPTY_CELL } from "../view/data-table";
import { PostBadges } from "./post-badges";

/** Every field of a post, with the table's labels (spec §2), its day and its week. */
export function PostDetails({
  placed,
  week,
  comments,
}: {
  placed: PlacedPost;
  week: PlanWeek | undefined;
  /** Read mode: how many comments the client left on the post (they are listed in the 'Cliente' section). */
  comments?: React.ReactNode;
}) {
  const { post } = placed;
  const fields: { label: string; value: string }[] = [
    { label: "Canal", value: post.canal },
    { label: "Tipo de Post", value: post.tipo_post },
    { label: "Título/Headline", value: post.titulo },
    { label: "CTA", value: post.cta },
    { label: "Descrição", value: post.descricao_completa },
    { label: "Meta primária", value: post.meta_primaria },
    { label: "KPI", value: post.kpi },
    { label: "Gancho/Data", value: post.gancho },
    { label: "Produção", value: post.observacoes_producao },
    { label: "Teste A/B", value: post.ab_test },
    {
      label: "Data sugerida",
      value: post.data_sugerida ? formatDateBR(post.data_sugerida) : "Sem data sugerida",
    },
    { label: "Semana", value: week?.semana ?? "" },
  ];
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div className="flex flex-wrap items-center gap-1.5 empty:hidden">
        <PostBadges post={post} />
        {comments}
      </div>
      <dl className="grid gap-3 sm:grid-cols-[9rem_1fr] sm:gap-x-4">
        {fields.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-xs font-medium text-muted-foreground sm:pt-0.5">{label}</dt>
            <dd className="-mt-2 leading-snug break-words whitespace-pre-line sm:mt-0">
              {value || EMPTY_CELL}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
