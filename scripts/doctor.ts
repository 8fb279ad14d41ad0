/**
 * npm run doctor [-- --mail someone@agencia.com.br]: checks the configuration
 * as the server would, then the world around it, one line each, with the fix
 * for each problem (docs/decisions/042). Exits 1 when something needs fixing.
 */
import nodemailer from "nodemailer";
import pg from "pg";
import { ConfigError, loadConfig } from "../src/server/config";
import { loadOrCreateAuthSecret } from "../src/server/data-dir";
import { type CheckResult, reportLines } from "../src/server/doctor/check";
import { describeDatabaseUrl } from "../src/server/doctor/checks";
import { runChecks } from "../src/server/doctor/run-checks";
import { configuredStorage } from "../src/server/storage/configured-storage";

type DatabaseSide = Parameters<typeof runChecks>[0]["database"];

/** Runs `use` with the PostgreSQL of DATABASE_URL, or with none (the embedded one is the server's). */
async function withDatabase<T>(url: string | undefined, use: (side: DatabaseSide) => Promise<T>) {
  if (!url) return use(null);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    return use({
      unreachable: {
        name: "Database",
        ok: false,
        detail: (err as Error).message,
        fix: "check DATABASE_URL (host, port, user, password, database) and that the server accepts this machine",
      },
    });
  }
  try {
    return await use({
      describe: describeDatabaseUrl(url),
      query: (text) => client.query(text),
    });
  } finally {
    await client.end();
  }
}

async function main() {
  const config = loadConfig();
  const mailTo = process.argv.includes("--mail")
    ? process.argv[process.argv.indexOf("--mail") + 1]
    : undefined;
  const storage = await configuredStorage(config);
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  let results: CheckResult[];
  try {
    results = await withDatabase(config.databaseUrl, (database) =>
      runChecks({
        config,
        authSecret: config.authSecret ?? loadOrCreateAuthSecret(config.dataDir),
        database,
        storage,
        verifyMail: () => transport!.verify(),
        sendTestMail: mailTo
          ? () =>
              transport!.sendMail({
                from: config.mailFrom.address,
                to: mailTo,
                subject: "Balcão: e-mail de teste",
                text: "Este e-mail foi enviado por npm run doctor: o envio de e-mails do Balcão funciona.",
              })
          : undefined,
      }),
    );
  } finally {
    transport?.close();
    await storage.close();
  }
  for (const line of reportLines(results)) console.log(line);
  const problems = results.filter((r) => !r.ok).length;
  console.log(problems ? `\n${problems} problem(s) to fix.` : "\nEverything checked is fine.");
  process.exitCode = problems ? 1 : 0;
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
