import type * as React from "react";
import type { Option } from "@/domain/requests/options";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import type { ControlProps } from "./form-item";

type OptionSelectProps = ControlProps & {
  options: readonly (Option & { readonly disabled?: boolean })[];
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
  name?: string;
  ref?: React.Ref<HTMLButtonElement>;
  disabled?: boolean;
};

/** A select of one of the spec's option lists (src/domain/requests/options): values stored, labels shown. */
export function OptionSelect({
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  name,
  ref,
  disabled,
  ...control
}: OptionSelectProps) {
  return (
    <Select
      value={value ?? ""}
      onValueChange={onChange}
      name={name}
      disabled={disabled}
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
    >
      <SelectTrigger ref={ref} {...control}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
