import { z } from "zod";
import { STATE_BY_IBGE_CODE } from "@/domain/receipts";

/*
 * Where the agency's office is: the city a PIX code names (the BR Code's merchant city, the
 * office's, docs/decisions/059), and the state and city whose holidays count as days off.
 * config.ts spreads `OfficeEnvShape` into its schema and calls `officeConfig`.
 */

const STATES = new Set<string>(Object.values(STATE_BY_IBGE_CODE));

export const OfficeEnvShape = {
  OFFICE_STATE: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => STATES.has(value), { error: "must be a Brazilian state's two letters (SP, RJ, RS…)" })
    .default("SP"),
  OFFICE_CITY: z
    .string()
    .trim()
    .min(2, { error: "must be a city's name" })
    .max(60, { error: "must be a city's name of at most 60 characters" })
    .default("São Paulo"),
};

export type OfficeConfig = { state: string; city: string };

export function officeConfig(e: { OFFICE_STATE: string; OFFICE_CITY: string }): OfficeConfig {
  return { state: e.OFFICE_STATE, city: e.OFFICE_CITY };
}
