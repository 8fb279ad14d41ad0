import type * as React from "react";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";
import { Checkbox } from "./checkbox";

type CheckboxGroupProps = {
  id: string;
  legend: React.ReactNode;
  hint?: React.ReactNode;
  options: readonly string[];
  value: readonly string[] | undefined;
  onChange: (value: string[]) => void;
  error?: string;
  className?: string;
};

/**
 * A multi-select of one of spec §9's lists as checkboxes: every option visible
 * at once, which a phone handles better than a multi-select dropdown. The value
 * keeps the list's order, whatever order the boxes were ticked in.
 */
export function CheckboxGroup({
  id,
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  className,
}: CheckboxGroupProps) {
  const chosen = new Set(value ?? []);
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(option);
    else next.delete(option);
    onChange(options.filter((item) => next.has(item)));
  };
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <fieldset
      className={cn("grid min-w-0 gap-3", className)}
      aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-3 text-sm leading-none font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 min-[420px]:grid-cols-2">
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div
              key={option}
              className="flex min-h-10 items-center gap-2.5 rounded-md px-2 transition-colors hover:bg-muted/60 sm:min-h-9"
            >
              <Checkbox
                id={optionId}
                checked={chosen.has(option)}
                onCheckedChange={(checked) => toggle(option, checked === true)}
              />
              <Label
                htmlFor={optionId}
                className="min-w-0 flex-1 cursor-pointer py-2 leading-snug font-normal"
              >
                {option}
              </Label>
            </div>
          );
        })}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
