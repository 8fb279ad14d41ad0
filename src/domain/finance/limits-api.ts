import { z } from "zod";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS, type RequestKind } from "../requests/kinds";

/*
 * Monthly limits per person and expense type (decision 015), set by an
 * administrator: a request that takes the person's month above one is flagged.
 */

export const limitMessages = {
  invalid: "Informe um limite mensal válido",
  typeUnknown: "Tipo de despesa inválido",
} as const;

/** The kinds paid by finance, whose expense types can have a limit. */
export const KINDS_WITH_LIMITS = REQUEST_KINDS.filter((kind) => REQUEST_KIND_REGISTRY[kind].payment);

/** A kind's expense types, as its form offers them. */
export function expenseTypesOf(kind: RequestKind) {
  return REQUEST_KIND_REGISTRY[kind].payment?.expenseTypeOptions ?? [];
}

export const ExpenseLimitSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  tipoDespesa: z.string(),
  /** Cents per person per month. */
  limite: z.number().int(),
});
export type ExpenseLimit = z.infer<typeof ExpenseLimitSchema>;

export const ExpenseLimitsSchema = z.object({ limites: z.array(ExpenseLimitSchema) });
export type ExpenseLimits = z.infer<typeof ExpenseLimitsSchema>;

export const ExpenseLimitParamsSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  tipoDespesa: z.string().max(100),
});

export const ExpenseLimitInputSchema = z.object({
  limite: z
    .number({ error: limitMessages.invalid })
    .int(limitMessages.invalid)
    .positive(limitMessages.invalid)
    .max(10_000_000_000, limitMessages.invalid),
});
export type ExpenseLimitInput = z.infer<typeof ExpenseLimitInputSchema>;
