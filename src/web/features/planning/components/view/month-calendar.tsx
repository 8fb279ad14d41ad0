import { useState } from "react";
import { planMessages } from "@/domain/planning/messages";
import { findPlaced, movePost, type PostRef, placePosts, withWeeks } from "@/domain/planning/month-calendar";
import type { PlanDetail } from "@/domain/planning/plan";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useSavePlan } from "../../api/plans";
import { longDay } from "../../lib/calendar-dates";
import { hasCode, isUnauthorized } from "../../lib/errors";
import { longReference } from "../../lib/format";
import { notifyConflict } from "../../lib/notify-conflict";
import { PlanCalendar } from "../calendar/plan-calendar";
import { PostCommentCount } from "../calendar/post-comment-count";
import { PostDetails } from "../calendar/post-details";
import { PostSheet } from "../calendar/post-sheet";
import { PostTaskAction } from "./post-task-action";

/**
 * Read mode's month. A post dropped on another day is saved at once, as any
 * edit is (PUT with the version seen, 409 when someone saved in between), so
 * the plan becomes 'Editado' (spec §4), an approved one included: decision
 * 018. While the save runs the grid shows the move and takes no other.
 */
export function MonthCalendar({ plan, onReload }: { plan: PlanDetail; onReload: () => Promise<unknown> }) {
  const save = useSavePlan(plan.id);
  const [open, setOpen] = useState<PostRef | null>(null);
  // The move being saved, shown at once; the content sent is a parsed plan's, so it has the output shape.
  const content = save.isPending && save.variables ? (save.variables.content as PlanContent) : plan.content;
  if (!content) return null;
  const weeks = content.calendario_editorial.semanas;
  const year = Number(plan.ano_referencia);
  const month = Number(plan.mes_referencia);
  const placement = placePosts(weeks, year, month);

  const onMove = (ref: PostRef, date: string) => {
    if (findPlaced(placement, ref)?.date === date) return;
    const wasApproved = plan.status === "aprovado";
    const moved = movePost(weeks, ref, date);
    save.mutate(
      { version: plan.version, content: withWeeks(content, moved.weeks) },
      {
        onSuccess: () =>
          notifySuccess(planMessages.success, {
            description: `Post movido para ${longDay(date)}.${wasApproved ? " O planejamento voltou a Editado." : ""}`,
          }),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          if (hasCode(error, "PLAN_CONFLICT")) {
            notifyConflict(() => void onReload());
            return;
          }
          notifyError(planMessages.error, { description: planMessages.saveFailed });
        },
      },
    );
  };

  const placed = open ? findPlaced(placement, open) : undefined;
  const post = placed?.post;

  return (
    <>
      <PlanCalendar
        year={year}
        month={month}
        label={`Calendário de ${longReference(plan.mes_referencia, plan.ano_referencia)}`}
        placement={placement}
        planId={plan.id}
        onOpen={setOpen}
        onMove={onMove}
        moving={save.isPending}
      />
      <PostSheet
        open={Boolean(post)}
        onClose={() => setOpen(null)}
        title={post?.titulo ?? ""}
        description={placed ? `${placed.post.canal} · ${longDay(placed.date)}` : ""}
        footer={post ? <PostTaskAction planId={plan.id} post={post} /> : null}
      >
        {placed ? (
          <PostDetails
            placed={placed}
            week={weeks[placed.week]}
            comments={<PostCommentCount planId={plan.id} postId={placed.post.id} />}
          />
        ) : null}
      </PostSheet>
    </>
  );
}
