import { z } from "zod";

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const emailList = z
  .string()
  .optional()
  .transform(list)
  .pipe(z.array(z.email({ error: "must be a comma-separated list of e-mail addresses" })));

const EnvSchema = z.object({
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
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  AUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  ALLOWED_EMAIL_DOMAINS: z
    .string()
    .default("agencia.digital,agencia.com.br")
    .transform(list)
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: "must be domains such as agencia.com.br" }),
        )
        .min(1, { error: "must name at least one domain" }),
    ),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Balcão <nao-responda@agencia.digital>"),
  VAGAS_MANAGERS: emailList,
  PLANNING_MANAGERS: emailList,
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  backupDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  authSecret: string | undefined;
  allowedEmailDomains: string[];
  requireEmailVerification: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  vagasManagers: string[];
  planningManagers: string[];
  trustProxy: boolean;
  logLevel: string;
};

export class ConfigError extends Error {}

/** Parses the environment once, at start; the first wrong variable stops the server with one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable is the same as an unset one: `FOO= npm start` should not fail.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = present[name];
    const shown = value === undefined || /SECRET|PASSWORD|URL/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    backupDir: e.BACKUP_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET,
    allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vagasManagers: e.VAGAS_MANAGERS,
    planningManagers: e.PLANNING_MANAGERS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
