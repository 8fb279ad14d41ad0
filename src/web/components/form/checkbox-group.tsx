import type * as React from "react";
import type { Option } from "@/domain/requests/options";
import { Checkbox } from "@/web/components/ui/checkbox";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";
import { FieldNotes } from "./form-item";

type CheckboxGroupProps = {
  /** Each box is `{id}-{index}`; the hint `{id}-hint`, the error `{id}-error`. */
  id: string;
  legend: React.ReactNode;
  hint?: React.ReactNode;
  options: readonly Option[];
  value: readonly string[] | undefined;
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: string;
  /** The error is announced as it appears (role alert). */
  announce?: boolean;
  /** react-hook-form's ref: a refused group focuses its first box. */
  fieldRef?: React.Ref<HTMLButtonElement>;
  className?: string;
};

/**
 * A multi-select as checkboxes under a legend: every option visible at once,
 * which a phone handles better than a multi-select dropdown. The value keeps
 * the options' order, whatever order the boxes were ticked in.
 */
export function CheckboxGroup({
  id,
  legend,
  hint,
  options,
  value,
  onChange,
  onBlur,
  error,
  announce,
  fieldRef,
  className,
}: CheckboxGroupProps) {
  const chosen = new Set(value ?? []);
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(option);
    else next.delete(option);
    onChange(options.filter((item) => next.has(item.value)).map((item) => item.value));
  };
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <fieldset
      id={id}
      className={cn("grid min-w-0 gap-3", className)}
      aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-3 text-sm leading-none font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 min-[420px]:grid-cols-2">
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div
              key={option.value}
              className="flex min-h-10 items-center gap-2.5 rounded-md px-2 transition-colors hover:bg-muted/60 sm:min-h-9"
            >
              <Checkbox
                id={optionId}
                ref={index === 0 ? fieldRef : undefined}
                value={option.value}
                checked={chosen.has(option.value)}
                onCheckedChange={(checked) => toggle(option.value, checked === true)}
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
              />
              <Label
                htmlFor={optionId}
                className="min-w-0 flex-1 cursor-pointer py-2 leading-snug font-normal"
              >
                {option.label}
              </Label>
            </div>
          );
        })}
      </div>
      <FieldNotes id={id} hint={hint} error={error} announce={announce} />
    </fieldset>
  );
}
