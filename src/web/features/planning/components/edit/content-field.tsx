import { get, type Path, useFormContext } from "react-hook-form";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { FormItem } from "@/web/components/form/form-item";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";

/** A field focused for its error stops below the top bar and the sticky edit toolbar, not under them. */
export const BELOW_TOOLBAR = "scroll-mt-36";

/** A labelled text box of the plan editor, bound to one path of the plan's content. */
export function ContentField({
  name,
  label,
  multiline = false,
  required = false,
  placeholder,
  suggestions,
  className,
}: {
  name: Path<PlanContentInput>;
  label: string;
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
  /** Offered while typing (a datalist), without limiting what may be typed. */
  suggestions?: readonly string[];
  className?: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PlanContentInput>();
  // Errors of nested paths sit in a tree shaped like the values; `get` walks it.
  const error: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  // Dots and brackets are not welcome in ids that labels and CSS point at.
  const id = `plano-${name.replaceAll(".", "-")}`;
  return (
    <FormItem
      id={id}
      label={label}
      required={required}
      error={typeof error === "string" ? error : undefined}
      className={className}
    >
      {(controlProps) =>
        multiline ? (
          <Textarea
            {...controlProps}
            rows={3}
            placeholder={placeholder}
            className="min-h-20"
            {...register(name)}
          />
        ) : (
          <>
            <Input
              {...controlProps}
              placeholder={placeholder}
              className={BELOW_TOOLBAR}
              list={suggestions ? `${id}-sugestoes` : undefined}
              {...register(name)}
            />
            {suggestions ? (
              <datalist id={`${id}-sugestoes`}>
                {suggestions.map((item) => (
                  <option key={item} value={item} />
                ))}
              </datalist>
            ) : null}
          </>
        )
      }
    </FormItem>
  );
}
