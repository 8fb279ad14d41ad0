import type { FieldValues, Resolver } from "react-hook-form";
import type { Notice } from "@/domain/messages";
import { useServerForm } from "@/web/lib/use-server-form";
import { emptyValues, type FieldSpec, FormFields, fieldOrder, valuesFromRecord } from "./form-fields";
import { PanelFormFooter } from "./form-footer";

/**
 * A form in a panel that creates a record (no `record`) or edits one (the vaga
 * and client forms): the declared fields in two columns, 'Cancelar' and the
 * submit button, through the one submit pipeline (`useServerForm`).
 */
export function RecordForm<V extends FieldValues, O, R>({
  name,
  idPrefix,
  fields,
  resolver,
  record,
  mutation,
  errorNotice,
  successNotice,
  onSaved,
  onCancel,
  submitLabel,
}: {
  /** The form's accessible name. */
  name: string;
  idPrefix: string;
  fields: readonly FieldSpec<V>[];
  resolver: Resolver<V, unknown, O>;
  /** The stored record being edited. */
  record?: Readonly<Record<string, unknown>> & { id: string };
  /** The feature's save mutation: creates without an id, changes the record with one. */
  mutation: { mutateAsync: (variables: { id?: string; body: O }) => Promise<R>; isPending: boolean };
  errorNotice: (error: unknown) => Notice;
  successNotice: (saved: R) => Notice;
  onSaved: (saved: R) => void;
  onCancel: () => void;
  submitLabel: string;
}) {
  const { form, onSubmit, busy } = useServerForm({
    resolver,
    defaults: record ? valuesFromRecord(fields, record) : emptyValues(fields),
    serverFields: fieldOrder(fields),
    send: (body) => mutation.mutateAsync({ id: record?.id, body }),
    isPending: mutation.isPending,
    errorNotice,
    successNotice,
    onSuccess: onSaved,
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label={name} className="flex flex-col">
      <div className="grid gap-x-5 gap-y-6 sm:grid-cols-2">
        <FormFields form={form as never} fields={fields} idPrefix={idPrefix} />
      </div>
      <PanelFormFooter busy={busy} onCancel={onCancel} label={submitLabel} />
    </form>
  );
}
