import type { Option } from "../../options";

/** What the advance is for: the expense type finance, the Painel and the export group its money by. */
export const ADVANCE_PURPOSE_VALUES = ["viagem", "evento", "compras", "outros"] as const;
export type AdvancePurpose = (typeof ADVANCE_PURPOSE_VALUES)[number];
export const ADVANCE_PURPOSE_OPTIONS = [
  { value: "viagem", label: "Viagem" },
  { value: "evento", label: "Evento" },
  { value: "compras", label: "Compras" },
  { value: "outros", label: "Outros" },
] as const satisfies readonly Option<AdvancePurpose>[];

/**
 * Days after the payment the person has to settle the advance when Financeiro sets no other deadline
 * (docs/decisions/067); Financeiro may set another, per advance, while it waits.
 */
export const SETTLEMENT_DEFAULT_DAYS = 30;
/** How far ahead the day the money is needed may be. */
export const NEEDED_WITHIN_DAYS = 180;
/** The longest deadline Financeiro may set, from today. */
export const DEADLINE_MAX_DAYS = 365;
