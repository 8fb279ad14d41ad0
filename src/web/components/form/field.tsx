import type * as React from "react";
import {
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";
import { Checkbox } from "@/web/components/ui/checkbox";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Textarea } from "@/web/components/ui/textarea";
import { cn } from "@/web/lib/cn";
import { CheckboxGroup } from "./checkbox-group";
import { ChoiceCards } from "./choice-cards";
import { CurrencyInput } from "./currency-input";
import { DatePicker } from "./date-picker";
import { type DataField, INPUT_PRESETS, kebab } from "./field-spec";
import { FilePicker, type KeptFile } from "./file-picker";
import { type ControlProps, FieldNotes, FormItem, type FormItemProps } from "./form-item";
import { OptionSelect } from "./option-select";

/** Editing: the stored files of the file field, and the field holding the ids that stay. */
export type Kept<V extends FieldValues> = { files: readonly KeptFile[]; field: Path<V> } | undefined;

type AnyValues = Record<string, unknown>;
type Props = ControllerRenderProps<AnyValues, string>;

/** What every field's drawing gets: the form, its declaration, its id, and FormItem's props. */
type Context<T extends DataField<AnyValues>["type"]> = {
  form: UseFormReturn<AnyValues, unknown, unknown>;
  field: Extract<DataField<AnyValues>, { type: T }>;
  id: string;
  item: Omit<FormItemProps, "children" | "errorReplacesHint">;
  kept: Kept<AnyValues>;
};

const LOCKED = "bg-muted/60 text-muted-foreground";

/** A control that react-hook-form drives (not a native input it registers), inside FormItem. */
function controlled(
  { form, field, item }: Pick<Context<never>, "form" | "item"> & { field: { name: string } },
  render: (control: ControlProps, props: Props) => React.ReactNode,
) {
  return (
    <FormItem {...item}>
      {(controlProps) => (
        <Controller
          control={form.control}
          name={field.name}
          render={({ field: props }) => <>{render(controlProps, props)}</>}
        />
      )}
    </FormItem>
  );
}

/** A control that draws its own label and error (a fieldset, cards, one box). */
function bare(
  { form, field }: Pick<Context<never>, "form"> & { field: { name: string } },
  render: (props: Props) => React.ReactNode,
) {
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: props }) => <>{render(props)}</>}
    />
  );
}

/** How each kind of field is drawn. */
const DRAW: { [T in DataField<AnyValues>["type"]]: (context: Context<T>) => React.ReactNode } = {
  text: ({ form, field, item }) => (
    <FormItem {...item}>
      {(controlProps) => (
        <Input
          {...controlProps}
          {...(field.input ? INPUT_PRESETS[field.input] : {})}
          {...field.attrs}
          placeholder={field.placeholder}
          {...form.register(field.name)}
        />
      )}
    </FormItem>
  ),
  textarea: ({ form, field, item }) => (
    <FormItem {...item}>
      {(controlProps) => (
        <Textarea
          {...controlProps}
          {...field.attrs}
          rows={field.rows}
          placeholder={field.placeholder}
          {...form.register(field.name)}
        />
      )}
    </FormItem>
  ),
  session: ({ form, field, item }) => {
    const value = get(form.formState.defaultValues, field.name);
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
              {...form.register(field.name)}
            />
          )
        }
      </FormItem>
    );
  },
  select: (context) =>
    controlled(context, (controlProps, props) => (
      <OptionSelect
        {...controlProps}
        options={context.field.options}
        placeholder={context.field.placeholder}
        value={(props.value as string | undefined) ?? ""}
        onChange={(value) => props.onChange(context.field.parse ? context.field.parse(value) : value)}
        onBlur={props.onBlur}
        ref={props.ref}
      />
    )),
  currency: (context) =>
    controlled(context, (controlProps, props) => (
      <CurrencyInput
        {...controlProps}
        name={props.name}
        value={props.value as string | undefined}
        onChange={props.onChange}
        onBlur={props.onBlur}
        ref={props.ref}
      />
    )),
  date: (context) => {
    const today = context.field.today();
    return controlled(context, (controlProps, props) => (
      <DatePicker
        {...controlProps}
        {...context.field.window(today)}
        today={today}
        labelId={`${context.id}-label`}
        calendarLabel={context.field.calendarLabel}
        value={props.value as string | undefined}
        onChange={props.onChange}
        onBlur={props.onBlur}
        ref={props.ref}
      />
    ));
  },
  file: (context) =>
    controlled(context, (controlProps, props) => (
      <KeptFilePicker form={context.form} kept={context.kept}>
        {(keptProps) => (
          <FilePicker
            {...controlProps}
            {...keptProps}
            rules={context.field.rules}
            prompt={context.field.prompt}
            name={props.name}
            files={props.value as File[]}
            onChange={props.onChange}
            onBlur={props.onBlur}
            ref={props.ref}
          />
        )}
      </KeptFilePicker>
    )),
  checkboxes: (context) =>
    bare(context, (props) => (
      <CheckboxGroup
        id={context.id}
        legend={context.field.label}
        hint={context.field.hint}
        options={context.field.options}
        value={props.value as string[] | undefined}
        onChange={props.onChange}
        onBlur={props.onBlur}
        fieldRef={props.ref}
        error={context.item.error}
        announce={context.item.announce}
        className={context.item.className}
      />
    )),
  checkbox: (context) => bare(context, (props) => <SingleCheckbox {...context.item} field={props} />),
  cards: (context) =>
    bare(context, (props) => (
      <ChoiceCards
        {...context.item}
        options={context.field.options}
        hints={context.field.hints}
        value={props.value as string | undefined}
        onChange={props.onChange}
        onBlur={props.onBlur}
        fieldRef={props.ref}
      />
    )),
  custom: (context) =>
    context.field.bare
      ? bare(context, (props) =>
          context.field.render({ id: context.id }, props as never, context.item.error, context.form),
        )
      : controlled(context, (controlProps, props) =>
          context.field.render(controlProps, props as never, context.item.error, context.form),
        ),
};

/** One declared field, drawn with its shared control inside the usual label, hint and error. */
export function Field<V extends FieldValues>({
  form,
  field,
  idPrefix,
  kept,
  announce,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  field: DataField<V>;
  idPrefix: string;
  kept: Kept<V>;
  announce?: boolean;
}) {
  const id = field.id ?? `${idPrefix}-${kebab(field.name)}`;
  const fieldError: { message?: string; root?: { message?: string } } | undefined = get(
    form.formState.errors,
    field.name,
  );
  const error = fieldError?.message ?? fieldError?.root?.message;
  const item = {
    id,
    label: field.label,
    required: field.required,
    hint: error && field.errorReplacesHint ? undefined : field.hint,
    error,
    announce,
    className: field.wide ? "sm:col-span-2" : undefined,
  };
  const draw = DRAW[field.type] as (context: Context<DataField<AnyValues>["type"]>) => React.ReactNode;
  return draw({ form: form as never, field: field as never, id, item, kept: kept as Kept<AnyValues> });
}

/** The stored files that stay (editing), read from and written to their form field. */
function KeptFilePicker({
  form,
  kept,
  children,
}: {
  form: UseFormReturn<AnyValues, unknown, unknown>;
  kept: Kept<AnyValues>;
  children: (props: { kept?: readonly KeptFile[]; onRemoveKept?: (id: string) => void }) => React.ReactNode;
}) {
  const ids = useWatch({ control: form.control, name: kept?.field ?? "", disabled: !kept });
  if (!kept) return children({});
  const keep: string[] = Array.isArray(ids) ? ids : [];
  return children({
    kept: kept.files.filter((file) => keep.includes(file.id)),
    onRemoveKept: (id) =>
      form.setValue(
        kept.field,
        keep.filter((other) => other !== id),
        { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
      ),
  });
}

/** One box with its label beside it, and the error under them. */
function SingleCheckbox({
  id,
  label,
  hint,
  error,
  announce,
  className,
  field,
}: Context<"checkbox">["item"] & { field: Props }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-start gap-2.5">
        <Checkbox
          id={id}
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          onCheckedChange={(next) => field.onChange(next === true)}
          onBlur={field.onBlur}
          className="mt-0.5"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} announce={announce} />
    </div>
  );
}
