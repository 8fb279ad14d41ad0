import { BadgeCheck, History, MessageSquare, Users } from "lucide-react";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import { PLAN_HISTORY_ACTIONS, type PlanClientActivity } from "@/domain/planning/share-api";
import { formatInstantDateTime } from "@/web/lib/format";
import { useClientActivity } from "../../api/plan-sharing";
import { EmptyNote } from "../view/empty-note";
import { SectionCard } from "../view/section-card";

/**
 * What the client did through the shared link, and the plan's history: the
 * approval, the comments under the post each is about, and who did what, when.
 * Live: a client's comment or approval notifies the owner, and the live stream
 * refreshes the plans' queries (lib/live-events.ts).
 */
export function ClientActivitySection({ planId, content }: { planId: string; content: PlanContent }) {
  const activity = useClientActivity(planId);
  if (!activity.data) return null;
  const { aprovacao, comentarios, historico } = activity.data;
  return (
    <SectionCard id="cliente" title="Cliente" icon={Users} count={comentarios.length}>
      {aprovacao ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          data-testid="aprovacao-cliente"
        >
          <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>Aprovado pelo cliente</strong> por {aprovacao.nome} em{" "}
            {formatInstantDateTime(aprovacao.em)}
          </span>
        </p>
      ) : null}
      <PostComments content={content} comments={comentarios} />
      <PlanHistory entries={historico} />
    </SectionCard>
  );
}

function PostComments({
  content,
  comments,
}: {
  content: PlanContent;
  comments: PlanClientActivity["comentarios"];
}) {
  const posts = content.calendario_editorial.semanas.flatMap((week) => week.posts);
  const commented = posts.filter((post) => post.id && comments.some((c) => c.post_id === post.id));
  return (
    <div className="flex flex-col gap-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare className="size-4 text-muted-foreground" aria-hidden="true" />
        Comentários do cliente
      </h3>
      {commented.length === 0 ? (
        <EmptyNote>O cliente ainda não comentou nenhum post.</EmptyNote>
      ) : (
        <ul className="flex flex-col gap-3">
          {commented.map((post) => (
            <li
              key={post.id}
              id={`comentarios-${post.id}`}
              className="scroll-mt-20 rounded-lg border p-3"
              data-testid="post-comentado"
            >
              <p className="text-xs text-muted-foreground">
                {post.canal}
                {post.tipo_post ? ` · ${post.tipo_post}` : ""}
              </p>
              <p className="font-medium break-words">{post.titulo}</p>
              <ul className="mt-2 flex flex-col gap-2">
                {comments
                  .filter((c) => c.post_id === post.id)
                  .map((c) => (
                    <li key={c.id} className="rounded-md bg-muted/50 px-3 py-2 text-sm">
                      <p className="text-xs text-muted-foreground">
                        <span className="font-medium text-foreground">{c.nome}</span> ·{" "}
                        {formatInstantDateTime(c.em)}
                      </p>
                      <p className="break-words whitespace-pre-line">{c.texto}</p>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PlanHistory({ entries }: { entries: PlanClientActivity["historico"] }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <History className="size-4 text-muted-foreground" aria-hidden="true" />
        Histórico
      </h3>
      {entries.length === 0 ? (
        <EmptyNote>Nenhuma alteração desde que o planejamento foi gerado.</EmptyNote>
      ) : (
        <ol className="flex flex-col gap-2 text-sm" data-testid="historico">
          {[...entries].reverse().map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: history lines have no id in the answer; they never move
            <li key={index} className="flex flex-wrap gap-x-2 border-l-2 border-border pl-3">
              <time dateTime={entry.em} className="text-muted-foreground tabular-nums">
                {formatInstantDateTime(entry.em)}
              </time>
              <span>
                <span className="font-medium">{entry.quem}</span>
                {entry.por === "cliente" ? " (cliente)" : ""}: {PLAN_HISTORY_ACTIONS[entry.acao]}
                {entry.detalhe ? ` — “${entry.detalhe}”` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
