import { MessageSquare } from "lucide-react";
import { useClientActivity } from "../../api/plan-sharing";

/** On a post of the viewer's calendar: how many comments the client left on it, a link to them. */
export function PostCommentsBadge({ planId, postId }: { planId: string; postId: string | undefined }) {
  const activity = useClientActivity(planId);
  const count = postId ? (activity.data?.comentarios.filter((c) => c.post_id === postId).length ?? 0) : 0;
  if (!count) return null;
  return (
    <a
      href={`#comentarios-${postId}`}
      aria-label={count === 1 ? "1 comentário do cliente" : `${count} comentários do cliente`}
      title="Comentários do cliente"
      className="my-0.5 flex w-fit items-center gap-1 rounded-md border border-sky-200 bg-sky-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-sky-900 hover:bg-sky-100"
      data-testid="post-comentarios"
    >
      <MessageSquare className="size-3" aria-hidden="true" />
      {count === 1 ? "1 comentário" : `${count} comentários`}
    </a>
  );
}
