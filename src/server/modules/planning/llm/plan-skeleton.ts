import {
  type GeneratorClient,
  generatePlan,
  type PlanSkeleton,
  planSkeleton,
  type SkeletonWeek,
} from "@/domain/planning/generator";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";

/*
 * The month as the built-in generator lays it out, handed to the model so it
 * fills in a plan that is right about dates: models are unreliable at calendar
 * arithmetic (which weekday the 15th is, when Dia dos Pais falls), the
 * generator is not. The calendar is the generator's `planSkeleton` (weeks,
 * commemorative dates, national holidays, the client's events, each in its
 * week); each week also gets the posts `generatePlan` places in it (channel,
 * format, suggested day), so the model follows the generator's rhythm and
 * business-day rules instead of inventing its own.
 */

export type PostSlot = {
  canal: string;
  tipo_post: string;
  data_sugerida: string | null;
  dia_da_semana: string | null;
};

export type PromptSkeleton = Omit<PlanSkeleton, "semanas"> & {
  /** The month's first and last day, 'yyyy-mm-dd'. */
  inicio: string;
  fim: string;
  semanas: (SkeletonWeek & { posts: PostSlot[] })[];
};

const weekday = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("pt-BR", { weekday: "long", timeZone: "UTC" });

export function promptSkeleton(request: PlanRequestInput, client: GeneratorClient): PromptSkeleton {
  const calendar = planSkeleton(request);
  const generated = generatePlan(request, client).calendario_editorial.semanas;
  const semanas = calendar.semanas.map((week, index) => {
    const posts =
      (generated.find((g) => g.data_inicio === week.data_inicio) ?? generated[index])?.posts ?? [];
    return {
      ...week,
      posts: posts.map((post) => ({
        canal: post.canal,
        tipo_post: post.tipo_post,
        data_sugerida: post.data_sugerida,
        dia_da_semana: post.data_sugerida ? weekday(post.data_sugerida) : null,
      })),
    };
  });
  return {
    ...calendar,
    inicio: semanas[0]!.data_inicio,
    fim: semanas.at(-1)!.data_fim,
    semanas,
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
