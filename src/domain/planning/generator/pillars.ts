import type { PlanPillar } from "../plan-content.schema";
import type { GeneratorContext } from "./context";
import { GROWTH_LOOPS, loopKindOfTheme } from "./loops";
import { objectivesForTheme } from "./objectives";
import { clip, joinPt } from "./text";

const TITLE_MAX = 300;

/** One pillar per theme; its loop comes from the theme's words, or else from the objective it serves. */
export function buildPillars(ctx: GeneratorContext): PlanPillar[] {
  return ctx.themes.map((theme, index) => {
    const objectives = objectivesForTheme(ctx.objectives, ctx.themes.length, index);
    const kind = loopKindOfTheme(theme) ?? objectives[0]?.loop ?? "comunidade";
    const loop = GROWTH_LOOPS[kind];
    return {
      pilar: theme,
      loop_resumido: loop.loop,
      objetivo: clip(joinPt(objectives.map((objective) => objective.label)), TITLE_MAX),
      cac_reducao: loop.cacReducao,
    };
  });
}
