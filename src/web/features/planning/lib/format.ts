import { planMessages } from "@/domain/planning/messages";
import { monthAbbreviation, monthName } from "@/domain/planning/options";

/** 'Nov/2026' (spec §2 plan list). */
export const shortReference = (month: string, year: string) => `${monthAbbreviation(month)}/${year}`;

/** 'Novembro/2026' (the viewer's heading). */
export const longReference = (month: string, year: string) => `${monthName(month)}/${year}`;

export const clientName = (name: string | null | undefined) => name?.trim() || planMessages.clientMissing;

export const insightsCount = (count: number) => (count === 1 ? "1 insight" : `${count} insights`);
