import type * as React from "react";
import { Fragment } from "react";
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";
import type { AttachmentRules } from "@/domain/requests/attachments";
import type { Option } from "@/domain/requests/options";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { ChoiceCards } from "./choice-cards";
import { CurrencyInput } from "./currency-input";
import { DatePicker } from "./date-picker";
import { FilePicker, type KeptFile } from "./file-picker";
import { type ControlProps, FormItem } from "./form-item";
import { OptionSelect } from "./option-select";

/*
 * The form kit's field list: a form declares its fields in screen order and
 * <FormFields> draws each with the shared controls, wired to react-hook-form,
 * with the ids the pages and tests rely on (`{prefix}-{name in kebab case}`,
 * its label `-label`, error `-error`, hint `-hint`).
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

type Common<V extends FieldValues> = {
  name: Path<V>;
  label: React.ReactNode;
  /** Default `{prefix}-{name}` with the name in kebab case. */
  id?: string;
  required?: boolean;
  hint?: React.ReactNode;
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
  | (Common<V> & { type: "textarea"; rows: number; placeholder?: string })
  | (Common<V> & {
      type: "select";
      options: readonly (Option & { readonly disabled?: boolean })[];
      placeholder: string;
      /** The stored value of a chosen option (an item that stands for "none" stores ''). */
      parse?: (value: string) => string;
    })
  /** 'R$ 0,00' mask (spec §5); stored in cents when editing. */
  | (Common<V> & { type: "currency" })
  | (Common<V> & { type: "date"; today: () => string })
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
      ) => React.ReactNode;
      /** Draws its own label and error (a fieldset): no FormItem around it. */
      bare?: boolean;
    })
  /** Not a field: a heading, a note. */
  | { type: "element"; key: string; node: React.ReactNode }
  /** Fields under a legend, in their own two columns. */
  | { type: "group"; key: string; legend: string; fields: readonly FieldSpec<V>[] };

type DataField<V extends FieldValues> = Exclude<FieldSpec<V>, { type: "element" | "group" }>;

const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();

/** The declared fields, groups opened, in screen order. */
export function dataFields<V extends FieldValues>(fields: readonly FieldSpec<V>[]): DataField<V>[] {
  return fields.flatMap((field) =>
    field.type === "group" ? dataFields(field.fields) : field.type === "element" ? [] : [field],
  );
}

/** The names of the declared fields in screen order: the first one the server refuses gets the focus. */
export function fieldOrder<V extends FieldValues>(fields: readonly FieldSpec<V>[]): Path<V>[] {
  return dataFields(fields).map((field) => field.name);
}

/** The values of the empty form: each field's `initial`, else '' (no files for a file field). */
export function emptyValues<V extends FieldValues>(fields: readonly FieldSpec<V>[]): V {
  return Object.fromEntries(
    dataFields(fields).map((field) => [field.name, field.initial ?? (field.type === "file" ? [] : "")]),
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
  formatCents: (cents: number) => string = String,
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

type FormFieldsProps<V extends FieldValues> = {
  form: UseFormReturn<V, unknown, unknown>;
  fields: readonly FieldSpec<V>[];
  /** The start of every id: the form's name ('reembolso', 'vaga'). */
  idPrefix: string;
  /** Editing: the stored files of the file field, and the field holding the ids that stay. */
  kept?: { files: readonly KeptFile[]; field: Path<V> };
};

/** Draws a form's declared fields with the shared controls. */
export function FormFields<V extends FieldValues>({ form, fields, idPrefix, kept }: FormFieldsProps<V>) {
  return fields.map((field) => {
    if (field.type === "element") return <Fragment key={field.key}>{field.node}</Fragment>;
    if (field.type === "group") {
      return (
        <fieldset key={field.key} className="grid min-w-0 gap-x-5 gap-y-6 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-4 text-sm font-semibold">{field.legend}</legend>
          <FormFields form={form} fields={field.fields} idPrefix={idPrefix} kept={kept} />
        </fieldset>
      );
    }
    const item = <Field key={field.name} form={form} field={field} idPrefix={idPrefix} kept={kept} />;
    if (!field.shownWhen) return item;
    return (
      <ShownWhen key={field.name} control={form.control} when={field.shownWhen}>
        {item}
      </ShownWhen>
    );
  });
}

function ShownWhen<V extends FieldValues>({
  control,
  when,
  children,
}: {
  control: Control<V, unknown, unknown>;
  when: NonNullable<Common<V>["shownWhen"]>;
  children: React.ReactNode;
}) {
  const value = useWatch({ control, name: when.field });
  return when.test(value) ? children : null;
}

const LOCKED = "bg-muted/60 text-muted-foreground";

function Field<V extends FieldValues>({
  form,
  field,
  idPrefix,
  kept,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  field: DataField<V>;
  idPrefix: string;
  kept: FormFieldsProps<V>["kept"];
}) {
  const { register, control, formState } = form;
  const id = field.id ?? `${idPrefix}-${kebab(field.name)}`;
  const fieldError: { message?: string; root?: { message?: string } } | undefined = get(
    formState.errors,
    field.name,
  );
  const error = fieldError?.message ?? fieldError?.root?.message;
  const item = {
    id,
    label: field.label,
    required: field.required,
    hint: field.hint,
    error,
    className: field.wide ? "sm:col-span-2" : undefined,
  };
  const controlled = (
    render: (control: ControlProps, props: ControllerRenderProps<V, Path<V>>) => React.ReactNode,
  ) => (
    <FormItem {...item}>
      {(controlProps) => (
        <Controller
          control={control}
          name={field.name}
          render={({ field: props }) => <>{render(controlProps, props)}</>}
        />
      )}
    </FormItem>
  );

  switch (field.type) {
    case "text":
      return (
        <FormItem {...item}>
          {(controlProps) => (
            <Input
              {...controlProps}
              {...(field.input ? INPUT_PRESETS[field.input] : {})}
              {...field.attrs}
              placeholder={field.placeholder}
              {...register(field.name)}
            />
          )}
        </FormItem>
      );
    case "textarea":
      return (
        <FormItem {...item}>
          {(controlProps) => (
            <Textarea
              {...controlProps}
              rows={field.rows}
              placeholder={field.placeholder}
              {...register(field.name)}
            />
          )}
        </FormItem>
      );
    case "session": {
      const value = get(formState.defaultValues, field.name);
      const locked = typeof value === "string" && value !== "";
      const input = {
        ...(field.input ? INPUT_PRESETS[field.input] : {}),
        ...field.attrs,
        placeholder: field.placeholder,
      };
      return (
        <FormItem {...item} hint={locked ? (field.lockedHint ?? field.hint) : field.hint}>
          {(controlProps) =>
            // Disabled: not a value of the form's (the server takes it from the session); shown as it is.
            locked && field.lock === "disabled" ? (
              <Input {...controlProps} {...input} value={value} disabled readOnly className="bg-muted/60" />
            ) : (
              <Input
                {...controlProps}
                {...input}
                readOnly={locked}
                className={locked ? LOCKED : undefined}
                {...register(field.name)}
              />
            )
          }
        </FormItem>
      );
    }
    case "select":
      return controlled((controlProps, props) => (
        <OptionSelect
          {...controlProps}
          options={field.options}
          placeholder={field.placeholder}
          value={props.value ?? ""}
          onChange={(value) => props.onChange(field.parse ? field.parse(value) : value)}
          onBlur={props.onBlur}
          ref={props.ref}
        />
      ));
    case "currency":
      return controlled((controlProps, props) => (
        <CurrencyInput
          {...controlProps}
          name={props.name}
          value={props.value}
          onChange={props.onChange}
          onBlur={props.onBlur}
          ref={props.ref}
        />
      ));
    case "date":
      return controlled((controlProps, props) => (
        <DatePicker
          {...controlProps}
          labelId={`${id}-label`}
          today={field.today()}
          value={props.value}
          onChange={props.onChange}
          onBlur={props.onBlur}
          ref={props.ref}
        />
      ));
    case "file":
      return controlled((controlProps, props) => (
        <KeptFilePicker form={form} kept={kept}>
          {(keptProps) => (
            <FilePicker
              {...controlProps}
              {...keptProps}
              rules={field.rules}
              prompt={field.prompt}
              name={props.name}
              files={props.value}
              onChange={props.onChange}
              onBlur={props.onBlur}
              ref={props.ref}
            />
          )}
        </KeptFilePicker>
      ));
    case "cards":
      return (
        <Controller
          control={control}
          name={field.name}
          render={({ field: props }) => (
            <ChoiceCards
              {...item}
              options={field.options}
              hints={field.hints}
              value={props.value}
              onChange={props.onChange}
              onBlur={props.onBlur}
              fieldRef={props.ref}
            />
          )}
        />
      );
    case "custom":
      if (field.bare) {
        return (
          <Controller
            control={control}
            name={field.name}
            render={({ field: props }) => <>{field.render({ id }, props, error)}</>}
          />
        );
      }
      return controlled((controlProps, props) => field.render(controlProps, props, error));
  }
}

/** The stored files that stay (editing), read from and written to their form field. */
function KeptFilePicker<V extends FieldValues>({
  form,
  kept,
  children,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  kept: FormFieldsProps<V>["kept"];
  children: (props: { kept?: readonly KeptFile[]; onRemoveKept?: (id: string) => void }) => React.ReactNode;
}) {
  const ids = useWatch({ control: form.control, name: kept?.field ?? ("" as Path<V>), disabled: !kept });
  if (!kept) return children({});
  const keep: string[] = Array.isArray(ids) ? ids : [];
  return children({
    kept: kept.files.filter((file) => keep.includes(file.id)),
    onRemoveKept: (id) =>
      form.setValue(kept.field, keep.filter((other) => other !== id) as never, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      }),
  });
}
