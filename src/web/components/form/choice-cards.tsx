import type * as React from "react";
import type { Option } from "@/domain/requests/options";
import { Badge } from "@/web/components/ui/badge";
import { Label } from "@/web/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/web/components/ui/radio-group";
import { cn } from "@/web/lib/cn";

type ChoiceCardsProps = {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  options: readonly (Option & { readonly disabled?: boolean })[];
  /** A line under each option's label. */
  hints: Readonly<Record<string, string>>;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** react-hook-form's ref: a refused choice focuses the first option that can be chosen. */
  fieldRef: (target: { focus: () => void } | null) => void;
  error?: string;
  className?: string;
};

/**
 * One choice among a few options shown as cards (a radio group), each with a
 * hint; options not yet offered show 'Indisponível'. Its label is `{id}-label`,
 * its error `{id}-error`, each option `{id}-{value}`.
 */
export function ChoiceCards({
  id,
  label,
  required,
  options,
  hints,
  value,
  onChange,
  onBlur,
  fieldRef,
  error,
  className,
}: ChoiceCardsProps) {
  return (
    <div className={cn("grid gap-3", className)}>
      <span id={`${id}-label`} className="flex items-center gap-2 text-sm leading-none font-medium">
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      <RadioGroup
        ref={(group) =>
          fieldRef(
            group && {
              focus: () => group.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus(),
            },
          )
        }
        value={value ?? ""}
        onValueChange={onChange}
        onBlur={onBlur}
        aria-labelledby={`${id}-label`}
        aria-required={required ? "true" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="grid gap-3 sm:grid-cols-3"
      >
        {options.map((option) => {
          const disabled = option.disabled === true;
          const optionId = `${id}-${option.value}`;
          return (
            <Label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-4 leading-snug font-normal shadow-xs transition-[border-color,background-color,box-shadow]",
                "hover:border-primary/40 has-[button:focus-visible]:ring-[3px] has-[button:focus-visible]:ring-ring/30",
                "has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-brand-soft/60",
                error && "border-destructive/60",
                disabled && "cursor-not-allowed bg-muted/40 hover:border-border",
              )}
            >
              <RadioGroupItem
                id={optionId}
                value={option.value}
                disabled={disabled}
                aria-labelledby={`${optionId}-title`}
                aria-describedby={`${optionId}-hint`}
                className="mt-0.5"
              />
              <span className="flex min-w-0 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  <span id={`${optionId}-title`}>{option.label}</span>
                  {disabled ? <Badge variant="secondary">Indisponível</Badge> : null}
                </span>
                <span id={`${optionId}-hint`} className="text-xs text-muted-foreground">
                  {hints[option.value]}
                </span>
              </span>
            </Label>
          );
        })}
      </RadioGroup>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
