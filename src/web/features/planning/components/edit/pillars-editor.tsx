import { Repeat } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { SectionCard } from "../view/section-card";
import { AddItemButton } from "./add-item-button";
import { CacField } from "./cac-field";
import { ContentField } from "./content-field";
import { ItemCard } from "./item-card";

const MAX_PILLARS = 30;

/** Edit mode: every pillar's four fields, and adding and removing pillars. */
export function PillarsEditor() {
  const { control } = useFormContext<PlanContentInput>();
  // 'key', not the default 'id': the objects of the plan may carry an id of their own.
  const { fields, append, remove } = useFieldArray({
    control,
    name: "content_pillars.pillars",
    keyName: "key",
  });
  return (
    <SectionCard id="pilares" title="Pilares de conteúdo e growth loops" icon={Repeat} count={fields.length}>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum pilar. Adicione o primeiro abaixo.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {fields.map((field, index) => (
            <ItemCard
              key={field.key}
              id={`plano-pilar-${index}`}
              title={`Pilar ${index + 1}`}
              removeLabel={`Remover pilar ${index + 1}`}
              onRemove={() => remove(index)}
            >
              <ContentField
                name={`content_pillars.pillars.${index}.pilar`}
                label="Pilar"
                required
                className="sm:col-span-2"
              />
              <ContentField
                name={`content_pillars.pillars.${index}.loop_resumido`}
                label="Loop Resumido"
                multiline
                className="sm:col-span-2"
              />
              <ContentField
                name={`content_pillars.pillars.${index}.objetivo`}
                label="Objetivo"
                className="sm:col-span-2"
              />
              <CacField index={index} />
            </ItemCard>
          ))}
        </div>
      )}
      <AddItemButton
        label="Adicionar pilar"
        disabled={fields.length >= MAX_PILLARS}
        onClick={() => append({ pilar: "", loop_resumido: "", objetivo: "", cac_reducao: false })}
      />
    </SectionCard>
  );
}
