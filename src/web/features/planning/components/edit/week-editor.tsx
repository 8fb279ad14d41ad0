import { Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { Button } from "@/web/components/ui/button";
import { AddItemButton } from "./add-item-button";
import { ContentField } from "./content-field";
import { PostEditor } from "./post-editor";

const MAX_POSTS = 60;

/** One week of the calendar in edit mode: its label, its posts, and adding and removing posts. */
export function WeekEditor({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { control } = useFormContext<PlanContentInput>();
  // 'key', not the default 'id', which would hide each post's own id (the one 'Criar Tarefa' uses).
  const { fields, append, remove } = useFieldArray({
    control,
    name: `calendario_editorial.semanas.${index}.posts`,
    keyName: "key",
  });
  const headingId = `plano-semana-${index}-titulo`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-dashed p-3 sm:p-4"
    >
      <div className="flex items-end gap-2">
        <h3 id={headingId} className="sr-only">
          Semana {index + 1}
        </h3>
        <ContentField
          name={`calendario_editorial.semanas.${index}.semana`}
          label={`Semana ${index + 1}`}
          required
          className="min-w-0 flex-1"
        />
        <Button
          type="button"
          variant="outline"
          onClick={onRemove}
          aria-label={`Remover semana ${index + 1}`}
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">Remover semana</span>
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum post nesta semana.</p>
      ) : null}
      {fields.map((field, postIndex) => (
        <PostEditor
          key={field.key}
          week={index}
          index={postIndex}
          hasTask={field.bitrix_created === true}
          onRemove={() => remove(postIndex)}
        />
      ))}
      <AddItemButton
        label="Adicionar post"
        disabled={fields.length >= MAX_POSTS}
        onClick={() =>
          append({
            canal: "",
            tipo_post: "",
            titulo: "",
            cta: "",
            descricao_completa: "",
            meta_primaria: "",
            kpi: "",
            gancho: "",
            observacoes_producao: "",
            ab_test: "",
            bitrix_created: false,
            bitrix_task_id: null,
          })
        }
      />
    </section>
  );
}
