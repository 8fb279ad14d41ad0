/*
 * The option lists of the request forms (spec §9 Option lists). `value` is what
 * is stored and sent to the webhooks; `label` is what people read. The value
 * tuples feed z.enum, and each list is checked against its tuple by type.
 */

export type Option<V extends string = string> = { readonly value: V; readonly label: string };

/** Spec §9 Cost centres; §5: the default is 'geral'. */
export const COST_CENTRE_VALUES = ["geral", "ti", "comercial", "marketing", "financeiro"] as const;
export type CostCentre = (typeof COST_CENTRE_VALUES)[number];
export const DEFAULT_COST_CENTRE: CostCentre = "geral";
export const COST_CENTRE_OPTIONS = [
  { value: "geral", label: "Geral" },
  { value: "ti", label: "TI" },
  { value: "comercial", label: "Comercial" },
  { value: "marketing", label: "Marketing" },
  { value: "financeiro", label: "Financeiro" },
] as const satisfies readonly Option<CostCentre>[];

/** The label of a value, or the value itself when the list does not know it. */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
