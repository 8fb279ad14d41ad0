import { rmSync, writeFileSync } from "node:fs";
import closeWithGrace from "close-with-grace";
import { ConfigError, loadConfig } from "./config";
import {
  DataDirLockedError,
  loadOrCreateAuthSecret,
  loadOrCreateWebhookSecret,
  lockDataDir,
  pgliteDir,
  serverPidFile,
} from "./data-dir";
import { writePgliteBackup } from "./db/backup";
import { startDatabase } from "./db/client";
import { copyTemplate, needsTemplate } from "./db/template";
import { pgliteTemplateDir } from "./paths";
import { startBanner } from "./start-banner";

/**
 * Where a start's time goes (decision 024), in the "ready" log line: each phase's
 * own duration in ms, from its start (phases that overlap both count in full).
 */
function startupPhases() {
  const phases: Record<string, number> = {};
  return {
    phases,
    async time<T>(name: string, work: () => Promise<T>): Promise<T> {
      const started = performance.now();
      const value = await work();
      phases[name] = Math.round(performance.now() - started);
      return value;
    },
  };
}

async function main() {
  const startedAt = performance.now();
  const { phases, time } = startupPhases();
  const config = loadConfig();
  const notes: string[] = [];
  const release = await time("lock", () =>
    lockDataDir(config.dataDir, { note: (message) => notes.push(message) }),
  );
  const authSecret = config.authSecret ?? loadOrCreateAuthSecret(config.dataDir);
  let loadingModules: Promise<typeof import("./app")> | undefined;
  if (config.databaseUrl) {
    // PostgreSQL: the app's modules load beside pg's.
    loadingModules = time("modules", () => import("./app"));
  } else if (needsTemplate(pgliteDir(config.dataDir), pgliteTemplateDir)) {
    // The app's modules load while the template is copied.
    loadingModules = time("modules", () => import("./app"));
    await time("template", () => copyTemplate(pgliteTemplateDir, pgliteDir(config.dataDir)));
  }
  /*
   * The database is handed out before it is open (decision 024): PGlite compiles its WebAssembly
   * and starts Postgres while the app is built; the migrations run as soon as it is open, and
   * whatever the app queries meanwhile waits for them. Nothing listens before they have run.
   */
  const starting = await startDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: pgliteDir(config.dataDir) },
  );
  const { database } = starting;
  // A restart on PGlite: after PGlite has begun its start, which then goes on beside them.
  loadingModules ??= time("modules", () => import("./app"));
  const ready = Promise.all([
    time("database", () => starting.opened),
    starting.opened.then(() => time("migrations", () => starting.migrated)),
  ]);
  // Awaited after the app is built; a failure meanwhile must not count as unhandled.
  ready.catch(() => {});
  const { buildApp, loggerOptions } = await loadingModules;

  const webhookSecret = config.webhookSecret ?? loadOrCreateWebhookSecret(config.dataDir);
  const app = await time("app", () =>
    buildApp({
      config,
      database,
      authSecret,
      webhookSecret,
      logger: loggerOptions(config.logLevel),
    }),
  );
  await ready;
  for (const note of notes) app.log.warn(note);
  if (config.adminEmails.length === 0) {
    app.log.warn(
      "ADMIN_EMAILS is not set: nobody can open 'Equipes e permissões', so no team has members; set at least one address",
    );
  }
  if (config.databaseUrl && !config.authSecret) {
    app.log.warn(
      "AUTH_SECRET is not set: using the one kept in DATA_DIR; set the same AUTH_SECRET on every instance",
    );
  }
  async function releaseResources() {
    await database.close();
    rmSync(serverPidFile(config.dataDir), { force: true });
    await release();
  }

  if (database.pglite) {
    const pglite = database.pglite;
    writeFileSync(serverPidFile(config.dataDir), String(process.pid));
    // `npm run backup` sends SIGUSR2 while the server runs: only this process may read its PGlite.
    process.on("SIGUSR2", () => {
      writePgliteBackup(pglite, config.backupDir, (message) => app.log.warn(message))
        .then((file) => app.log.info({ file }, "backup written"))
        .catch((err) => app.log.error({ err }, "backup failed"));
    });
  }

  closeWithGrace({ delay: 25_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "stopping after an unexpected error");
    else app.log.info({ signal }, "stopping: finishing requests in flight");
    await app.close();
    await releaseResources();
  });

  // Includes the app's onReady work (routes compiled, background jobs started).
  await time("listen", () => app.listen({ host: config.host, port: config.port }));
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt), phases },
    `Balcão is ready at ${config.publicUrl}`,
  );
  // On a terminal, a person reads this; piped to a log collector, the JSON line above says it.
  if (process.stdout.isTTY) process.stdout.write(startBanner(config));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error("Balcão could not start:", err);
  }
  process.exit(1);
});
