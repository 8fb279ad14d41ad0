import type { PlanPost } from "@/domain/planning/plan-content.schema";
import { Badge } from "@/web/components/ui/badge";
import { PostCommentsBadge } from "../share/post-comments-badge";
import { PhoneCards } from "./phone-cards";
import { PostTaskAction } from "./post-task-action";

/** A week's posts on a phone: the table's columns as labelled fields, 'Criar Tarefa' at hand. */
export function WeekPostCards({
  planId,
  label,
  posts,
}: {
  planId: string;
  label: string;
  posts: PlanPost[];
}) {
  return (
    <PhoneCards
      label={label}
      cards={posts.map((post, index) => ({
        key: post.id ?? `novo-${index}`,
        eyebrow: (
          <>
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
            <PostCommentsBadge planId={planId} postId={post.id} />
          </>
        ),
        title: post.titulo,
        fields: [
          { label: "CTA", value: post.cta },
          { label: "Descrição", value: post.descricao_completa },
          {
            label: "Meta & KPI",
            value: [post.meta_primaria, post.kpi && `KPI: ${post.kpi}`].filter(Boolean).join(" · "),
          },
          { label: "Gancho/Data", value: post.gancho },
          { label: "Produção", value: post.observacoes_producao },
        ],
        footer: <PostTaskAction planId={planId} post={post} />,
      }))}
    />
  );
}
