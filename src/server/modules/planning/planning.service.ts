import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
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
import { type AutomationClient, type ClientRow, planRequestPayload } from "./automation-client";
import type { PlanLlm } from "./llm/llm-client";
import { parseContent, postIds, withPostIds } from "./plan-content";
import {
  approvePlan,
  failExpiredGenerations,
  findCallbackState,
  findClient,
  findOwnCalendar,
  findOwnPlan,
  insertGeneratedPlan,
  insertGeneratingPlan,
  insertPlanHistory,
  listPlansPage,
  markGenerationFailed,
  type PlanRow,
  restartGeneration,
  saveEditedContent,
  storeGeneratedContent,
  storeRegeneratedContent,
} from "./planning.queries";

/** What a save may change; the client's approval too (the plan is then 'editado' again: decision 020). */
const EDITABLE: PlanStatus[] = ["gerado", "editado", "aprovado", "aprovado_cliente"];
/** What the planner may approve: once the client approved, there is nothing more to approve. */
const APPROVABLE: PlanStatus[] = ["gerado", "editado", "aprovado"];

const conflict = () => new AppError(409, "PLAN_CONFLICT", planMessages.conflict);
const notReady = () =>
  new AppError(409, "PLAN_NOT_READY", { title: planMessages.error, description: planMessages.notReady });

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A wrong token, a spent one, or one revoked because its attempt failed or timed out. */
const callbackTokenInvalid = () =>
  new AppError(403, "CALLBACK_TOKEN_INVALID", {
    title: "Token inválido",
    description:
      "Este token não vale para este planejamento: a geração pode ter terminado, falhado ou expirado.",
  });

/** The automation's callback came without the plan's token. */
export const callbackTokenMissing = () =>
  new AppError(401, "CALLBACK_TOKEN_MISSING", {
    title: "Token ausente",
    description: "Envie o token recebido em callback_url.",
  });

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
  const inFlight = new Set<Promise<void>>();
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
      bitrix_enabled: deps.bitrixEnabled,
      solicitacao: plan.solicitacao,
      content,
    };
  }

  async function loadClient(id: string): Promise<ClientRow> {
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

  /** Spec §7 Content plan: stores the request, creates the plan, then asks the generator. */
  async function create(context: SignedInContext, request: PlanRequestInput): Promise<PlanCreated> {
    const client = await loadClient(request.clienteId);
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

  /** Hands the plan to the LLM or the automation, whichever is configured. */
  function askGenerator(planId: string, token: string, request: PlanRequestInputOf, client: ClientRow) {
    if (deps.llm) askLlm(deps.llm, planId, token, request, client);
    else askAutomation(planId, token, request, client);
  }

  /** Keeps a generation's promise until it settles, so `drain` can wait for it; a crash is logged. */
  function track(planId: string, work: () => Promise<void>) {
    const run = work().catch((err) => deps.log.error({ err, planId }, "plan generation crashed"));
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  /**
   * Runs after the answer to the browser, like the automation's call. The
   * token's hash guards the write as it does for the automation (a retry or the
   * timeout makes this attempt moot); the token itself is never sent anywhere,
   * so no callback can use it.
   */
  function askLlm(
    llm: PlanLlm,
    planId: string,
    token: string,
    request: PlanRequestInputOf,
    client: ClientRow,
  ) {
    const tokenHash = hashToken(token);
    track(planId, async () => {
      const answer = await llm.requestPlan({ request, client });
      if (answer.kind === "failed") {
        deps.log.warn({ planId, model: llm.model, reason: answer.reason }, "plan LLM failed");
        await markFailed(planId, tokenHash, answer.message);
        return;
      }
      if (await storeGenerated(planId, tokenHash, answer.content)) {
        deps.log.info(
          { planId, model: llm.model, attempts: answer.attempts },
          "content plan generated (llm)",
        );
      } else {
        deps.log.warn(
          { planId, model: llm.model },
          "plan LLM answered too late (timed out or retried); answer discarded",
        );
      }
    });
  }

  /**
   * Runs after the answer to the browser: the plan is already stored, so a
   * generator that fails, times out or dies with this process leaves a plan
   * that shows 'falhou' and can be retried, never a lost request.
   */
  function askAutomation(planId: string, token: string, request: PlanRequestInputOf, client: ClientRow) {
    const automation = deps.automation!;
    const tokenHash = hashToken(token);
    track(planId, async () => {
      const answer = await automation.requestPlan(
        planRequestPayload({
          request,
          client,
          planId,
          callbackUrl: `${deps.publicUrl}/api/planejamentos/${planId}/conteudo?token=${token}`,
        }),
      );
      if (answer.kind === "accepted") {
        deps.log.info({ planId }, "plan generator accepted the request; waiting for its callback");
        return;
      }
      if (answer.kind === "failed") {
        deps.log.warn({ planId, reason: answer.reason }, "plan generator failed");
        await markFailed(
          planId,
          tokenHash,
          answer.reason === "timeout" ? planMessages.generationTimedOut : planMessages.generationFailed,
        );
        return;
      }
      try {
        if (!(await storeGenerated(planId, tokenHash, answer.content))) {
          deps.log.warn(
            { planId },
            "plan generator answered too late (timed out or retried); answer discarded",
          );
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        deps.log.warn(
          { planId, fields: err.fields },
          "plan generator answered content that breaks the schema",
        );
        await markFailed(
          planId,
          tokenHash,
          `${planMessages.invalidContent}: ${err.notice.description ?? ""}`,
        );
      }
    });
  }

  /**
   * Only the attempt that still holds the plan's token may write: a retry makes
   * older attempts moot. A failure revokes the token: the plan now waits for
   * 'Tentar novamente', whose new attempt gets a new one.
   */
  async function markFailed(planId: string, tokenHash: string, reason: string) {
    await markGenerationFailed(db, planId, tokenHash, reason.slice(0, 1000));
  }

  /** Stores the content if the attempt holding `tokenHash` is still running (not failed, timed out or retried). */
  async function storeGenerated(planId: string, tokenHash: string, input: unknown) {
    const content = withPostIds(parseContent(input, { status: 422, title: planMessages.invalidContent }));
    return storeGeneratedContent(db, planId, tokenHash, content, timeout);
  }

  /**
   * The token of the attempt still running, or 401/403 (404 for an id that is
   * not one). The route asks this before reading the body, so a wrong token
   * never makes the server take in 4 MiB; the callback asks again with it.
   */
  async function checkCallbackToken(id: string, token: string | undefined) {
    if (!token) throw callbackTokenMissing();
    if (!UUID_PATTERN.test(id)) throw notFound();
    const row = await findCallbackState(db, id, timeout);
    const given = Buffer.from(hashToken(token), "hex");
    const expected = row?.tokenHash ? Buffer.from(row.tokenHash, "hex") : null;
    if (!expected || !timingSafeEqual(given, expected)) throw callbackTokenInvalid();
    if (row!.status !== "gerando") {
      // Timed out, and the sweep has not written it down yet: the token ends now all the same.
      await sweepExpired();
      throw callbackTokenInvalid();
    }
    return row!.tokenHash!;
  }

  /**
   * The automation's callback: PUT the content with the per-plan token. The
   * token is good while its attempt runs: once the plan failed or timed out it
   * is revoked (a late answer is refused, 403), and 'Tentar novamente' issues a
   * new one, so what the plan shows never changes behind the person's back.
   */
  async function receiveCallback(id: string, token: string, body: unknown) {
    const tokenHash = await checkCallbackToken(id, token);
    const stored = await storeGenerated(id, tokenHash, body);
    // The token was taken by a concurrent callback or retry between the read and the write.
    if (!stored) throw new AppError(409, "PLAN_CONFLICT", planMessages.conflict);
    deps.log.info({ planId: id }, "content plan received from the automation");
    return { success: true as const, planejamento_id: id };
  }

  /** Distinguishes why a guarded update touched no row: not ours (404), not generated (409) or stale (409). */
  async function whyNotUpdated(userId: string, id: string): Promise<never> {
    const plan = await detail(userId, id);
    if (!EDITABLE.includes(plan.status as PlanStatus)) throw notReady();
    throw conflict();
  }

  /** Spec §4: saving sets editado and updated_at; based on an older version, it is refused (409). */
  async function save(
    context: SignedInContext,
    id: string,
    input: { version: number; content: PlanContent },
  ) {
    const { version, content } = input;
    const current = await findOwnCalendar(db, context.user.id, id);
    if (!current) throw notFound();
    const saved = await db.transaction(async (tx) => {
      const done = await saveEditedContent(
        tx,
        { id, userId: context.user.id, version },
        withPostIds(content, postIds(current.calendar)),
        EDITABLE,
      );
      if (done) await insertPlanHistory(tx, plannerEntry(context, id, "editado"));
      return done;
    });
    if (!saved) await whyNotUpdated(context.user.id, id);
    context.log.info({ planId: id }, "content plan saved");
    return detail(context.user.id, id);
  }

  async function approve(context: SignedInContext, id: string, input: { version: number }) {
    const { version } = input;
    const approved = await db.transaction(async (tx) => {
      const done = await approvePlan(tx, { id, userId: context.user.id, version }, APPROVABLE);
      if (done) await insertPlanHistory(tx, plannerEntry(context, id, "aprovado"));
      return done;
    });
    if (!approved) {
      const current = await detail(context.user.id, id);
      // The client approved it already: approving again changes nothing.
      if (current.status === "aprovado_cliente") return current;
      await whyNotUpdated(context.user.id, id);
    }
    context.log.info({ planId: id }, "content plan approved");
    return detail(context.user.id, id);
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
    const client = await loadClient(plan.cliente.id);
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

  /** Writes down the failures reads already show, so the table tells the truth too, and revokes their tokens. */
  async function sweepExpired() {
    await failExpiredGenerations(db, timeout);
  }

  /** Waits for generator calls in flight (on close, before the database goes). */
  async function drain() {
    await Promise.allSettled([...inFlight]);
  }

  return {
    list,
    detail: (context: SignedInContext, id: string) => detail(context.user.id, id),
    create,
    save,
    approve,
    retry,
    checkCallbackToken,
    receiveCallback,
    sweepExpired,
    drain,
  };
}

type PlanRequestInputOf = PlanRow["solicitacao"];

/** A history line of the plan's owner, named as the account is. */
function plannerEntry(context: SignedInContext, planId: string, action: "editado" | "aprovado") {
  return {
    planId,
    actorKind: "planejador",
    actorName: context.user.name || context.user.email,
    action,
  };
}

export type PlanningService = ReturnType<typeof createPlanningService>;
