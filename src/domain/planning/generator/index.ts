import type { PlanContent } from "../plan-content.schema";
import type { PlanRequestInput } from "../plan-request.schema";
import { buildContext, type GeneratorClient } from "./context";
import { planExperiments, toPlanExperiment } from "./experiments";
import { buildInsights } from "./insights";
import { buildPillars } from "./pillars";
import { buildCalendar } from "./posts";

/*
 * The built-in content-plan generator (spec §3 Content plan): used when no
 * automation is configured, it answers at once and from the request alone,
 * so the same request always gives the same plan. Its output already has the
 * shape PlanContentSchema parses to; posts carry no id (the server assigns
 * them) and no Bitrix24 task yet.
 */

export type { MonthWeek } from "./calendar";
export { weeksOfMonth } from "./calendar";
export type { CommemorativeDate } from "./commemorative-dates";
export { commemorativeDates, easterSunday } from "./commemorative-dates";
export type { GeneratorClient } from "./context";
export type { PlanSkeleton, SkeletonDate, SkeletonEvent, SkeletonPost, SkeletonWeek } from "./skeleton";
export { planSkeleton } from "./skeleton";

export function generatePlan(request: PlanRequestInput, client: GeneratorClient): PlanContent {
  const ctx = buildContext(request, client);
  const experiments = planExperiments(ctx);
  return {
    insights_gerais: buildInsights(ctx),
    content_pillars: { pillars: buildPillars(ctx) },
    calendario_editorial: { semanas: buildCalendar(ctx, experiments) },
    experimentos: { testes: experiments.map(toPlanExperiment) },
  };
}
