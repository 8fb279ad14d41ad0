/**
 * npm run doctor [-- --mail someone@agencia.com.br]: checks the configuration
 * as the server would, then the world around it, one line each, with the fix
 * for each problem (docs/decisions/042). Exits 1 when something needs fixing.
 */
import nodemailer from "nodemailer";
import pg from "pg";
import { ConfigError, loadConfig } from "../src/server/config";
import { loadOrCreateAuthSecret } from "../src/server/data-dir";
import type { CheckResult } from "../src/server/doctor/check";
import { reportLines } from "../src/server/doctor/check";
import {
  backupAgeCheck,
  clockCheck,
  databaseCheck,
  diskCheck,
  mailCheck,
  publicUrlCheck,
  storageCheck,
} from "../src/server/doctor/checks";
import { proxyCheck } from "../src/server/doctor/proxy-check";
import { configuredStorage } from "../src/server/storage/configured-storage";

async function databaseChecks(url: string | undefined): Promise<CheckResult[]> {
  if (!url)
    return [
      {
        name: "Database",
        ok: true,
        detail: "embedded PGlite in DATA_DIR (the running server owns it; Public address checks it answers)",
      },
    ];
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    return [
      {
        name: "Database",
        ok: false,
        detail: (err as Error).message,
        fix: "check DATABASE_URL (host, port, user, password, database) and that the server accepts this machine",
      },
    ];
  }
  try {
    const query = (text: string) => client.query(text);
    const host = new URL(url);
    return [
      await databaseCheck(`${host.hostname}:${host.port || 5432}${host.pathname}`, query),
      await clockCheck(query),
    ];
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
  const results: CheckResult[] = [{ name: "Configuration", ok: true, detail: "every variable is valid" }];
  try {
    results.push(...(await databaseChecks(config.databaseUrl)));
    results.push(
      await storageCheck(storage, config.s3 ? `S3 bucket "${config.s3.bucket}"` : "DATA_DIR/uploads"),
    );
    results.push(
      await mailCheck(
        config,
        () => transport!.verify(),
        mailTo
          ? () =>
              transport!.sendMail({
                from: config.mailFrom.address,
                to: mailTo,
                subject: "Balcão: e-mail de teste",
                text: "Este e-mail foi enviado por npm run doctor: o envio de e-mails do Balcão funciona.",
              })
          : undefined,
      ),
    );
    results.push(await publicUrlCheck(config.publicUrl));
    results.push(
      await proxyCheck(config.publicUrl, config.authSecret ?? loadOrCreateAuthSecret(config.dataDir)),
    );
    results.push(await diskCheck(config.dataDir));
    results.push(await backupAgeCheck(config));
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
