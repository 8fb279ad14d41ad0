import type { TaskResult } from "@/domain/planning/api";
import { daysInMonth, isoDate } from "@/domain/planning/generator/calendar";
import { planMessages } from "@/domain/planning/messages";
import { monthName } from "@/domain/planning/options";
import type { PlanPost, PlanWeek } from "@/domain/planning/plan-content.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { type BitrixClient, BitrixError } from "./bitrix24";
import {
  claimTask,
  findTask,
  findTaskClaim,
  markTaskCreated,
  markTaskNotCreated,
  setTaskSentTitle,
} from "./planning.queries";
import type { PlanningService } from "./planning.service";

/** Brazil keeps no daylight saving time since 2019: São Paulo is always UTC−3. */
const SAO_PAULO_OFFSET = "-03:00";

const lastDayOfMonth = (year: number, month: number) => isoDate(year, month, daysInMonth(year, month));

/** The task's description: every field the post carries, labelled as the viewer labels them. */
function describePost(post: PlanPost, week: PlanWeek, planUrl: string): string {
  const lines: [string, string][] = [
    ["Canal", post.canal],
    ["Tipo de post", post.tipo_post],
    ["Título/Headline", post.titulo],
    ["CTA", post.cta],
    ["Descrição", post.descricao_completa],
    ["Meta primária", post.meta_primaria],
    ["KPI", post.kpi],
    ["Gancho/Data", post.gancho],
    ["Produção", post.observacoes_producao],
    ["Teste A/B", post.ab_test],
    ["Semana", week.semana],
  ];
  return [
    ...lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
    "",
    `Planejamento: ${planUrl}`,
  ].join("\n");
}

/**
 * 'Criar Tarefa' (spec §4 Editorial post task) through Bitrix24. A post is
 * claimed in plan_post_tasks before Bitrix is called, so two clicks, two tabs
 * or two instances make one task; only a failed, unanswered or long-stale
 * claim is taken again, and after an unanswered one Bitrix24 is first asked
 * whether the task was made after all.
 */
export function createPlanTasksService(deps: {
  db: Db;
  plans: PlanningService;
  bitrix: BitrixClient | null;
  /** A claim older than this was left by a process that died mid-call. */
  staleClaimSeconds: number;
  publicUrl: string;
}) {
  const { db } = deps;

  async function createTask(context: SignedInContext, planId: string, postId: string): Promise<TaskResult> {
    const plan = await deps.plans.detail(context, planId);
    const week = plan.content?.calendario_editorial.semanas.find((w) => w.posts.some((p) => p.id === postId));
    const post = week?.posts.find((p) => p.id === postId);
    if (!week || !post) {
      throw new AppError(404, "POST_NOT_FOUND", { title: planMessages.postNotFound });
    }
    if (!deps.bitrix) return { status: "not_configured", message: planMessages.inDevelopment };

    const before = await findTaskClaim(db, planId, postId);
    if (!(await claimTask(db, planId, postId, deps.staleClaimSeconds))) {
      const existing = await findTask(db, planId, postId);
      if (existing?.status === "created" && existing.taskId) {
        return { status: "created", bitrix_task_id: existing.taskId };
      }
      throw new AppError(409, "TASK_IN_PROGRESS", {
        title: planMessages.error,
        description: planMessages.taskInProgress,
      });
    }

    const created = async (taskId: string) => {
      await markTaskCreated(db, planId, postId, taskId);
      context.log.info({ planId, postId, taskId }, "bitrix24 task created");
      return { status: "created" as const, bitrix_task_id: taskId };
    };

    // The post's own day when it has one; else its week's last day (plans made before data_sugerida).
    const deadlineDay =
      post.data_sugerida ??
      week.data_fim ??
      lastDayOfMonth(Number(plan.ano_referencia), Number(plan.mes_referencia));
    const client = plan.cliente?.name ?? planMessages.clientMissing;
    const title = `[${client}] ${post.canal}: ${post.titulo}`.slice(0, 250);
    // The last attempt got no answer (or its process died mid-call): the task may exist already.
    const uncertainBefore = before?.status === "unknown" || before?.status === "creating";
    let lookedUp = !uncertainBefore;
    try {
      if (uncertainBefore && before?.sentTitle) {
        const found = await deps.bitrix.findTask(before.sentTitle);
        if (found) return await created(found);
      }
      lookedUp = true;
      await setTaskSentTitle(db, planId, postId, title);
      return await created(
        await deps.bitrix.addTask({
          title,
          description: describePost(post, week, `${deps.publicUrl}/planejamento/visualizar/${planId}`).concat(
            `\nCliente: ${client} · ${monthName(plan.mes_referencia)}/${plan.ano_referencia}`,
          ),
          deadline: `${deadlineDay}T18:00:00${SAO_PAULO_OFFSET}`,
        }),
      );
    } catch (err) {
      const reason = err instanceof BitrixError ? err.message : String(err);
      // Still unknown if Bitrix24 did not answer, or if the earlier task could not be looked for.
      const uncertain = !(err instanceof BitrixError) || err.uncertain || !lookedUp;
      await markTaskNotCreated(db, planId, postId, uncertain ? "unknown" : "failed", reason.slice(0, 500));
      context.log.warn({ planId, postId, reason }, "bitrix24 task not created");
      if (!(err instanceof BitrixError)) throw err;
      throw new AppError(502, "BITRIX_FAILED", { title: planMessages.taskFailed });
    }
  }

  return { createTask };
}

export type PlanTasksService = ReturnType<typeof createPlanTasksService>;
