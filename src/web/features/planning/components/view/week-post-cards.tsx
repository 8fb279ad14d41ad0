import type { PlanPost } from "@/domain/planning/plan-content.schema";
import { Badge } from "@/web/components/ui/badge";
import { EMPTY_CELL } from "./data-table";
import { PostTaskAction } from "./post-task-action";

/** The labels of the calendar's columns, so the phone cards read like the table they replace. */
const FIELDS: { label: string; value: (post: PlanPost) => string }[] = [
  { label: "CTA", value: (post) => post.cta },
  { label: "Descrição", value: (post) => post.descricao_completa },
  {
    label: "Meta & KPI",
    value: (post) => [post.meta_primaria, post.kpi && `KPI: ${post.kpi}`].filter(Boolean).join(" · "),
  },
  { label: "Gancho/Data", value: (post) => post.gancho },
  { label: "Produção", value: (post) => post.observacoes_producao },
];

/**
 * A week's posts on a phone: nine columns of long text do not fit 390 px, so
 * each post is a card with the same fields and its 'Criar Tarefa' at hand.
 */
export function WeekPostCards({ planId, posts }: { planId: string; posts: PlanPost[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {posts.map((post, index) => (
        <li key={post.id ?? `novo-${index}`} className="rounded-lg border bg-card p-4 text-sm">
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{post.canal}</span>
            {post.tipo_post ? <span>· {post.tipo_post}</span> : null}
            {post.ab_test ? (
              <Badge
                variant="outline"
                title={post.ab_test}
                className="border-violet-200 bg-violet-50 text-violet-800"
              >
                A/B
              </Badge>
            ) : null}
          </div>
          <p className="mt-1.5 font-medium leading-snug">{post.titulo}</p>
          <dl className="mt-3 flex flex-col gap-2">
            {FIELDS.map(({ label, value }) => (
              <div key={label}>
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="leading-snug">{value(post) || EMPTY_CELL}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 flex justify-end border-t pt-3">
            <PostTaskAction planId={planId} post={post} />
          </div>
        </li>
      ))}
    </ul>
  );
}
