import type * as React from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import type { AttachmentRules } from "@/domain/requests/attachments";
import type { Option } from "@/domain/requests/options";
import { CurrencyInput } from "./currency-input";
import { FilePicker } from "./file-picker";
import { FormItem } from "./form-item";
import { OptionSelect } from "./option-select";

type FieldProps<T extends FieldValues> = {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  id: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string;
  className?: string;
};

/** A FormItem holding one of the spec's option lists, wired to react-hook-form. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  options,
  placeholder,
  ...item
}: FieldProps<T> & { options: readonly (Option & { readonly disabled?: boolean })[]; placeholder: string }) {
  return (
    <FormItem {...item}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <OptionSelect
              {...controlProps}
              options={options}
              placeholder={placeholder}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
    </FormItem>
  );
}

/** A FormItem holding the 'R$ 0,00' currency mask (spec §5), wired to react-hook-form. */
export function CurrencyField<T extends FieldValues>({ control, name, ...item }: FieldProps<T>) {
  return (
    <FormItem {...item}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <CurrencyInput
              {...controlProps}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
    </FormItem>
  );
}

/** A FormItem holding the attachment picker, checked against `rules`, wired to react-hook-form. */
export function FileField<T extends FieldValues>({
  control,
  name,
  rules,
  prompt,
  ...item
}: FieldProps<T> & { rules: AttachmentRules; prompt: string }) {
  return (
    <FormItem {...item}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <FilePicker
              {...controlProps}
              rules={rules}
              prompt={prompt}
              name={field.name}
              files={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
    </FormItem>
  );
}
