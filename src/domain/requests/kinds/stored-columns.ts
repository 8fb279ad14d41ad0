import type { RequestKindDefinition } from "./definition";

/*
 * Every request lives in one table (docs/decisions/034-one-requests-table.md):
 * what finance, the queue and the Painel read across kinds is a column of its
 * own, named for what it means; the rest of a kind's record is its `dados`.
 * Which record field fills which column follows from the kind's `payment` and
 * `routing`, so a new kind declares meanings, never columns.
 */
export const SHARED_FIELD_COLUMNS = [
  "valor",
  "valorAprovado",
  "pagoEm",
  "formaPagamento",
  "dataDespesa",
  "tipoDespesa",
  "centroCusto",
  "chavePix",
  "rota",
] as const;

export type SharedFieldColumn = (typeof SHARED_FIELD_COLUMNS)[number];

/** The record fields of a kind kept in shared columns, each with its column. */
export function sharedFieldColumns(
  definition: Pick<RequestKindDefinition, "payment" | "routing">,
): Readonly<Record<string, SharedFieldColumn>> {
  const columns: Record<string, SharedFieldColumn> = {};
  const { payment, routing } = definition;
  if (payment) {
    columns[payment.amount] = "valor";
    columns.valorAprovado = "valorAprovado";
    columns.pagoEm = "pagoEm";
    columns.formaPagamento = "formaPagamento";
    columns[payment.expenseType] = "tipoDespesa";
    columns[payment.pixKey] = "chavePix";
    if (payment.expenseDate) columns[payment.expenseDate] = "dataDespesa";
    if (payment.costCentre) columns[payment.costCentre] = "centroCusto";
  }
  if (routing) columns[routing.field] = "rota";
  return columns;
}

/** Every field of a kind's stored record: those it shows, lists, links its files in and keeps its answer in. */
export function recordFields(definition: RequestKindDefinition): ReadonlySet<string> {
  const fields = new Set<string>([
    ...definition.detail.map((field) => field.key),
    ...definition.list.fields,
    ...Object.keys(sharedFieldColumns(definition)),
  ]);
  if (definition.attachments?.urlListField) fields.add(definition.attachments.urlListField);
  if (definition.delivery.mode === "immediate") fields.add(definition.delivery.answerField);
  return fields;
}
