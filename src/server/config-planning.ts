/*
 * The content plans' outside services (decisions 016 to 018): Bitrix24's tasks and the plan LLM,
 * each on when its URL is set. config.ts calls these with its parsed environment.
 */

type PlanningEnv = {
  BITRIX24_WEBHOOK_URL?: string | undefined;
  BITRIX24_RESPONSIBLE_ID?: string | undefined;
  BITRIX24_TIMEOUT: number;
  PLAN_GENERATOR_URL?: string | undefined;
  PLAN_LLM_URL?: string | undefined;
  PLAN_LLM_MODEL?: string | undefined;
  PLAN_LLM_API_KEY?: string | undefined;
};

export type Bitrix24Config = { webhookUrl: string; responsibleId: string; timeoutSeconds: number };
export type PlanLlmConfig = { baseUrl: string; model: string; apiKey: string | undefined };

/** Makes the error that stops the start (config.ts's ConfigError). */
type Refuse = (message: string) => Error;

/**
 * Bitrix24 is on when BITRIX24_WEBHOOK_URL is set. Without BITRIX24_RESPONSIBLE_ID
 * the task goes to the webhook's own user, whose id is in its path (/rest/{user}/{key}/).
 */
export function bitrix24Config(e: PlanningEnv, refuse: Refuse): Bitrix24Config | null {
  if (!e.BITRIX24_WEBHOOK_URL) return null;
  const webhookUrl = e.BITRIX24_WEBHOOK_URL.endsWith("/")
    ? e.BITRIX24_WEBHOOK_URL
    : `${e.BITRIX24_WEBHOOK_URL}/`;
  const responsibleId = e.BITRIX24_RESPONSIBLE_ID ?? /\/rest\/(\d+)\//.exec(webhookUrl)?.[1];
  if (!responsibleId) {
    throw refuse(
      "Invalid configuration: BITRIX24_RESPONSIBLE_ID is required when BITRIX24_WEBHOOK_URL does not name a user (/rest/{user}/{key}/)",
    );
  }
  return { webhookUrl, responsibleId, timeoutSeconds: e.BITRIX24_TIMEOUT };
}

/** Hosted APIs that answer 401 without a key: a missing PLAN_LLM_API_KEY is a mistake there, not a choice. */
const LLM_HOSTS_NEEDING_A_KEY = [
  /^api\.openai\.com$/,
  /^openrouter\.ai$/,
  /\.azure\.com$/,
  /\.azure-api\.net$/,
];

/**
 * The plan LLM is on when PLAN_LLM_URL is set, and then needs its model. It
 * cannot share the job with PLAN_GENERATOR_URL: which of the two writes a plan
 * would otherwise be a rule people must remember, so both set stops the start.
 */
export function planLlmConfig(e: PlanningEnv, refuse: Refuse): PlanLlmConfig | null {
  if (!e.PLAN_LLM_URL) {
    const stray = e.PLAN_LLM_MODEL ? "PLAN_LLM_MODEL" : e.PLAN_LLM_API_KEY ? "PLAN_LLM_API_KEY" : null;
    if (stray) throw refuse(`Invalid configuration: ${stray} is set, so PLAN_LLM_URL is required`);
    return null;
  }
  if (e.PLAN_GENERATOR_URL) {
    throw refuse(
      "Invalid configuration: PLAN_LLM_URL and PLAN_GENERATOR_URL are both set; set only the one that should write the plans",
    );
  }
  if (!e.PLAN_LLM_MODEL) {
    throw refuse(
      "Invalid configuration: PLAN_LLM_URL is set, so PLAN_LLM_MODEL is required (the model's name, e.g. gpt-4o-mini or llama3.1)",
    );
  }
  // The SDK appends /chat/completions: people often paste the endpoint's full address.
  const baseUrl = e.PLAN_LLM_URL.replace(/\/+$/, "").replace(/\/chat\/completions$/, "");
  const host = new URL(baseUrl).hostname;
  if (!e.PLAN_LLM_API_KEY && LLM_HOSTS_NEEDING_A_KEY.some((pattern) => pattern.test(host))) {
    throw refuse(`Invalid configuration: PLAN_LLM_API_KEY is required for ${host}`);
  }
  return { baseUrl, model: e.PLAN_LLM_MODEL, apiKey: e.PLAN_LLM_API_KEY };
}
