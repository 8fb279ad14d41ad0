import { Controller, useFormContext } from "react-hook-form";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { Checkbox } from "@/web/components/ui/checkbox";
import { Label } from "@/web/components/ui/label";

/** A pillar's cac_reducao as a checkbox (spec §2: the 'CAC ↓' column). */
export function CacField({ index }: { index: number }) {
  const { control } = useFormContext<PlanContentInput>();
  const id = `plano-pilar-${index}-cac`;
  return (
    <Controller
      control={control}
      name={`content_pillars.pillars.${index}.cac_reducao`}
      render={({ field }) => (
        <div className="flex items-center gap-2.5 sm:col-span-2">
          <Checkbox
            id={id}
            ref={field.ref}
            checked={field.value === true || field.value === "true"}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
          <Label htmlFor={id} className="cursor-pointer font-normal">
            Reduz o CAC (CAC ↓)
          </Label>
        </div>
      )}
    />
  );
}
