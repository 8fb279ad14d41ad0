// @long-file: tens of seconds, so it starts first (build/vitest/long-files-first.ts).
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, expect, it } from "vitest";
import { JOB_NAMES } from "../jobs/jobs";
import { person } from "../testing/people";
import { sendReembolso } from "../testing/requests";
import { describeWithApp, onceAcrossDatabases, type TestContext } from "../testing/test-app";
import { createScheduledBackups, saoPauloClock } from "./scheduled-backup";

/*
 * BACKUP_SCHEDULE and BACKUP_KEEP (docs/decisions/041): from the time of day
 * in São Paulo, one backup a day, verified, recorded for 'Equipes e
 * permissões', and only the newest BACKUP_KEEP kept.
 */

const backupDir = mkdtempSync(path.join(tmpdir(), "balcao-scheduled-"));
let now = new Date("2026-11-26T05:59:00Z"); // 02:59 in São Paulo
const archives = () =>
  readdirSync(backupDir)
    .filter((name) => name.endsWith(".tar.gz"))
    .sort();

const status = async (ctx: TestContext, cookie: string) =>
  (await ctx.app.inject({ url: "/api/admin/backup", headers: { cookie } })).json();

describeWithApp(
  "scheduled backups",
  {
    env: {
      ADMIN_EMAILS: "admin@agencia.digital",
      BACKUP_SCHEDULE: "03:00",
      BACKUP_KEEP: "2",
      BACKUP_DIR: backupDir,
    },
    clock: () => now,
  },
  (ctx, kind) => {
    beforeEach(() => {
      for (const name of readdirSync(backupDir))
        rmSync(path.join(backupDir, name), { recursive: true, force: true });
    });

    it("reads São Paulo's clock", () => {
      expect(saoPauloClock(new Date("2026-11-26T05:59:00Z"))).toBe("02:59");
      expect(saoPauloClock(new Date("2026-11-27T02:30:00Z"))).toBe("23:30");
    });

    it("backs up once a day from the time set, verifies it, says so to administrators and keeps the newest two", async () => {
      const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      await sendReembolso(ctx(), ana);
      expect(
        (await ctx().app.inject({ url: "/api/admin/backup", headers: { cookie: ana.cookie } })).statusCode,
      ).toBe(403);

      now = new Date("2026-11-26T05:59:00Z");
      await ctx().app.jobs.runOnce(JOB_NAMES.scheduledBackup);
      expect(archives()).toEqual([]);
      expect(await status(ctx(), admin.cookie)).toEqual({ agendado: "03:00", manter: 2, ultimo: null });

      now = new Date("2026-11-26T06:05:00Z");
      await ctx().app.jobs.runOnce(JOB_NAMES.scheduledBackup);
      expect(archives()).toHaveLength(1);
      const first = (await status(ctx(), admin.cookie)).ultimo;
      expect(first).toMatchObject({ arquivo: archives()[0], verificado: true, erro: null });
      expect(first.bytes).toBeGreaterThan(0);
      // Later the same day: the day is taken.
      now = new Date("2026-11-26T20:00:00Z");
      await ctx().app.jobs.runOnce(JOB_NAMES.scheduledBackup);
      expect(archives()).toHaveLength(1);

      const written: string[] = [first.arquivo];
      for (const day of ["2026-11-27", "2026-11-28"]) {
        now = new Date(`${day}T07:00:00Z`);
        await ctx().app.jobs.runOnce(JOB_NAMES.scheduledBackup);
        written.push((await status(ctx(), admin.cookie)).ultimo.arquivo);
      }
      expect(new Set(written).size).toBe(3);
      expect(archives()).toEqual(written.slice(1));
    }, 180_000);

    // Instances share a database on PostgreSQL only; on PGlite this runs where no PostgreSQL is.
    it.runIf(onceAcrossDatabases(kind))(
      "two instances due at once: one of them takes the day",
      async () => {
        await person(ctx(), "ana@agencia.digital", "Ana Souza");
        const at = new Date("2026-12-01T06:30:00Z");
        const services = [1, 2].map(() =>
          createScheduledBackups({
            database: ctx().database,
            storage: ctx().app.storage,
            config: ctx().config,
            log: { info() {}, error() {} },
          }),
        );
        const taken = await Promise.all(services.map((service) => service.runIfDue(at)));
        expect(taken.filter(Boolean)).toHaveLength(1);
        expect(archives()).toHaveLength(1);
      },
      120_000,
    );

    it("records a failure, with what went wrong, when the backup cannot be written", async () => {
      const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
      const blocked = path.join(backupDir, "not-a-folder");
      writeFileSync(blocked, "x");
      const service = createScheduledBackups({
        database: ctx().database,
        storage: ctx().app.storage,
        config: { ...ctx().config, backupDir: blocked },
        log: { info() {}, error() {} },
      });
      expect(await service.runIfDue(new Date("2026-12-02T06:30:00Z"))).toBe(true);
      const last = (await status(ctx(), admin.cookie)).ultimo;
      expect(last).toMatchObject({ arquivo: null, verificado: false });
      expect(last.erro).toBeTruthy();
      expect(existsSync(blocked)).toBe(true);
    }, 60_000);
  },
);
