import { useFieldArray, useFormContext } from "react-hook-form";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { AddItemButton } from "./add-item-button";
import { WeekEditor } from "./week-editor";

const MAX_WEEKS = 6;

/** Edit mode: the editorial calendar, week by week (the 'Tabela' layout of the calendar's section). */
export function WeeksEditor() {
  const { control } = useFormContext<PlanContentInput>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: "calendario_editorial.semanas",
    keyName: "key",
  });
  return (
    <>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma semana no calendário.</p>
      ) : null}
      {fields.map((field, index) => (
        <WeekEditor key={field.key} index={index} onRemove={() => remove(index)} />
      ))}
      <AddItemButton
        label="Adicionar semana"
        disabled={fields.length >= MAX_WEEKS}
        onClick={() =>
          append({ semana: `Semana ${fields.length + 1}`, data_inicio: null, data_fim: null, posts: [] })
        }
      />
    </>
  );
}
