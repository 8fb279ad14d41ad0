import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { createAutomationClient } from "./automation-client";
import { createPlanningService } from "./planning.service";

/**
 * The plans' service as the configuration sets it up: the automation that
 * generates a plan, or the LLM, or neither. Made once for the plans' routes,
 * the client's link and the timeout sweep.
 */
export async function createPlans({
  app,
  options,
  config,
  database,
}: {
  app: { log: FastifyBaseLogger };
  options: { webhookSecret: string };
  config: Config;
  database: { db: Parameters<typeof createPlanningService>[0]["db"] };
}) {
  return createPlanningService({
    db: database.db,
    publicUrl: config.publicUrl,
    automation: config.planGenerator.url
      ? createAutomationClient({
          url: config.planGenerator.url,
          timeoutSeconds: config.planGenerator.timeoutSeconds,
          secret: config.planGenerator.secret ?? options.webhookSecret,
          log: app.log,
        })
      : null,
    llm: config.planLlm
      ? // Loaded only when configured, like the S3 storage: the openai SDK is not on every start's path.
        (await import("./llm/llm-client")).createPlanLlm({
          ...config.planLlm,
          timeoutSeconds: config.planGenerator.timeoutSeconds,
          log: app.log,
        })
      : null,
    generatorTimeoutSeconds: config.planGenerator.timeoutSeconds,
    bitrixEnabled: config.bitrix24 !== null,
    log: app.log,
  });
}
