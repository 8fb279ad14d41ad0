import path from "node:path";
import type { Config } from "./config";

/*
 * What a first `npm start` on a terminal says in one glance: where Balcão
 * answers, what it keeps data in, where e-mails go, who administers and how to
 * stop it. Never a password: URLs are shown by host, port and database only.
 * The JSON log lines around it stay as they are, for whoever pipes them.
 */

/** Host, port and path of a URL, without its user and password. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(unreadable URL)";
  }
}

export type BannerFacts = Pick<
  Config,
  | "publicUrl"
  | "host"
  | "port"
  | "dataDir"
  | "databaseUrl"
  | "smtpUrl"
  | "adminEmails"
  | "allowedEmailDomains"
  | "s3"
>;

function database(config: BannerFacts): string {
  if (config.databaseUrl) return `PostgreSQL at ${withoutCredentials(config.databaseUrl)}`;
  return `embedded PGlite in ${path.join(config.dataDir, "pglite")}`;
}

function storage(config: BannerFacts): string {
  if (config.s3)
    return `S3 bucket "${config.s3.bucket}" at ${config.s3.endpoint ? withoutCredentials(config.s3.endpoint) : `AWS ${config.s3.region}`}`;
  return `on disk in ${path.join(config.dataDir, "uploads")}`;
}

function mail(config: BannerFacts): string {
  if (config.smtpUrl) return `sent through SMTP at ${withoutCredentials(config.smtpUrl)}`;
  return `written to this log (SMTP_URL is not set): look for "E-mail not sent" lines, each with its link`;
}

function admins(config: BannerFacts): string {
  if (config.adminEmails.length) return config.adminEmails.join(", ");
  const domain = config.allowedEmailDomains[0] ?? "agencia.com.br";
  return `nobody yet. Set ADMIN_EMAILS=voce@${domain} (comma-separated) and start again`;
}

/** The banner's lines, for a terminal. */
export function startBanner(config: BannerFacts): string {
  const rows: [string, string][] = [
    ["Database", database(config)],
    ["Files", storage(config)],
    ["E-mails", mail(config)],
    ["Administrators", admins(config)],
    ["Stop", "Ctrl+C (requests in flight finish first)"],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const listening = `listening on ${config.host}:${config.port}`;
  return [
    "",
    `  Balcão is running at ${config.publicUrl} (${listening})`,
    "",
    ...rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`),
    "",
    "",
  ].join("\n");
}
