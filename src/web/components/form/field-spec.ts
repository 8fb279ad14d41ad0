import type * as React from "react";
import type { ControllerRenderProps, FieldValues, Path, UseFormReturn } from "react-hook-form";
import { maskCurrencyInput } from "@/domain/money";
import type { AttachmentRules } from "@/domain/requests/attachments";
import type { Option } from "@/domain/requests/options";
import type { ControlProps } from "./form-item";

/*
 * The form kit's field declarations: a form lists its fields in screen order
 * (FormFields draws them), and the helpers here derive its empty values, its
 * field order and the values of a stored record from that list.
 */

type InputProps = Omit<React.ComponentProps<"input">, "name" | "id">;

/** The attributes of the usual kinds of text box. */
export const INPUT_PRESETS = {
  name: { autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  url: { type: "url", inputMode: "url", autoCapitalize: "none", spellCheck: false },
  /** A PIX key: any of CPF, CNPJ, e-mail, phone or random key, typed as is. */
  pix: { autoComplete: "off", autoCapitalize: "none", spellCheck: false },
  quantity: { type: "number", inputMode: "numeric", min: 1, step: 1 },
  off: { autoComplete: "off" },
} as const satisfies Record<string, InputProps>;
export type InputPreset = keyof typeof INPUT_PRESETS;

export type Common<V extends FieldValues> = {
  name: Path<V>;
  label: React.ReactNode;
  /** Default `{prefix}-{name}` with the name in kebab case. */
  id?: string;
  required?: boolean;
  hint?: React.ReactNode;
  /** The error takes the hint's place while it shows (the sign-up pages' e-mail and password). */
  errorReplacesHint?: boolean;
  /** Takes both columns from sm up. */
  wide?: boolean;
  /** The value of an empty form ('' or, for files, none). */
  initial?: unknown;
  /** Editing a stored record: the stored field it comes from (default: the same name). */
  from?: string;
  /** Shown only while another field's value passes `test`. */
  shownWhen?: { field: Path<V>; test: (value: unknown) => boolean };
};

type WithPlaceholder = { placeholder?: string; input?: InputPreset; attrs?: InputProps };

export type FieldSpec<V extends FieldValues> =
  | (Common<V> & WithPlaceholder & { type: "text" })
  | (Common<V> & {
      type: "textarea";
      rows: number;
      placeholder?: string;
      attrs?: Omit<React.ComponentProps<"textarea">, "name" | "id" | "rows">;
    })
  | (Common<V> & {
      type: "select";
      options: readonly (Option & { readonly disabled?: boolean })[];
      placeholder: string;
      /** The stored value of a chosen option (an item that stands for "none" stores ''). */
      parse?: (value: string) => string;
    })
  /** 'R$ 0,00' mask (spec §5); stored in cents when editing. */
  | (Common<V> & { type: "currency" })
  /** The pt-BR date picker: `window` gives the days that can be chosen from São Paulo's today. */
  | (Common<V> & {
      type: "date";
      today: () => string;
      window: (today: string) => { min: string; max: string };
      calendarLabel: string;
    })
  /** Checkboxes under the label as a legend: the value is the chosen options' values, in their order. */
  | (Common<V> & { type: "checkboxes"; options: readonly Option[] })
  /** One checkbox, its label beside it: the value is true or false. */
  | (Common<V> & { type: "checkbox" })
  | (Common<V> & { type: "file"; rules: AttachmentRules; prompt: string })
  /**
   * Filled from the session (the request kinds' `session` fields): locked
   * (read-only or disabled) when the session has a value, with `lockedHint`.
   */
  | (Common<V> &
      WithPlaceholder & { type: "session"; lock: "readOnly" | "disabled"; lockedHint?: React.ReactNode })
  | (Common<V> & {
      type: "cards";
      options: readonly (Option & { readonly disabled?: boolean })[];
      hints: Readonly<Record<string, string>>;
    })
  /** A control of the form's own (a list, a checkbox group), inside the usual label, hint and error. */
  | (Common<V> & {
      type: "custom";
      render: (
        control: ControlProps,
        field: ControllerRenderProps<V, Path<V>>,
        error: string | undefined,
        /** The whole form, for a control that fills other fields (a receipt's QR fills the amount). */
        form: UseFormReturn<V, unknown, unknown>,
      ) => React.ReactNode;
      /** Draws its own label and error (a fieldset): no FormItem around it. */
      bare?: boolean;
    })
  /** Not a field: a heading, a note. */
  | { type: "element"; key: string; node: React.ReactNode }
  /** Not a field: a note drawn from other fields' current values (the working days of a period). */
  | {
      type: "derived";
      key: string;
      from: readonly Path<V>[];
      render: (values: readonly unknown[]) => React.ReactNode;
    }
  /** Fields under a legend, in their own two columns. */
  | { type: "group"; key: string; legend: string; fields: readonly FieldSpec<V>[] };

export type DataField<V extends FieldValues> = Exclude<
  FieldSpec<V>,
  { type: "element" | "derived" | "group" }
>;

export const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();

/** The declared fields, groups opened, in screen order. */
export function dataFields<V extends FieldValues>(fields: readonly FieldSpec<V>[]): DataField<V>[] {
  return fields.flatMap((field) =>
    field.type === "group"
      ? dataFields(field.fields)
      : field.type === "element" || field.type === "derived"
        ? []
        : [field],
  );
}

/** The names of the declared fields in screen order: the first one the server refuses gets the focus. */
export function fieldOrder<V extends FieldValues>(fields: readonly FieldSpec<V>[]): Path<V>[] {
  return dataFields(fields).map((field) => field.name);
}

const EMPTY: Partial<Record<DataField<FieldValues>["type"], unknown>> = {
  file: [],
  checkboxes: [],
  checkbox: false,
};

/** The values of the empty form: each field's `initial`, else '' (no files, no boxes ticked). */
export function emptyValues<V extends FieldValues>(fields: readonly FieldSpec<V>[]): V {
  return Object.fromEntries(
    dataFields(fields).map((field) => [field.name, field.initial ?? EMPTY[field.type] ?? ""]),
  ) as V;
}

/**
 * The values of a form that edits a stored record: each field from its stored
 * field, as the form holds it (numbers as text, money in cents as the mask
 * shows it); a field with nothing stored keeps its empty value.
 */
export function valuesFromRecord<V extends FieldValues>(
  fields: readonly FieldSpec<V>[],
  record: Readonly<Record<string, unknown>>,
  // The mask's own text ('R$ 1.234,56'): the currency field shows what it is given as is.
  formatCents: (cents: number) => string = (cents) => maskCurrencyInput(String(cents)).display,
): V {
  const empty = emptyValues(fields) as Record<string, unknown>;
  for (const field of dataFields(fields)) {
    if (field.type === "file") continue;
    const stored = record[field.from ?? field.name];
    if (stored === null || stored === undefined) continue;
    if (typeof stored === "number")
      empty[field.name] = field.type === "currency" ? formatCents(stored) : String(stored);
    else empty[field.name] = stored;
  }
  return empty as V;
}
