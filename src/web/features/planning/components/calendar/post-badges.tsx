import { Check } from "lucide-react";
import { planMessages } from "@/domain/planning/messages";
import type { PlanPost } from "@/domain/planning/plan-content.schema";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";

/**
 * Spec §2 viewer: the 'A/B' badge of a post with an A/B test (its description
 * as the tooltip) and the 'Criada' badge once its Bitrix24 task exists, as the
 * table shows them, for the grid, the agenda and the post's sheet.
 */
export function PostBadges({ post, compact = false }: { post: PlanPost; compact?: boolean }) {
  if (!post.ab_test && !post.bitrix_created) return null;
  const size = compact ? "px-1.5 py-0 text-[0.6875rem] leading-4" : "";
  return (
    <>
      {post.ab_test ? (
        <Badge
          variant="outline"
          title={post.ab_test}
          className={cn("border-violet-200 bg-violet-50 text-violet-800", size)}
        >
          A/B
        </Badge>
      ) : null}
      {post.bitrix_created ? (
        <Badge
          variant="outline"
          title={post.bitrix_task_id ? `Tarefa ${post.bitrix_task_id}` : undefined}
          className={cn("border-emerald-200 bg-emerald-50 text-emerald-800", size)}
        >
          <Check aria-hidden="true" />
          {planMessages.taskCreated}
        </Badge>
      ) : null}
    </>
  );
}
