import { rmSync, writeFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import closeWithGrace from "close-with-grace";
import { type Config, ConfigError, loadConfig } from "./config";
import {
  DataDirLockedError,
  loadOrCreateAuthSecret,
  loadOrCreateWebhookSecret,
  lockDataDir,
  pgliteDir,
  serverPidFile,
} from "./data-dir";
import { startDatabase } from "./db/client";
import { copyTemplate, needsTemplate } from "./db/template";
import { terminalLogStream } from "./log-format";
import { appVersion, pgliteTemplateDir } from "./paths";
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

type StartedApp = Awaited<ReturnType<typeof import("./app").buildApp>>;

function warnAtStart(log: StartedApp["log"], config: Config, notes: readonly string[]) {
  for (const note of notes) log.warn(note);
  if (config.adminEmails.length === 0) {
    log.warn(
      "ADMIN_EMAILS is not set: nobody can open 'Equipes e permissões', so no team has members; set at least one address",
    );
  }
  if (config.databaseUrl && !config.authSecret) {
    log.warn(
      "AUTH_SECRET is not set: using the one kept in DATA_DIR; set the same AUTH_SECRET on every instance",
    );
  }
}

/** The whole backup (docs/decisions/041), written by the process that owns the embedded database. */
async function backUpOnRequest(app: StartedApp, config: Config, pglite: PGlite) {
  try {
    // Loaded when asked: the archive's code (tar) is no part of a start.
    const { writeBackup } = await import("./backup/write-backup");
    const { file, bytes } = await writeBackup({
      database: { kind: "pglite", pglite },
      storage: app.storage,
      dataDir: config.dataDir,
      backupDir: config.backupDir,
      appVersion: appVersion(),
      note: (message) => app.log.warn(message),
    });
    app.log.info({ file, bytes }, "backup written");
  } catch (err) {
    app.log.error({ err }, "backup failed");
  }
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
  const logStream = await terminalLogStream();
  const app = await time("app", () =>
    buildApp({
      config,
      database,
      authSecret,
      webhookSecret,
      logger: loggerOptions(config.logLevel, logStream),
    }),
  );
  await ready;
  warnAtStart(app.log, config, notes);
  async function releaseResources() {
    await database.close();
    rmSync(serverPidFile(config.dataDir), { force: true });
    await release();
  }

  if (database.pglite) {
    const pglite = database.pglite;
    writeFileSync(serverPidFile(config.dataDir), String(process.pid));
    // `npm run backup` sends SIGUSR2 while the server runs: only this process may read its PGlite.
    process.on("SIGUSR2", () => void backUpOnRequest(app, config, pglite));
  }

  // SIGUSR2 asks for a backup (above); close-with-grace would otherwise take it as a signal to stop.
  closeWithGrace({ delay: 25_000, skip: ["SIGUSR2"] }, async ({ signal, err }) => {
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
  // Through the readable log's own stream, so it comes after the lines logged before it.
  logStream?.write(startBanner(config));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error("Balcão could not start:", err);
  }
  process.exit(1);
});
