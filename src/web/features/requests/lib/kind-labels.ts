import type { FieldValues } from "react-hook-form";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { FieldSpec } from "@/web/components/form/field-spec";

/** A field of a request form whose label may be left to the kind's definition. */
export type KindFieldSpec =
  FieldSpec<FieldValues> extends infer F
    ? F extends { label: unknown }
      ? Omit<F, "label"> & { label?: F["label"] }
      : F
    : never;

/**
 * A request form's fields, each labelled as its kind's definition labels the
 * stored field (the request's page shows the same words) unless the form says
 * otherwise ('Link de referência (opcional)'). A field the definition does not
 * know must bring its own label: drawn without one, it would be a bug.
 */
export function withKindLabels(
  kind: RequestKind,
  fields: readonly KindFieldSpec[],
): FieldSpec<FieldValues>[] {
  const labels = new Map(requestKind(kind).detail.map((field) => [field.key as string, field.label]));
  return fields.map((field) => {
    if (!("name" in field) || field.label !== undefined) return field as FieldSpec<FieldValues>;
    const label = labels.get(field.name as string);
    if (label === undefined) throw new Error(`${kind}: the field '${String(field.name)}' needs a label`);
    return { ...field, label } as FieldSpec<FieldValues>;
  });
}
