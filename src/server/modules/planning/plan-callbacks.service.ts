import { timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { planMessages } from "@/domain/planning/messages";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { UUID_PATTERN } from "../../http/validate";
import { hashToken } from "./plan-generation";
import { callbackTokenInvalid, callbackTokenMissing } from "./plan-refusals";
import { failExpiredGenerations, findCallbackState } from "./planning.queries";

/** The automation's callback and the sweep of attempts that timed out. */
export function createPlanCallbacks(deps: {
  db: Db;
  log: FastifyBaseLogger;
  timeout: number;
  storeGenerated: (planId: string, tokenHash: string, input: unknown) => Promise<boolean>;
}) {
  const { db, timeout, storeGenerated } = deps;

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

  /** Writes down the failures reads already show, so the table tells the truth too, and revokes their tokens. */
  async function sweepExpired() {
    await failExpiredGenerations(db, timeout);
  }

  return { checkCallbackToken, receiveCallback, sweepExpired };
}
