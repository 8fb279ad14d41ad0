import { type PlanSkeleton, planSkeleton, type SkeletonPost } from "@/domain/planning/generator";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";

/*
 * The month as the built-in generator lays it out, handed to the model so it
 * fills in a plan that is right about dates: models are unreliable at calendar
 * arithmetic (which weekday the 15th is, when Dia dos Pais falls), the
 * generator is not. It is the generator's `planSkeleton` — weeks, commemorative
 * dates, national holidays, the client's events and offers, and every post's
 * channel, day, hours and the dates it speaks of, the schedule `generatePlan`
 * writes from — with each post's weekday spelled out and the month's bounds
 * that `calendarIssues` checks the answer against.
 */

export type PromptSkeleton = Omit<PlanSkeleton, "publicacoes"> & {
  /** The month's first and last day, 'yyyy-mm-dd'. */
  inicio: string;
  fim: string;
  publicacoes: (SkeletonPost & { dia_da_semana: string })[];
};

const weekday = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("pt-BR", { weekday: "long", timeZone: "UTC" });

export function promptSkeleton(request: PlanRequestInput): PromptSkeleton {
  const skeleton = planSkeleton(request);
  return {
    ...skeleton,
    inicio: skeleton.semanas[0]!.data_inicio,
    fim: skeleton.semanas.at(-1)!.data_fim,
    publicacoes: skeleton.publicacoes.map((post) => ({
      ...post,
      dia_da_semana: weekday(post.data_sugerida),
    })),
  };
}

/** Where the model's plan disagrees with the skeleton's calendar, keyed by path like the schema's issues. */
export function calendarIssues(content: PlanContent, skeleton: PromptSkeleton): Record<string, string> {
  const issues: Record<string, string> = {};
  content.calendario_editorial.semanas.forEach((week, w) => {
    const from = week.data_inicio ?? skeleton.inicio;
    const to = week.data_fim ?? skeleton.fim;
    week.posts.forEach((post, p) => {
      const day = post.data_sugerida;
      if (day === null) return;
      const path = `calendario_editorial.semanas.${w}.posts.${p}.data_sugerida`;
      if (day < skeleton.inicio || day > skeleton.fim) {
        issues[path] = `${day} está fora do mês (${skeleton.inicio} a ${skeleton.fim})`;
      } else if (day < from || day > to) {
        issues[path] = `${day} está fora da semana '${week.semana}' (${from} a ${to})`;
      }
    });
  });
  return issues;
}
