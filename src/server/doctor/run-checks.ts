import { sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Executor } from "../db/client";
import type { Storage } from "../storage/storage";
import type { CheckResult } from "./check";
import {
  backupAgeCheck,
  clockCheck,
  databaseCheck,
  diskCheck,
  mailCheck,
  publicUrlCheck,
  storageCheck,
} from "./checks";
import { proxyCheck } from "./proxy-check";

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The doctor's checks in their order, after the configuration (docs/decisions/042): what
 * `npm run doctor` prints and the administrators' 'Diagnóstico' shows. `database` is null when
 * the command cannot open it (the running server owns the embedded one).
 */
export async function runChecks(deps: {
  config: Config;
  authSecret: string;
  database: { describe: string; query: Query } | { unreachable: CheckResult } | null;
  storage: Storage;
  verifyMail: () => Promise<unknown>;
  sendTestMail?: (() => Promise<unknown>) | undefined;
}): Promise<CheckResult[]> {
  const { config, database } = deps;
  const results: CheckResult[] = [{ name: "Configuration", ok: true, detail: "every variable is valid" }];
  if (database === null)
    results.push({
      name: "Database",
      ok: true,
      detail: "embedded PGlite in DATA_DIR (the running server owns it; Public address checks it answers)",
    });
  else if ("unreachable" in database) results.push(database.unreachable);
  else results.push(await databaseCheck(database.describe, database.query), await clockCheck(database.query));
  results.push(
    await storageCheck(deps.storage, config.s3 ? `S3 bucket "${config.s3.bucket}"` : "DATA_DIR/uploads"),
    await mailCheck(config, deps.verifyMail, deps.sendTestMail),
    await publicUrlCheck(config.publicUrl),
    await proxyCheck(config.publicUrl, deps.authSecret),
    await diskCheck(config.dataDir),
    await backupAgeCheck(config),
  );
  return results;
}

/** The doctor's read of this instance's own database, through the app's client (the route's checks). */
export function sqlProbe(db: Executor) {
  return async (text: string) => ({
    rows: (await db.execute(sql.raw(text))).rows as Record<string, unknown>[],
  });
}
