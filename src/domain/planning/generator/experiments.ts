import type { PlanExperiment } from "../plan-content.schema";
import type { GeneratorContext } from "./context";

/*
 * One A/B test per objective, each over two consecutive weeks. Past four tests
 * a month the audience is split too thin for any result to mean something.
 */

const EXPERIMENTS_MAX = 4;

export type ScheduledExperiment = PlanExperiment & {
  variante: string;
  /** The objective label; the test runs on a post that serves it when one exists. */
  objetivo: string;
  /** 1-based week indexes. */
  semanas: readonly [number, number];
};

/** Tests start two weeks apart and never run past the month's last week. */
function weeksOf(order: number, weekCount: number): [number, number] {
  const start = Math.min(((order * 2) % weekCount) + 1, weekCount - 1);
  return [start, start + 1];
}

export function planExperiments(ctx: GeneratorContext): ScheduledExperiment[] {
  return ctx.objectives.slice(0, EXPERIMENTS_MAX).map((objective, order) => {
    const semanas = weeksOf(order, ctx.weeks.length);
    const { nome, hipotese, metrica, variante } = objective.experiment;
    return {
      nome,
      hipotese,
      metrica,
      periodo: `Semanas ${semanas[0]} e ${semanas[1]}`,
      variante,
      objetivo: objective.label,
      semanas,
    };
  });
}

export function toPlanExperiment(experiment: ScheduledExperiment): PlanExperiment {
  const { nome, hipotese, metrica, periodo } = experiment;
  return { nome, hipotese, metrica, periodo };
}
