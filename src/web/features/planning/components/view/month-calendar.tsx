import { useState } from "react";
import { planMessages } from "@/domain/planning/messages";
import { monthBounds, movePost, type PostRef, postDay, withWeeks } from "@/domain/planning/month-calendar";
import type { PlanDetail } from "@/domain/planning/plan";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useSavePlan } from "../../api/plans";
import { longDay } from "../../lib/calendar-dates";
import { hasCode, isUnauthorized } from "../../lib/errors";
import { longReference } from "../../lib/format";
import { notifyConflict } from "../../lib/notify-conflict";
import { PlanCalendar } from "../calendar/plan-calendar";
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

  const onMove = (ref: PostRef, date: string) => {
    const week = weeks[ref.week];
    const post = week?.posts[ref.index];
    if (!week || !post || postDay(post, week, monthBounds(year, month))?.date === date) return;
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

  const week = open ? weeks[open.week] : undefined;
  const post = open ? week?.posts[open.index] : undefined;
  const day = post && week ? postDay(post, week, monthBounds(year, month)) : null;

  return (
    <>
      <PlanCalendar
        year={year}
        month={month}
        label={`Calendário de ${longReference(plan.mes_referencia, plan.ano_referencia)}`}
        weeks={weeks}
        onOpen={setOpen}
        onMove={onMove}
        moving={save.isPending}
      />
      <PostSheet
        open={Boolean(post)}
        onClose={() => setOpen(null)}
        title={post?.titulo ?? ""}
        description={post ? `${post.canal}${day ? ` · ${longDay(day.date)}` : ""}` : ""}
        footer={post ? <PostTaskAction planId={plan.id} post={post} /> : null}
      >
        {post && open ? (
          <PostDetails placed={{ post, ...open, fallback: day?.fallback ?? false }} week={week} />
        ) : null}
      </PostSheet>
    </>
  );
}
