import { Lightbulb, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Textarea } from "@/web/components/ui/textarea";
import { SectionCard } from "../view/section-card";
import { AddItemButton } from "./add-item-button";
import { BELOW_TOOLBAR } from "./content-field";

const MAX_INSIGHTS = 50;

/**
 * The insights are a list of plain texts, which useFieldArray does not hold
 * (it needs objects): the whole list is one controlled field, and each text
 * keeps a key of its own so removing one never moves another's text or focus.
 */
export function InsightsEditor() {
  const {
    control,
    formState: { errors },
  } = useFormContext<PlanContentInput>();
  const { field } = useController({ control, name: "insights_gerais" });
  const insights = field.value ?? [];
  const nextKey = useRef(0);
  const newKey = () => `insight-${nextKey.current++}`;
  const [keys, setKeys] = useState(() => insights.map(newKey));

  const change = (index: number, text: string) =>
    field.onChange(insights.map((item, i) => (i === index ? text : item)));
  const add = () => {
    setKeys((current) => [...current, newKey()]);
    field.onChange([...insights, ""]);
  };
  const remove = (index: number) => {
    setKeys((current) => current.filter((_, i) => i !== index));
    field.onChange(insights.filter((_, i) => i !== index));
  };

  return (
    <SectionCard id="insights" title="Insights gerais" icon={Lightbulb} count={insights.length}>
      {insights.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum insight. Adicione o primeiro abaixo.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {insights.map((insight, index) => {
            const id = `plano-insight-${index}`;
            const error = errors.insights_gerais?.[index]?.message;
            return (
              <li key={keys[index] ?? index} className="grid gap-1.5">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor={id}>Insight {index + 1}</Label>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(index)}
                    aria-label={`Remover insight ${index + 1}`}
                    className="-mr-2 h-7 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="hidden sm:inline">Remover</span>
                  </Button>
                </div>
                <Textarea
                  id={id}
                  ref={index === 0 ? field.ref : undefined}
                  rows={2}
                  className={`min-h-16 ${BELOW_TOOLBAR}`}
                  value={typeof insight === "string" ? insight : ""}
                  onChange={(event) => change(index, event.target.value)}
                  onBlur={field.onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                {error ? (
                  <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <AddItemButton label="Adicionar insight" onClick={add} disabled={insights.length >= MAX_INSIGHTS} />
    </SectionCard>
  );
}
