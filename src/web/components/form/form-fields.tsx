import type * as React from "react";
import { Fragment } from "react";
import { type Control, type FieldValues, type Path, type UseFormReturn, useWatch } from "react-hook-form";
import { Field, type Kept } from "./field";
import type { Common, FieldSpec } from "./field-spec";

/*
 * The form kit's field list: a form declares its fields in screen order
 * (field-spec.ts) and <FormFields> draws each with the shared controls, wired
 * to react-hook-form, with the ids the pages and tests rely on
 * (`{prefix}-{name in kebab case}`, its label `-label`, error `-error`, hint `-hint`).
 */

export {
  type DataField,
  dataFields,
  emptyValues,
  type FieldSpec,
  fieldOrder,
  INPUT_PRESETS,
  type InputPreset,
  valuesFromRecord,
} from "./field-spec";

type FormFieldsProps<V extends FieldValues> = {
  form: UseFormReturn<V, unknown, unknown>;
  fields: readonly FieldSpec<V>[];
  /** The start of every id: the form's name ('reembolso', 'vaga'). */
  idPrefix: string;
  /** Editing: the stored files of the file field, and the field holding the ids that stay. */
  kept?: Kept<V>;
  /** The errors are announced as they appear (role alert): a dialog's fields. */
  announce?: boolean;
};

/** Draws a form's declared fields with the shared controls. */
export function FormFields<V extends FieldValues>({
  form,
  fields,
  idPrefix,
  kept,
  announce,
}: FormFieldsProps<V>) {
  return fields.map((field) => {
    if (field.type === "element") return <Fragment key={field.key}>{field.node}</Fragment>;
    if (field.type === "derived")
      return <Derived key={field.key} control={form.control} from={field.from} render={field.render} />;
    if (field.type === "group") {
      return (
        <fieldset key={field.key} className="grid min-w-0 gap-x-5 gap-y-6 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-4 text-sm font-semibold">{field.legend}</legend>
          <FormFields form={form} fields={field.fields} idPrefix={idPrefix} kept={kept} announce={announce} />
        </fieldset>
      );
    }
    const item = (
      <Field key={field.name} form={form} field={field} idPrefix={idPrefix} kept={kept} announce={announce} />
    );
    if (!field.shownWhen) return item;
    return (
      <ShownWhen key={field.name} control={form.control} when={field.shownWhen}>
        {item}
      </ShownWhen>
    );
  });
}

function Derived<V extends FieldValues>({
  control,
  from,
  render,
}: {
  control: Control<V, unknown, unknown>;
  from: readonly Path<V>[];
  render: (values: readonly unknown[]) => React.ReactNode;
}) {
  const values = useWatch({ control, name: [...from] });
  return render(values);
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
