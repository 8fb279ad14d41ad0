import { z } from "zod";

/*
 * Time off as HR keeps it (docs/decisions/060): how long a credit of the hour bank may wait to be
 * compensated, and how long a working day is (what a day of a 'Banco de horas' absence takes).
 * config.ts spreads `TimeOffEnvShape` into its schema and calls `timeOffConfig`.
 */

export const TimeOffEnvShape = {
  HOUR_BANK_MONTHS: z.coerce
    .number({ error: "must be a whole number of months from 1 to 12" })
    .int({ error: "must be a whole number of months from 1 to 12" })
    .min(1, { error: "must be a whole number of months from 1 to 12" })
    .max(12, { error: "must be a whole number of months from 1 to 12" })
    .default(6),
  WORK_HOURS_PER_DAY: z.coerce
    .number({ error: "must be the hours of a working day, from 1 to 12 (7.5 allowed)" })
    .min(1, { error: "must be the hours of a working day, from 1 to 12 (7.5 allowed)" })
    .max(12, { error: "must be the hours of a working day, from 1 to 12 (7.5 allowed)" })
    .refine((hours) => Number.isInteger(hours * 4), {
      error: "must be the hours of a working day in quarters of an hour (8, 7.5, 8.75)",
    })
    .default(8),
};

export type TimeOffConfig = { hourBankMonths: number; workHoursPerDay: number };

export function timeOffConfig(e: { HOUR_BANK_MONTHS: number; WORK_HOURS_PER_DAY: number }): TimeOffConfig {
  return { hourBankMonths: e.HOUR_BANK_MONTHS, workHoursPerDay: e.WORK_HOURS_PER_DAY };
}
