import { FlaskConical } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { SectionCard } from "../view/section-card";
import { AddItemButton } from "./add-item-button";
import { ContentField } from "./content-field";
import { ItemCard } from "./item-card";

const MAX_EXPERIMENTS = 30;

/** Edit mode: every experiment's four fields, and adding and removing experiments. */
export function ExperimentsEditor() {
  const { control } = useFormContext<PlanContentInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "experimentos.testes", keyName: "key" });
  return (
    <SectionCard id="experimentos" title="Experimentos" icon={FlaskConical} count={fields.length}>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum experimento. Adicione o primeiro abaixo.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {fields.map((field, index) => (
            <ItemCard
              key={field.key}
              id={`plano-experimento-${index}`}
              title={`Experimento ${index + 1}`}
              removeLabel={`Remover experimento ${index + 1}`}
              onRemove={() => remove(index)}
            >
              <ContentField
                name={`experimentos.testes.${index}.nome`}
                label="Nome"
                required
                className="sm:col-span-2"
              />
              <ContentField
                name={`experimentos.testes.${index}.hipotese`}
                label="Hipótese"
                multiline
                className="sm:col-span-2"
              />
              <ContentField name={`experimentos.testes.${index}.metrica`} label="Métrica" />
              <ContentField name={`experimentos.testes.${index}.periodo`} label="Período" />
            </ItemCard>
          ))}
        </div>
      )}
      <AddItemButton
        label="Adicionar experimento"
        disabled={fields.length >= MAX_EXPERIMENTS}
        onClick={() => append({ nome: "", hipotese: "", metrica: "", periodo: "" })}
      />
    </SectionCard>
  );
}
