import type { PlanWeek } from "@/domain/planning/plan-content.schema";
import { Badge } from "@/web/components/ui/badge";
import { PostCommentsBadge } from "../share/post-comments-badge";
import { DataTable, EMPTY_CELL, STICKY_END_CELL, STICKY_END_HEAD, Td, Th } from "./data-table";
import { PostTaskAction } from "./post-task-action";
import { WeekPostCards } from "./week-post-cards";

/** One week of the editorial calendar: its label, then its posts as rows (as cards on a phone). */
export function WeekTable({ planId, week, index }: { planId: string; week: PlanWeek; index: number }) {
  const headingId = `semana-${index}-titulo`;
  return (
    <div className="flex min-w-0 flex-col gap-2.5">
      <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-base font-semibold">
        {week.semana}
        <span className="text-xs font-normal text-muted-foreground">
          {week.posts.length === 1 ? "1 post" : `${week.posts.length} posts`}
        </span>
      </h3>
      {week.posts.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum post nesta semana.</p>
      ) : (
        <>
          <WeekPostCards planId={planId} label={`Posts de ${week.semana}`} posts={week.posts} />
          <div className="hidden min-w-0 md:block">
            <DataTable
              label={`Posts de ${week.semana}`}
              minWidth="min-w-[72rem] text-[0.8125rem] leading-snug"
            >
              <thead>
                <tr>
                  <Th className="w-[7%]">Canal</Th>
                  <Th className="w-[7%]">Tipo de Post</Th>
                  <Th className="w-[12%]">Título/Headline</Th>
                  <Th className="w-[10%]">CTA</Th>
                  <Th>Descrição</Th>
                  <Th className="w-[11%]">Meta &amp; KPI</Th>
                  <Th className="w-[9%]">Gancho/Data</Th>
                  <Th className="w-[12%]">Produção</Th>
                  <Th className={`w-[7.5rem] ${STICKY_END_HEAD}`}>Ações</Th>
                </tr>
              </thead>
              <tbody>
                {week.posts.map((post, postIndex) => (
                  <tr key={post.id ?? `novo-${postIndex}`}>
                    <Td className="font-medium">{post.canal}</Td>
                    <Td>{post.tipo_post || EMPTY_CELL}</Td>
                    <Td>
                      <span className="font-medium">{post.titulo}</span>
                      {post.ab_test ? (
                        <Badge
                          variant="outline"
                          title={post.ab_test}
                          className="ml-1.5 border-violet-200 bg-violet-50 align-[1px] text-violet-800"
                        >
                          A/B
                        </Badge>
                      ) : null}
                      <PostCommentsBadge planId={planId} postId={post.id} />
                    </Td>
                    <Td>{post.cta || EMPTY_CELL}</Td>
                    <Td className="text-muted-foreground">{post.descricao_completa || EMPTY_CELL}</Td>
                    <Td>
                      {post.meta_primaria || post.kpi ? (
                        <div className="flex flex-col gap-1">
                          {post.meta_primaria ? <span>{post.meta_primaria}</span> : null}
                          {post.kpi ? (
                            <span className="text-xs text-muted-foreground">
                              <span className="font-medium">KPI:</span> {post.kpi}
                            </span>
                          ) : null}
                        </div>
                      ) : (
                        EMPTY_CELL
                      )}
                    </Td>
                    <Td>{post.gancho || EMPTY_CELL}</Td>
                    <Td className="text-muted-foreground">{post.observacoes_producao || EMPTY_CELL}</Td>
                    <Td className={STICKY_END_CELL}>
                      <PostTaskAction planId={planId} post={post} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
        </>
      )}
    </div>
  );
}
