import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { PlanCreated, PlanDetail } from "@/domain/planning/api";
import { generatePlan } from "@/domain/planning/generator";
import { planMessages } from "@/domain/planning/messages";
import type { PlanGenerator, PlanStatus } from "@/domain/planning/plan";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import { type PlanRequestInput, planRequestMessages } from "@/domain/planning/plan-request.schema";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import type { SignedInContext } from "../../http/request-context";
import { UUID_PATTERN } from "../../http/validate";
import type { AutomationClient, ClientRow } from "./automation-client";
import type { PlanLlm } from "./llm/llm-client";
import { createPlanCallbacks } from "./plan-callbacks.service";
import { parseContent, withPostIds } from "./plan-content";
import { createPlanEdits } from "./plan-edits.service";
import { createPlanGeneration, hashToken } from "./plan-generation";
import { conflict, notReady } from "./plan-refusals";
import {
  findClient,
  findOwnPlan,
  insertGeneratedPlan,
  insertGeneratingPlan,
  listPlansPage,
  type PlanRow,
  restartGeneration,
  storeRegeneratedContent,
} from "./planning.queries";

/*
 * Spec §7 Content plan: asking for a plan and reading it here; saving and approving it in
 * plan-edits.service.ts, the automation's callback in plan-callbacks.service.ts.
 */
export { callbackTokenMissing } from "./plan-refusals";

export function createPlanningService(deps: {
  db: Db;
  publicUrl: string;
  /** Both null: the built-in generator makes every plan at once. Never both set (the config refuses it). */
  automation: AutomationClient | null;
  llm: PlanLlm | null;
  generatorTimeoutSeconds: number;
  bitrixEnabled: boolean;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;
  const timeout = deps.generatorTimeoutSeconds;
  const { askGenerator, storeGenerated, drain } = createPlanGeneration({ ...deps, timeout });
  const callbacks = createPlanCallbacks({ db, log: deps.log, timeout, storeGenerated });
  /** Who writes the plans: the same for every plan while the server runs. */
  const generator: PlanGenerator = deps.llm ? "llm" : deps.automation ? "automacao" : "interno";

  /**
   * A page of the user's plans, newest first, as the list cards need them
   * (`{ items: PlanSummary[], nextCursor }`), as JSON text built by the
   * database; the list reads no content (insights_count, has_calendar).
   */
  async function list(
    context: SignedInContext,
    options: { limit: number; cursor?: string | undefined },
  ): Promise<string> {
    return listPlansPage(db, context.user.id, timeout, {
      after: decodeCursor(options.cursor),
      limit: options.limit,
      encode: encodeCursor,
    });
  }

  /** The plan, if `userId` owns it; another user's plan is as absent as an unknown one (404). */
  async function detail(userId: string, id: string): Promise<PlanDetail> {
    const row = await findOwnPlan(db, userId, id, timeout);
    if (!row) throw notFound();
    return presentPlan(row, deps.bitrixEnabled);
  }

  /** Spec §7 Content plan: stores the request, creates the plan, then asks the generator. */
  async function create(context: SignedInContext, request: PlanRequestInput): Promise<PlanCreated> {
    const client = await loadClient(db, request.clienteId);
    const base = {
      userId: context.user.id,
      clientId: client.id,
      mesReferencia: request.mesReferencia,
      anoReferencia: request.anoReferencia,
      solicitacao: request,
    };

    if (generator === "interno") {
      const content = builtInContent({ solicitacao: request }, client);
      const planId = await insertGeneratedPlan(db, base, content);
      context.log.info({ planId }, "content plan generated (built-in)");
      return { success: true as const, planejamento_id: planId, status: "gerado" as const };
    }

    const token = randomBytes(32).toString("base64url");
    const planId = await insertGeneratingPlan(db, base, hashToken(token), generator);
    context.log.info({ planId, generator }, "content plan requested");
    askGenerator(planId, token, request, client);
    return { success: true as const, planejamento_id: planId, status: "gerando" as const };
  }

  /** After a failure: asks the generator again from the stored request. */
  async function retry(context: SignedInContext, id: string) {
    const plan = await detail(context.user.id, id);
    if (plan.status !== "falhou") {
      throw new AppError(409, "PLAN_NOT_FAILED", {
        title: planMessages.error,
        description: "Só é possível gerar de novo um planejamento cuja geração falhou.",
      });
    }
    if (!plan.cliente) throw notReady();
    const client = await loadClient(db, plan.cliente.id);
    const guard = { id, userId: context.user.id, version: plan.version };
    if (generator === "interno") {
      const content = builtInContent({ solicitacao: plan.solicitacao }, client);
      await storeRegeneratedContent(db, guard, content);
      return detail(context.user.id, id);
    }
    const token = randomBytes(32).toString("base64url");
    if (!(await restartGeneration(db, guard, hashToken(token), generator))) throw conflict();
    context.log.info({ planId: id, generator }, "content plan generation retried");
    askGenerator(id, token, plan.solicitacao, client);
    return detail(context.user.id, id);
  }

  return {
    list,
    detail: (context: SignedInContext, id: string) => detail(context.user.id, id),
    create,
    ...createPlanEdits(db, detail),
    retry,
    ...callbacks,
    drain,
  };
}

async function loadClient(db: Db, id: string): Promise<ClientRow> {
  const clientNotFound = () =>
    new AppError(
      400,
      "CLIENT_NOT_FOUND",
      { title: planMessages.error, description: planRequestMessages.clientNotFound },
      { clienteId: planRequestMessages.clientNotFound },
    );
  // The id comes from the form's body: one that is no UUID names no client.
  if (!UUID_PATTERN.test(id)) throw clientNotFound();
  const client = await findClient(db, id);
  if (!client) throw clientNotFound();
  return client;
}

function builtInContent(plan: { solicitacao: PlanRow["solicitacao"] }, client: ClientRow) {
  const generated = generatePlan(plan.solicitacao, {
    name: client.name,
    segment: client.segment,
    market_type: client.marketType,
    voice_tone: client.voiceTone,
    persona_brief: client.personaBrief,
    notes: client.notes,
  });
  // The generator's output goes through the same schema as an automation's.
  return withPostIds(parseContent(generated, { status: 422, title: planMessages.invalidContent }));
}

/** The plan as the viewer shows it, each post with its Bitrix24 task. */
function presentPlan(
  row: NonNullable<Awaited<ReturnType<typeof findOwnPlan>>>,
  bitrixEnabled: boolean,
): PlanDetail {
  const { plan } = row;
  const tasks = new Map((row.tasks ?? []).map((t) => [t.post_id, t.task_id]));
  const content: PlanContent | null =
    plan.insightsGerais && plan.contentPillars && plan.calendarioEditorial && plan.experimentos
      ? {
          insights_gerais: plan.insightsGerais,
          content_pillars: plan.contentPillars,
          calendario_editorial: {
            semanas: plan.calendarioEditorial.semanas.map((week) => ({
              ...week,
              posts: week.posts.map((post) => {
                const taskId = post.id ? tasks.get(post.id) : undefined;
                return { ...post, bitrix_created: taskId !== undefined, bitrix_task_id: taskId ?? null };
              }),
            })),
          },
          experimentos: plan.experimentos,
        }
      : null;
  return {
    id: plan.id,
    cliente: plan.clientId && row.clientName ? { id: plan.clientId, name: row.clientName } : null,
    mes_referencia: plan.mesReferencia,
    ano_referencia: plan.anoReferencia,
    status: row.status as PlanStatus,
    gerador: plan.gerador as PlanGenerator,
    erro_geracao: row.status === "falhou" ? row.error : null,
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
    version: plan.version,
    bitrix_enabled: bitrixEnabled,
    solicitacao: plan.solicitacao,
    content,
  };
}

export type PlanningService = ReturnType<typeof createPlanningService>;
