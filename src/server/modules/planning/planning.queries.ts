import { and, eq, inArray, sql } from "drizzle-orm";
import { planMessages } from "@/domain/planning/messages";
import type { PlanGenerator, PlanStatus } from "@/domain/planning/plan";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { Db, Executor } from "../../db/client";
import { isoTimestamp, newestFirstJsonPage } from "../../db/json-rows";
import { clients, planHistory, planPostTasks, contentPlans as plans } from "../../db/schema";
import type { Cursor } from "../../http/keyset-cursor";

/*
 * A plan still 'gerando' after PLAN_GENERATOR_TIMEOUT has failed, whether or
 * not anyone wrote that down yet: reads compute it, so the list stays one query.
 */
function generationState(timeoutSeconds: number) {
  const expired = sql`(${plans.status} = 'gerando' and ${plans.geracaoIniciadaEm} < now() - make_interval(secs => ${timeoutSeconds}))`;
  const effectiveStatus = sql<string>`case when ${expired} then 'falhou' else ${plans.status} end`;
  const effectiveError = sql<
    string | null
  >`case when ${expired} then ${planMessages.generationTimedOut} else ${plans.erroGeracao} end`;
  return { expired, effectiveStatus, effectiveError };
}

/** The row columns for a plan's content, with the figures the list shows. */
function contentColumns(content: PlanContent) {
  return {
    insightsGerais: content.insights_gerais,
    contentPillars: content.content_pillars,
    calendarioEditorial: content.calendario_editorial,
    experimentos: content.experimentos,
    insightsCount: content.insights_gerais.length,
    hasCalendar: content.calendario_editorial.semanas.some((week) => week.posts.length > 0),
  };
}

export type PlanRow = typeof plans.$inferSelect;
export type ClientRecord = typeof clients.$inferSelect;

/** Which plan a guarded write is for: the owner's, at the version the person saw. */
type Guard = { id: string; userId: string; version: number };
const guarded = (guard: Guard) =>
  and(eq(plans.id, guard.id), eq(plans.userId, guard.userId), eq(plans.version, guard.version));

/**
 * A page of the user's plans, newest first, as the list cards need them
 * (`{ items: PlanSummary[], nextCursor }`), as JSON text built by the
 * database; the list reads no content (insights_count, has_calendar).
 */
export async function listPlansPage(
  db: Db,
  userId: string,
  timeoutSeconds: number,
  page: { after: Cursor | null; limit: number; encode: (last: Cursor) => string },
): Promise<string> {
  const { effectiveStatus } = generationState(timeoutSeconds);
  return newestFirstJsonPage(db, {
    item: sql`json_build_object(
        'id', ${plans.id}, 'cliente_nome', ${clients.name},
        'mes_referencia', ${plans.mesReferencia}, 'ano_referencia', ${plans.anoReferencia},
        'status', ${effectiveStatus}, 'created_at', ${isoTimestamp(plans.createdAt)},
        'insights_count', ${plans.insightsCount}, 'has_calendar', ${plans.hasCalendar}
      )`,
    createdAt: plans.createdAt,
    id: plans.id,
    from: sql`${plans} left join ${clients} on ${clients.id} = ${plans.clientId}`,
    where: sql`${plans.userId} = ${userId}`,
    after: page.after,
    limit: page.limit,
    encode: page.encode,
  });
}

/** The plan if `userId` owns it, with its effective status and error, its client's name and its created tasks. */
export async function findOwnPlan(db: Db, userId: string, id: string, timeoutSeconds: number) {
  const { effectiveStatus, effectiveError } = generationState(timeoutSeconds);
  const [row] = await db
    .select({
      plan: plans,
      status: effectiveStatus,
      error: effectiveError,
      clientName: clients.name,
      tasks: sql<{ post_id: string; task_id: string }[] | null>`(
          select json_agg(json_build_object('post_id', t.post_id, 'task_id', t.bitrix_task_id))
          from ${planPostTasks} t where t.plan_id = ${plans.id} and t.status = 'created')`,
    })
    .from(plans)
    .leftJoin(clients, eq(clients.id, plans.clientId))
    .where(and(eq(plans.id, id), eq(plans.userId, userId)));
  return row;
}

export async function findClient(db: Db, id: string): Promise<ClientRecord | undefined> {
  const [client] = await db.select().from(clients).where(eq(clients.id, id));
  return client;
}

type NewPlan = Pick<
  typeof plans.$inferInsert,
  "userId" | "clientId" | "mesReferencia" | "anoReferencia" | "solicitacao"
>;

/** A plan whose content the built-in generator wrote at once; its id. */
export async function insertGeneratedPlan(db: Db, plan: NewPlan, content: PlanContent): Promise<string> {
  const [row] = await db
    .insert(plans)
    .values({ ...plan, status: "gerado", gerador: "interno", ...contentColumns(content) })
    .returning({ id: plans.id });
  return row!.id;
}

/** A plan waiting for the automation or the LLM, whose attempt holds the token hashed as `tokenHash`; its id. */
export async function insertGeneratingPlan(
  db: Db,
  plan: NewPlan,
  tokenHash: string,
  gerador: Exclude<PlanGenerator, "interno">,
): Promise<string> {
  const [row] = await db
    .insert(plans)
    .values({
      ...plan,
      status: "gerando",
      gerador,
      callbackTokenHash: tokenHash,
      geracaoIniciadaEm: sql`now()`,
    })
    .returning({ id: plans.id });
  return row!.id;
}

/** Fails the generation, if the attempt holding `tokenHash` still runs, and revokes its token. */
export async function markGenerationFailed(db: Db, planId: string, tokenHash: string, reason: string) {
  await db
    .update(plans)
    .set({
      status: "falhou",
      erroGeracao: reason,
      callbackTokenHash: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(plans.id, planId), eq(plans.callbackTokenHash, tokenHash), inArray(plans.status, ["gerando"])),
    );
}

/** Stores the content if the attempt holding `tokenHash` is still running (not failed, timed out or retried). */
export async function storeGeneratedContent(
  db: Db,
  planId: string,
  tokenHash: string,
  content: PlanContent,
  timeoutSeconds: number,
): Promise<boolean> {
  const { expired } = generationState(timeoutSeconds);
  const [row] = await db
    .update(plans)
    .set({
      status: "gerado",
      ...contentColumns(content),
      erroGeracao: null,
      callbackTokenHash: null,
      version: sql`${plans.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(plans.id, planId),
        eq(plans.callbackTokenHash, tokenHash),
        eq(plans.status, "gerando"),
        sql`not ${expired}`,
      ),
    )
    .returning({ id: plans.id });
  return row !== undefined;
}

/** The plan's callback token hash and effective status, for the automation's callback. */
export async function findCallbackState(db: Db, id: string, timeoutSeconds: number) {
  const { effectiveStatus } = generationState(timeoutSeconds);
  const [row] = await db
    .select({ tokenHash: plans.callbackTokenHash, status: effectiveStatus })
    .from(plans)
    .where(eq(plans.id, id));
  return row;
}

/** The calendar of the user's own plan; undefined when the plan is not theirs or does not exist. */
export async function findOwnCalendar(db: Db, userId: string, id: string) {
  const [current] = await db
    .select({ calendar: plans.calendarioEditorial })
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.userId, userId)));
  return current;
}

/** Saves the person's edit (status editado) if the plan is `editable` and still at the version; whether it was. */
export async function saveEditedContent(
  db: Executor,
  guard: Guard,
  content: PlanContent,
  editable: PlanStatus[],
): Promise<boolean> {
  const [row] = await db
    .update(plans)
    .set({
      ...contentColumns(content),
      status: "editado",
      version: sql`${plans.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(guarded(guard), inArray(plans.status, editable)))
    .returning({ id: plans.id });
  return row !== undefined;
}

/** Approves the plan if it is `editable` and still at the version; whether it was. */
export async function approvePlan(db: Executor, guard: Guard, editable: PlanStatus[]): Promise<boolean> {
  const [row] = await db
    .update(plans)
    .set({ status: "aprovado", version: sql`${plans.version} + 1`, updatedAt: sql`now()` })
    .where(and(guarded(guard), inArray(plans.status, editable)))
    .returning({ id: plans.id });
  return row !== undefined;
}

/** A failed plan written again by the built-in generator, if still at the version. */
export async function storeRegeneratedContent(db: Db, guard: Guard, content: PlanContent) {
  await db
    .update(plans)
    .set({
      status: "gerado",
      gerador: "interno",
      ...contentColumns(content),
      erroGeracao: null,
      callbackTokenHash: null,
      version: sql`${plans.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(guarded(guard));
}

/** A failed plan handed to the automation or the LLM again with a new token, if still at the version; whether it was. */
export async function restartGeneration(
  db: Db,
  guard: Guard,
  tokenHash: string,
  gerador: Exclude<PlanGenerator, "interno">,
): Promise<boolean> {
  const [row] = await db
    .update(plans)
    .set({
      status: "gerando",
      gerador,
      erroGeracao: null,
      callbackTokenHash: tokenHash,
      geracaoIniciadaEm: sql`now()`,
      version: sql`${plans.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(guarded(guard))
    .returning({ id: plans.id });
  return row !== undefined;
}

/** Writes down the generations past their deadline as failed, and revokes their tokens. */
export async function failExpiredGenerations(db: Db, timeoutSeconds: number) {
  const { expired } = generationState(timeoutSeconds);
  await db
    .update(plans)
    .set({
      status: "falhou",
      erroGeracao: planMessages.generationTimedOut,
      callbackTokenHash: null,
      updatedAt: sql`now()`,
    })
    .where(expired);
}

// ---- The plan's history (decision 020): who did what, when --------------------------------

export type NewPlanHistory = Omit<typeof planHistory.$inferInsert, "id" | "at">;

export async function insertPlanHistory(db: Executor, entry: NewPlanHistory) {
  await db.insert(planHistory).values(entry);
}

/** A plan's history, oldest first (a plan gathers a few dozen lines at most). */
export async function listPlanHistory(db: Executor, planId: string) {
  return db.select().from(planHistory).where(eq(planHistory.planId, planId)).orderBy(planHistory.id);
}

// ---- 'Criar Tarefa': one claim per post in plan_post_tasks --------------------------------

const taskOf = (planId: string, postId: string) =>
  and(eq(planPostTasks.planId, planId), eq(planPostTasks.postId, postId));

/** The post's last claim: how it ended and the title it sent. */
export async function findTaskClaim(db: Db, planId: string, postId: string) {
  const [row] = await db
    .select({ status: planPostTasks.status, sentTitle: planPostTasks.sentTitle })
    .from(planPostTasks)
    .where(taskOf(planId, postId));
  return row;
}

/**
 * Claims the post for a task: a first claim, or one taking over a failed,
 * unanswered or stale (older than `staleClaimSeconds`) one. Whether it was claimed.
 */
export async function claimTask(
  db: Db,
  planId: string,
  postId: string,
  staleClaimSeconds: number,
): Promise<boolean> {
  const claimed = await db
    .insert(planPostTasks)
    .values({ planId, postId, status: "creating" })
    .onConflictDoUpdate({
      target: [planPostTasks.planId, planPostTasks.postId],
      set: { status: "creating", error: null, claimedAt: sql`now()` },
      setWhere: sql`${planPostTasks.status} in ('failed', 'unknown') or (${planPostTasks.status} = 'creating' and ${
        planPostTasks.claimedAt
      } < now() - make_interval(secs => ${staleClaimSeconds}))`,
    })
    .returning({ status: planPostTasks.status });
  return claimed.length > 0;
}

export async function findTask(db: Db, planId: string, postId: string) {
  const [existing] = await db
    .select({ status: planPostTasks.status, taskId: planPostTasks.bitrixTaskId })
    .from(planPostTasks)
    .where(taskOf(planId, postId));
  return existing;
}

export async function markTaskCreated(db: Db, planId: string, postId: string, taskId: string) {
  await db
    .update(planPostTasks)
    .set({ status: "created", bitrixTaskId: taskId, createdAt: sql`now()` })
    .where(taskOf(planId, postId));
}

export async function setTaskSentTitle(db: Db, planId: string, postId: string, title: string) {
  await db.update(planPostTasks).set({ sentTitle: title }).where(taskOf(planId, postId));
}

export async function markTaskNotCreated(
  db: Db,
  planId: string,
  postId: string,
  status: "unknown" | "failed",
  error: string,
) {
  await db.update(planPostTasks).set({ status, error }).where(taskOf(planId, postId));
}
