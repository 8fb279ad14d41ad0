import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, useFormContext, useFormState, useWatch } from "react-hook-form";
import { findPlaced, movePost, type PostRef, placePosts } from "@/domain/planning/month-calendar";
import type { PlanContentInput, PlanWeek } from "@/domain/planning/plan-content.schema";
import { Button } from "@/web/components/ui/button";
import { longDay } from "../../lib/calendar-dates";
import { PlanCalendar } from "../calendar/plan-calendar";
import { PostSheet } from "../calendar/post-sheet";
import { PostEditor } from "./post-editor";

const WEEKS = "calendario_editorial.semanas" as const;

/** The first post, in calendar order, that has a field message. */
function firstFaultyPost(errors: FieldErrors<PlanContentInput>): PostRef | null {
  const weeks = errors.calendario_editorial?.semanas;
  if (!Array.isArray(weeks)) return null;
  for (const [week, weekErrors] of weeks.entries()) {
    const posts = weekErrors?.posts;
    if (!Array.isArray(posts)) continue;
    const index = posts.findIndex(Boolean);
    if (index !== -1) return { week, index };
  }
  return null;
}

/**
 * The month in edit mode: a drag moves the post in the form (its day and its
 * week), a click opens it in the post editor; nothing is sent before 'Salvar'.
 */
export function MonthEditor({ year, month, label }: { year: number; month: number; label: string }) {
  const { control, getValues, setValue } = useFormContext<PlanContentInput>();
  // The form's values came from the parsed plan, so they have the schema's output shape.
  const weeks = useWatch({ control, name: WEEKS }) as PlanWeek[];
  const [open, setOpen] = useState<PostRef | null>(null);

  // A refused 'Salvar' (the schema's, or the server's field messages) opens the first post at fault:
  // its fields live in the sheet, so the messages would otherwise show nowhere.
  // Once per 'Salvar', so the sheet does not jump to another post while the person fixes this one.
  const { errors, submitCount } = useFormState({ control });
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current) return;
    const faulty = firstFaultyPost(errors);
    if (!faulty) return;
    handled.current = submitCount;
    setOpen(faulty);
  }, [errors, submitCount]);

  const onMove = (ref: PostRef, date: string) => {
    const current = getValues(WEEKS) as PlanWeek[];
    setValue(WEEKS, movePost(current, ref, date).weeks, { shouldDirty: true });
  };

  const onRemove = () => {
    if (!open) return;
    const current = getValues(WEEKS) as PlanWeek[];
    const next = current.map((week, index) =>
      index === open.week ? { ...week, posts: week.posts.filter((_, post) => post !== open.index) } : week,
    );
    setOpen(null);
    setValue(WEEKS, next, { shouldDirty: true });
  };

  const placement = useMemo(() => placePosts(weeks, year, month), [weeks, year, month]);
  const placed = open ? findPlaced(placement, open) : undefined;

  return (
    <>
      <PlanCalendar
        year={year}
        month={month}
        label={label}
        placement={placement}
        onOpen={setOpen}
        onMove={onMove}
      />
      <p className="text-xs text-muted-foreground">
        Arraste um post para mudar o dia; clique nele para editar. Semanas e posts novos se adicionam em
        'Tabela'.
      </p>
      <PostSheet
        open={Boolean(placed)}
        onClose={() => setOpen(null)}
        title="Editar post"
        description={
          placed
            ? `${weeks[placed.week]?.semana} · ${longDay(placed.date)}. As alterações valem ao salvar o planejamento.`
            : ""
        }
        footer={
          <Button type="button" onClick={() => setOpen(null)}>
            Concluir
          </Button>
        }
      >
        {placed ? (
          <PostEditor
            week={placed.week}
            index={placed.index}
            hasTask={placed.post.bitrix_created === true}
            onRemove={onRemove}
          />
        ) : null}
      </PostSheet>
    </>
  );
}
