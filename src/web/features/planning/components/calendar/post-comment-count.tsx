import { MessageSquare } from "lucide-react";
import { useClientActivity } from "../../api/plan-sharing";

/**
 * On a post of the grid or the agenda: how many comments the client left on
 * it (decision 020). Plain text, not the table's link: the post itself is the
 * button there; the comments are in the viewer's 'Cliente' section.
 */
export function PostCommentCount({ planId, postId }: { planId: string; postId: string | undefined }) {
  const activity = useClientActivity(planId);
  const count = postId ? (activity.data?.comentarios.filter((c) => c.post_id === postId).length ?? 0) : 0;
  if (!count) return null;
  return (
    <span
      className="inline-flex w-fit items-center gap-0.5 rounded-full border border-sky-200 bg-sky-50 px-1.5 text-[0.6875rem] leading-4 font-medium text-sky-900"
      data-testid="post-comentarios-contagem"
    >
      <MessageSquare className="size-3" aria-hidden="true" />
      {count}
      <span className="sr-only">{count === 1 ? " comentário do cliente" : " comentários do cliente"}</span>
    </span>
  );
}
