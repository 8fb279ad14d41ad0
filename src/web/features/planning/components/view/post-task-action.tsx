import { Check, ListPlus, Loader2 } from "lucide-react";
import { planMessages } from "@/domain/planning/messages";
import type { PlanPost } from "@/domain/planning/plan-content.schema";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { notifyError, notifyInfo, notifySuccess } from "@/web/lib/notify";
import { useCreatePostTask } from "../../api/plans";
import { hasCode, isUnauthorized } from "../../lib/errors";

import { EMPTY_CELL } from "./data-table";

/**
 * Spec §4 Editorial post task: 'Criar Tarefa' ('Criando...' and disabled while
 * it runs), or 'Criada' once the post has its task. Each row has its own
 * mutation, so two posts can be sent at once and each shows its own state.
 */
export function PostTaskAction({ planId, post }: { planId: string; post: PlanPost }) {
  const mutation = useCreatePostTask(planId);

  if (post.bitrix_created) {
    return (
      <Badge
        variant="outline"
        className="border-emerald-200 bg-emerald-50 text-emerald-800"
        title={post.bitrix_task_id ? `Tarefa ${post.bitrix_task_id}` : undefined}
      >
        <Check aria-hidden="true" />
        {planMessages.taskCreated}
      </Badge>
    );
  }
  // A post added in edit mode gets its id when the plan is saved: no task before that.
  if (!post.id) return <span className="text-muted-foreground">{EMPTY_CELL}</span>;
  const postId = post.id;

  const create = () =>
    mutation.mutate(postId, {
      onSuccess: (result) => {
        if (result.status === "created") {
          notifySuccess(planMessages.success, { description: planMessages.taskCreatedDescription });
        } else {
          notifyInfo(planMessages.inDevelopment);
        }
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        notifyError(planMessages.error, {
          description: hasCode(error, "TASK_IN_PROGRESS")
            ? planMessages.taskInProgress
            : planMessages.taskFailed,
        });
      },
    });

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={create}
      disabled={mutation.isPending}
      className="h-8 gap-1 px-2.5 text-xs"
    >
      {mutation.isPending ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
      ) : (
        <ListPlus className="size-3.5" aria-hidden="true" />
      )}
      {mutation.isPending ? planMessages.creatingTask : planMessages.createTask}
      <span className="sr-only"> do post {post.titulo}</span>
    </Button>
  );
}
