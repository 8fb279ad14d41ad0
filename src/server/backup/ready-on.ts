import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { createLocalStorage } from "../storage/local-storage";
import type { ScratchDatabase } from "./verify-backup";

/**
 * The app, built on a restored copy, answers /readyz. It runs sealed off: no
 * e-mail leaves (a restored database has real people in it), no webhook is
 * sent, and its files are a scratch folder, never the production bucket.
 */
export async function appReadyOn(scratch: ScratchDatabase, config: Config): Promise<boolean> {
  const { buildApp } = await import("../app");
  const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-verify-app-"));
  const database = await openDatabase(
    scratch.kind === "pglite"
      ? { kind: "pglite", dataDir: scratch.dir }
      : { kind: "postgres", url: scratch.url },
  );
  try {
    const app = await buildApp({
      config: {
        ...config,
        dataDir,
        databaseUrl: scratch.kind === "postgres" ? scratch.url : undefined,
        s3: null,
        smtpUrl: undefined,
        webhookUrls: Object.fromEntries(
          Object.keys(config.webhookUrls).map((kind) => [kind, undefined]),
        ) as Config["webhookUrls"],
        planGenerator: { ...config.planGenerator, url: undefined },
        planLlm: null,
        bitrix24: null,
      },
      database,
      authSecret: "verify-only-secret-verify-only-secret-000",
      webhookSecret: "whsec_dmVyaWZ5LW9ubHktdmVyaWZ5LW9ubHktMDAwMDA=",
      mailer: { send: async () => {}, verify: async () => {}, close: () => {} },
      storage: createLocalStorage(path.join(dataDir, "uploads")),
      startOutboxWorker: false,
      webRoot: null,
      logger: false,
    });
    try {
      return (await app.inject({ url: "/readyz" })).statusCode === 200;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
