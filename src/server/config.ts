import { isIP } from "node:net";
import { z } from "zod";
import { REQUEST_KINDS } from "@/domain/requests/kinds";
import { domainList, emailList, sender } from "./config-addresses";
import { type OfficeConfig, OfficeEnvShape, officeConfig } from "./config-office";
import { bitrix24Config, planLlmConfig } from "./config-planning";
import { type PushConfig, PushEnvShape, pushConfig } from "./config-push";
import { SsoEnvShape, type SsoProvider, ssoConfig } from "./config-sso";
import { type TimeOffConfig, TimeOffEnvShape, timeOffConfig } from "./config-time-off";
import type { Sender } from "./mail/mailer";
import { SeamSwitchesSchema, type Seams, seamsOf } from "./seams";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Signs what we send an automation (Standard Webhooks): `whsec_` + base64, or any long text. */
const webhookSecret = z
  .string()
  .min(24, { error: "must be at least 24 characters (whsec_… recommended)" })
  .optional();

const webhookUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional();

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;
const toSeconds = (v: string) =>
  Number.parseInt(v, 10) * UNIT_SECONDS[(v.match(/[smhd]$/)?.[0] ?? "s") as keyof typeof UNIT_SECONDS];
/** Seconds, or a number with s, m, h or d: 3600, 90m, 12h, 7d. */
const duration = z
  .string()
  .regex(/^\d+[smhd]?$/, { error: "must be a duration such as 3600, 90m, 12h or 7d" })
  .transform(toSeconds)
  .pipe(z.number().int().min(60, { error: "must be at least one minute" }));

/** Like `duration`, for short waits: at least one second. */
const shortDuration = z
  .string()
  .regex(/^\d+[smhd]?$/, { error: "must be a duration such as 30, 90s or 2m" })
  .transform(toSeconds)
  .pipe(z.number().int().min(1, { error: "must be at least one second" }));

/** How long an in-memory cache keeps what it holds, in whole seconds; 0 turns it off. */
const cacheSeconds = (fallback: number) =>
  z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(0, { error: "must be between 0 and 300" })
    .max(300, { error: "must be between 0 and 300" })
    .default(fallback);

/**
 * Who may tell us the client's address in `X-Forwarded-For`: nobody (false), the
 * nearest `hops` proxies whatever their address, or proxies at these addresses.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = "", prefix, extra] = item.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/*
 * TRUST_PROXY: `true` is one reverse proxy (the usual case), a number is that
 * many proxies in a row, anything else a comma-separated list of the proxies'
 * addresses or CIDRs. Trusting every hop would let any client choose its own
 * address with X-Forwarded-For, and with it escape the per-IP sign-in limits.
 */
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (["false", "no"].includes(text)) return false;
  if (["true", "yes"].includes(text)) return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 20) return hops === 0 ? false : { hops };
  } else {
    const items = text.split(",").map((item) => item.trim());
    if (items.every(isProxyAddress)) return { addresses: items };
  }
  ctx.addIssue({
    code: "custom",
    message:
      "must be false, true (one proxy), a number of proxies (up to 20) or comma-separated proxy addresses or CIDRs",
  });
  return z.NEVER;
});

/**
 * Every automation a webhook goes to: one per request kind (the registry's), new job openings, and
 * every state change of a request (decision 011, `status`).
 */
export const WEBHOOK_KINDS = [...REQUEST_KINDS, "vaga", "status"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export type WebhookVariable = `WEBHOOK_${Uppercase<WebhookKind>}_${"URL" | "SECRET"}`;
const webhookVariable = (kind: WebhookKind, what: "URL" | "SECRET") =>
  `WEBHOOK_${kind.toUpperCase()}_${what}` as WebhookVariable;

/** WEBHOOK_<KIND>_URL and WEBHOOK_<KIND>_SECRET for each kind. */
function webhookVariables() {
  return Object.fromEntries(
    WEBHOOK_KINDS.flatMap((kind) => [
      [webhookVariable(kind, "URL"), webhookUrl],
      [webhookVariable(kind, "SECRET"), webhookSecret],
    ]),
  ) as Record<WebhookVariable, typeof webhookUrl | typeof webhookSecret>;
}

function perWebhookKind<T>(value: (kind: WebhookKind) => T): Record<WebhookKind, T> {
  return Object.fromEntries(WEBHOOK_KINDS.map((kind) => [kind, value(kind)])) as Record<WebhookKind, T>;
}

/*
 * Every variable the server reads. Defaults that go through a parser are prefaults, written as one
 * would write them in the environment, so docs/configuration.md (src/server/config-docs.ts) shows
 * `7d` rather than 604800; each variable's description is in config-descriptions.ts.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int({ error: "must be a whole port number" })
    .min(0, { error: "must be between 0 and 65535" })
    .max(65535, { error: "must be between 0 and 65535" })
    .default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  BACKUP_DIR: z.string().min(1).default("./backups"),
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  BACKUP_SCHEDULE: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
      error: "must be a time of day as HH:MM (24 h, São Paulo), such as 03:30",
    })
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number of backups" })
    .int({ error: "must be a whole number of backups" })
    .min(1, { error: "must keep at least 1 backup" })
    .max(365, { error: "must keep at most 365 backups" })
    .default(7),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  AUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  ALLOWED_EMAIL_DOMAINS: domainList.prefault("agencia.digital,agencia.com.br"),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.prefault("true"),
  REQUIRE_SECOND_FACTOR: booleanFlag.prefault("true"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: sender.prefault("Balcão <nao-responda@agencia.digital>"),
  ADMIN_EMAILS: emailList,
  VAGAS_MANAGERS: emailList,
  PLANNING_MANAGERS: emailList,
  TRUST_PROXY: trustProxy.prefault("false"),
  WEBHOOK_SECRET: webhookSecret,
  ...webhookVariables(),
  PLAN_GENERATOR_SECRET: webhookSecret,
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  ATTACHMENT_LINK_TTL: duration.prefault("7d"),
  SESSION_CACHE_SECONDS: cacheSeconds(30),
  LIST_CACHE_SECONDS: cacheSeconds(60),
  PAINEL_CACHE_SECONDS: cacheSeconds(60),
  FLAGS_CACHE_SECONDS: cacheSeconds(60),
  PLAN_GENERATOR_URL: webhookUrl,
  PLAN_GENERATOR_TIMEOUT: shortDuration.prefault("5m"),
  PLAN_LLM_URL: webhookUrl,
  PLAN_LLM_MODEL: z
    .string()
    .trim()
    .min(1, { error: "must name a model (gpt-4o-mini, llama3.1…)" })
    .max(200, { error: "must be a model name of at most 200 characters" })
    .optional(),
  PLAN_LLM_API_KEY: z.string().min(1).optional(),
  BITRIX24_WEBHOOK_URL: webhookUrl,
  BITRIX24_RESPONSIBLE_ID: z
    .string()
    .regex(/^[1-9]\d*$/, { error: "must be a Bitrix24 user id (a positive whole number)" })
    .optional(),
  BITRIX24_TIMEOUT: shortDuration.prefault("15"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ...SsoEnvShape,
  ...OfficeEnvShape,
  ...TimeOffEnvShape,
  ...PushEnvShape,
  ...SeamSwitchesSchema.shape,
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  backupDir: string;
  /** BACKUP_SCHEDULE and BACKUP_KEEP: a daily backup, verified, the newest `keep` kept (docs/decisions/041). */
  backupSchedule: { at: string; keep: number } | null;
  /** METRICS_TOKEN: /metrics answers the scraper that sends it; unset, there is no /metrics (docs/decisions/043). */
  metricsToken: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  authSecret: string | undefined;
  allowedEmailDomains: string[];
  requireEmailVerification: boolean;
  /** REQUIRE_SECOND_FACTOR: administrators and the teams marked must have one (docs/decisions/055). */
  requireSecondFactor: boolean;
  /** GOOGLE_*, MICROSOFT_*, OIDC_*: the identity providers people may sign in with (docs/decisions/052). */
  sso: SsoProvider[];
  /** Where the office is: the PIX codes' city, the holidays' state and city. */
  office: OfficeConfig;
  /** HOUR_BANK_MONTHS, WORK_HOURS_PER_DAY: the hour bank (docs/decisions/060). */
  timeOff: TimeOffConfig;
  /** Web push (docs/decisions/061-web-push.md): VAPID_SUBJECT, and the tests' switch for their endpoint. */
  push: PushConfig;
  smtpUrl: string | undefined;
  /** MAIL_FROM: the envelope's and the From header's address, and the name shown with it (null: none). */
  mailFrom: Sender;
  /** ADMIN_EMAILS: who manages teams and permissions (decision 011); nothing else makes an administrator. */
  adminEmails: string[];
  jobOpeningManagers: string[];
  planningManagers: string[];
  trustProxy: TrustProxy;
  logLevel: string;
  /** Signs every webhook and plan request whose own secret is unset; generated into DATA_DIR when unset. */
  webhookSecret: string | undefined;
  webhookUrls: Record<WebhookKind, string | undefined>;
  /** WEBHOOK_<KIND>_SECRET: a kind's own signing secret, so one receiver cannot sign for another. */
  webhookSecrets: Record<WebhookKind, string | undefined>;
  s3: {
    endpoint: string | undefined;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    region: string;
  } | null;
  attachmentLinkTtlSeconds: number;
  /** How long a signed-in session is kept in memory (decision 012); 0: never. */
  sessionCacheSeconds: number;
  /** How long each instance keeps a person's first page of 'Minhas solicitações' (decision 022); 0: off. */
  listCacheSeconds: number;
  /** How long each instance keeps the Painel's figures per scope and period (decision 038); 0: off. */
  painelCacheSeconds: number;
  flagsCacheSeconds: number;
  /** `secret` is PLAN_GENERATOR_SECRET; unset, plan requests are signed with the webhook secret. */
  planGenerator: { url: string | undefined; timeoutSeconds: number; secret: string | undefined };
  /**
   * PLAN_LLM_*: an OpenAI-compatible chat completions API writes the plans (decision 017); null when
   * unset. `apiKey` is unset only for servers that take none (Ollama, vLLM on the local network).
   */
  planLlm: { baseUrl: string; model: string; apiKey: string | undefined } | null;
  bitrix24: { webhookUrl: string; responsibleId: string; timeoutSeconds: number } | null;
  /** BALCAO_*: the performance machinery's off switches (seams.ts, docs/bench.md); all on by default. */
  seams: Seams;
};

export class ConfigError extends Error {}

/** S3 storage is on when S3_BUCKET is set, and then needs its credentials. */
function s3Config(e: z.infer<typeof EnvSchema>): Config["s3"] {
  if (!e.S3_BUCKET) return null;
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      "Invalid configuration: S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required",
    );
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    region: e.S3_REGION,
  };
}

/** Parses the environment once, at start; the first wrong variable stops the server with one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable is the same as an unset one: `FOO= npm start` should not fail.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = present[name];
    // JSON quoting keeps the message on one line whatever the value holds.
    const shown =
      value === undefined || /SECRET|PASSWORD|URL|KEY/.test(name) ? "" : ` (got ${JSON.stringify(value)})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const refuse = (message: string) => new ConfigError(message);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    backupDir: e.BACKUP_DIR,
    backupSchedule: e.BACKUP_SCHEDULE ? { at: e.BACKUP_SCHEDULE, keep: e.BACKUP_KEEP } : null,
    metricsToken: e.METRICS_TOKEN,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET,
    allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    requireSecondFactor: e.REQUIRE_SECOND_FACTOR,
    sso: ssoConfig(e, refuse),
    office: officeConfig(e),
    timeOff: timeOffConfig(e),
    push: pushConfig(e, { adminEmails: e.ADMIN_EMAILS, mailFrom: e.MAIL_FROM.address }),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    jobOpeningManagers: e.VAGAS_MANAGERS,
    planningManagers: e.PLANNING_MANAGERS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webhookSecret: e.WEBHOOK_SECRET,
    webhookUrls: perWebhookKind((kind) => e[webhookVariable(kind, "URL")]),
    webhookSecrets: perWebhookKind((kind) => e[webhookVariable(kind, "SECRET")]),
    s3: s3Config(e),
    attachmentLinkTtlSeconds: e.ATTACHMENT_LINK_TTL,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    listCacheSeconds: e.LIST_CACHE_SECONDS,
    painelCacheSeconds: e.PAINEL_CACHE_SECONDS,
    flagsCacheSeconds: e.FLAGS_CACHE_SECONDS,
    planGenerator: {
      url: e.PLAN_GENERATOR_URL,
      timeoutSeconds: e.PLAN_GENERATOR_TIMEOUT,
      secret: e.PLAN_GENERATOR_SECRET,
    },
    planLlm: planLlmConfig(e, refuse),
    bitrix24: bitrix24Config(e, refuse),
    seams: seamsOf(e),
  };
}
