import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { planMessages } from "@/domain/planning/messages";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { type AutomationClient, type ClientRow, planRequestPayload } from "./automation-client";
import type { PlanLlm } from "./llm/llm-client";
import { parseContent, withPostIds } from "./plan-content";
import { markGenerationFailed, type PlanRow, storeGeneratedContent } from "./planning.queries";

/*
 * Asking the LLM or the automation for a plan's content, after the answer to
 * the browser, and storing what comes back while the attempt still holds the
 * plan's token (the callback route stores the automation's answer the same way).
 */

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** One generation to ask for: the plan, its attempt's token, the stored request and the client. */
type Job = { planId: string; token: string; request: PlanRow["solicitacao"]; client: ClientRow };

type Attempt = {
  log: FastifyBaseLogger;
  publicUrl: string;
  track: (planId: string, work: () => Promise<void>) => void;
  markFailed: (planId: string, tokenHash: string, reason: string) => Promise<void>;
  storeGenerated: (planId: string, tokenHash: string, input: unknown) => Promise<boolean>;
};

export function createPlanGeneration(deps: {
  db: Db;
  publicUrl: string;
  automation: AutomationClient | null;
  llm: PlanLlm | null;
  log: FastifyBaseLogger;
  timeout: number;
}) {
  const { db, timeout } = deps;
  const inFlight = new Set<Promise<void>>();

  /** Keeps a generation's promise until it settles, so `drain` can wait for it; a crash is logged. */
  function track(planId: string, work: () => Promise<void>) {
    const run = work().catch((err) => deps.log.error({ err, planId }, "plan generation crashed"));
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
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

  const attempt: Attempt = { log: deps.log, publicUrl: deps.publicUrl, track, markFailed, storeGenerated };

  /** Hands the plan to the LLM or the automation, whichever is configured. */
  function askGenerator(planId: string, token: string, request: PlanRow["solicitacao"], client: ClientRow) {
    const job = { planId, token, request, client };
    if (deps.llm) askLlm(attempt, deps.llm, job);
    else askAutomation(attempt, deps.automation!, job);
  }

  /** Waits for generator calls in flight (on close, before the database goes). */
  async function drain() {
    await Promise.allSettled([...inFlight]);
  }

  return { askGenerator, storeGenerated, drain };
}

/**
 * Runs after the answer to the browser, like the automation's call. The
 * token's hash guards the write as it does for the automation (a retry or the
 * timeout makes this attempt moot); the token itself is never sent anywhere,
 * so no callback can use it.
 */
function askLlm(attempt: Attempt, llm: PlanLlm, job: Job) {
  const { planId, request, client } = job;
  const { log, track, markFailed, storeGenerated } = attempt;
  const tokenHash = hashToken(job.token);
  track(planId, async () => {
    const answer = await llm.requestPlan({ request, client });
    if (answer.kind === "failed") {
      log.warn({ planId, model: llm.model, reason: answer.reason }, "plan LLM failed");
      await markFailed(planId, tokenHash, answer.message);
      return;
    }
    if (await storeGenerated(planId, tokenHash, answer.content)) {
      log.info({ planId, model: llm.model, attempts: answer.attempts }, "content plan generated (llm)");
    } else {
      log.warn(
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
function askAutomation(attempt: Attempt, automation: AutomationClient, job: Job) {
  const { planId, token, request, client } = job;
  const { log, track, markFailed, storeGenerated } = attempt;
  const tokenHash = hashToken(token);
  track(planId, async () => {
    const answer = await automation.requestPlan(
      planRequestPayload({
        request,
        client,
        planId,
        callbackUrl: `${attempt.publicUrl}/api/planejamentos/${planId}/conteudo?token=${token}`,
      }),
    );
    if (answer.kind === "accepted") {
      log.info({ planId }, "plan generator accepted the request; waiting for its callback");
      return;
    }
    if (answer.kind === "failed") {
      log.warn({ planId, reason: answer.reason }, "plan generator failed");
      await markFailed(
        planId,
        tokenHash,
        answer.reason === "timeout" ? planMessages.generationTimedOut : planMessages.generationFailed,
      );
      return;
    }
    try {
      if (!(await storeGenerated(planId, tokenHash, answer.content))) {
        log.warn({ planId }, "plan generator answered too late (timed out or retried); answer discarded");
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      log.warn({ planId, fields: err.fields }, "plan generator answered content that breaks the schema");
      await markFailed(planId, tokenHash, `${planMessages.invalidContent}: ${err.notice.description ?? ""}`);
    }
  });
}
