import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { LastBackup } from "@/domain/backups/api";
import { todayInSaoPaulo } from "@/domain/dates";
import type { Config } from "../config";
import { type Database, openDatabase } from "../db/client";
import { appendEvent } from "../modules/timeline/timeline.queries";
import { appVersion } from "../paths";
import type { Storage } from "../storage/storage";
import type { ScratchDatabase } from "./verify-backup";
import type { writeBackup } from "./write-backup";

/*
 * BACKUP_SCHEDULE (docs/decisions/041): once a day, from the given time in
 * São Paulo, one instance writes a backup of everything, verifies it by
 * restoring it into scratch, records how it went in the events (subject
 * 'backup', where 'Equipes e permissões' reads it) and keeps the newest
 * BACKUP_KEEP archives. The day is claimed in the database first, under an
 * advisory lock, so two instances never both take it.
 */

const SUBJECT = "backup";
const NIL_ID = "00000000-0000-0000-0000-000000000000";
const SYSTEM_ACTOR = { id: null, name: "Balcão", email: null };
/** pg_advisory_xact_lock's key for the day's claim: any number no other lock of ours uses. */
const CLAIM_LOCK = 41_0041;
const ARCHIVE_NAME = /^balcao-\d{8}-\d{6}\.tar\.gz$/;

/** 'HH:MM' of São Paulo's clock (UTC−3 all year since 2019, as business-hours.ts says). */
export function saoPauloClock(now: Date): string {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(11, 16);
}

/** The daily check opens the restored copy as a start would: migrations, then the readiness query. */
async function databaseReadyOn(scratch: ScratchDatabase): Promise<boolean> {
  const copy = await openDatabase(
    scratch.kind === "pglite"
      ? { kind: "pglite", dataDir: scratch.dir }
      : { kind: "postgres", url: scratch.url },
  );
  try {
    await copy.ping();
    return true;
  } finally {
    await copy.close();
  }
}

/** Removes the oldest archives of BACKUP_DIR beyond `keep` (manual ones count too: one folder, one rule). */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const archives = readdirSync(backupDir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .reverse();
  const removed = archives.slice(keep);
  for (const name of removed) rmSync(path.join(backupDir, name), { force: true });
  return removed;
}

/** This instance takes `day`'s backup, unless one already did. */
async function claimDay(db: Database["db"], day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const taken = await tx.execute(
      sql`select 1 from events where subject_kind = ${SUBJECT} and type = 'backup_iniciado' and data->>'dia' = ${day} limit 1`,
    );
    if (taken.rows.length) return false;
    await appendEvent(tx, {
      subjectKind: SUBJECT,
      subjectId: NIL_ID,
      actor: SYSTEM_ACTOR,
      type: "backup_iniciado",
      data: { dia: day },
    });
    return true;
  });
}

async function recordBackup(db: Database["db"], day: string, outcome: Omit<LastBackup, "em">) {
  await appendEvent(db, {
    subjectKind: SUBJECT,
    subjectId: NIL_ID,
    actor: SYSTEM_ACTOR,
    type: "backup_feito",
    data: { dia: day, ...outcome },
  });
}

/** How the last scheduled backup went, or null. */
async function lastBackup(db: Database["db"]): Promise<LastBackup | null> {
  const result = await db.execute(
    sql`select at, data from events where subject_kind = ${SUBJECT} and type = 'backup_feito' order by at desc, id desc limit 1`,
  );
  const row = result.rows[0] as { at: Date | string; data: Omit<LastBackup, "em"> } | undefined;
  return row ? { em: new Date(row.at).toISOString(), ...row.data } : null;
}

type ScheduledBackupDeps = {
  database: Database;
  storage: Storage;
  config: Config;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

export function createScheduledBackups(deps: ScheduledBackupDeps) {
  const { database, config } = deps;
  const db = database.db;

  async function backUp(day: string) {
    let written: Awaited<ReturnType<typeof writeBackup>> | null = null;
    try {
      // Loaded when a backup is due: the archive's code (tar) is no part of a start.
      const [{ writeBackup }, { verifyBackup }] = await Promise.all([
        import("./write-backup"),
        import("./verify-backup"),
      ]);
      written = await writeBackup({
        database: database.pglite
          ? { kind: "pglite", pglite: database.pglite }
          : { kind: "postgres", url: database.url! },
        storage: deps.storage,
        dataDir: config.dataDir,
        backupDir: config.backupDir,
        appVersion: appVersion(),
      });
      await verifyBackup(written.file, {
        ...(database.url ? { postgresUrl: database.url } : {}),
        readyOn: databaseReadyOn,
      });
      await recordBackup(db, day, {
        arquivo: path.basename(written.file),
        bytes: written.bytes,
        verificado: true,
        erro: null,
      });
      const removed = pruneBackups(config.backupDir, config.backupSchedule!.keep);
      deps.log.info(
        { file: written.file, bytes: written.bytes, removed },
        "scheduled backup written and verified",
      );
    } catch (err) {
      const erro = err instanceof Error ? err.message : String(err);
      await recordBackup(db, day, {
        arquivo: written ? path.basename(written.file) : null,
        bytes: written?.bytes ?? null,
        verificado: false,
        erro: erro.slice(0, 2000),
      });
      deps.log.error({ err }, "scheduled backup failed");
    }
  }

  /** Takes and writes today's backup when its time has come and no instance has; whether this one did. */
  async function runIfDue(now = new Date()): Promise<boolean> {
    const schedule = config.backupSchedule;
    if (!schedule || saoPauloClock(now) < schedule.at) return false;
    const day = todayInSaoPaulo(now);
    if (!(await claimDay(db, day))) return false;
    await backUp(day);
    return true;
  }

  return { runIfDue, last: () => lastBackup(db) };
}

export type ScheduledBackups = ReturnType<typeof createScheduledBackups>;
