import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statfsSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Config } from "../config";
import { migrationsDir } from "../paths";
import type { Storage } from "../storage/storage";
import { check } from "./check";

/*
 * The checks of `npm run doctor`, one function each (docs/decisions/042).
 * What they need is passed in, so the tests run them against real servers
 * started for them and the administrators' page can run the same ones.
 */

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Where a PostgreSQL URL points, without its user and password: `host:port/database`. */
export function describeDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** How many migrations the code brings (drizzle's journal). */
export function migrationsInCode(dir = migrationsDir): number {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export function databaseCheck(describe: string, query: Query, expected = migrationsInCode()) {
  return check(
    "Database",
    async () => {
      const version = String((await query("show server_version")).rows[0]?.server_version ?? "?");
      const applied = Number(
        (await query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0]?.n ?? 0,
      );
      if (applied < expected)
        return {
          ok: false,
          detail: `${describe}, PostgreSQL ${version}: ${applied} of ${expected} migrations applied`,
          fix: "start the server once: it applies the migrations before it listens",
        };
      return { ok: true, detail: `${describe}, PostgreSQL ${version}, ${applied} migrations applied` };
    },
    (message) =>
      /does not exist|no such|relation/.test(message)
        ? "the database is empty: start the server once to create its tables"
        : "check DATABASE_URL (host, port, user, password, database) and that the server accepts this machine",
  );
}

/** The database's clock against this machine's: sessions, links and deadlines compare the two. */
export function clockCheck(query: Query, now = () => Date.now()) {
  return check(
    "Clock",
    async () => {
      const started = now();
      const row = (await query("select extract(epoch from clock_timestamp()) * 1000 as ms")).rows[0];
      const skew = Math.abs(Number(row?.ms) - (started + now()) / 2);
      const seconds = (skew / 1000).toFixed(1);
      return skew <= 5000
        ? { ok: true, detail: `this machine and the database agree within ${seconds} s` }
        : {
            ok: false,
            detail: `this machine and the database differ by ${seconds} s`,
            fix: "run NTP (systemd-timesyncd or chrony) on both machines",
          };
    },
    () => "the database did not answer the time query",
  );
}

/** Writes, reads back and removes a probe object: what every upload and download needs. */
export function storageCheck(storage: Storage, describe: string) {
  return check(
    "Files",
    async () => {
      const key = `doctor/${randomUUID()}.txt`;
      const text = `balcao doctor ${new Date().toISOString()}`;
      await storage.put(key, Readable.from([Buffer.from(text)]), { contentType: "text/plain" });
      const chunks: Buffer[] = [];
      for await (const chunk of (await storage.get(key)).body) chunks.push(chunk as Buffer);
      await storage.delete(key);
      if (Buffer.concat(chunks).toString() !== text)
        return {
          ok: false,
          detail: `${describe}: read back other bytes than written`,
          fix: "check the store's consistency settings",
        };
      return { ok: true, detail: `${describe}: wrote, read back and removed a file` };
    },
    (message) =>
      storage.kind === "s3"
        ? `give the S3 key s3:PutObject, s3:GetObject and s3:DeleteObject on the bucket (${message.slice(0, 80)})`
        : "make DATA_DIR/uploads writable by the user the server runs as",
  );
}

/** Signs in to the SMTP server (and, asked to, sends a test e-mail). */
export function mailCheck(
  config: Pick<Config, "smtpUrl">,
  verify: () => Promise<unknown>,
  sendTest?: () => Promise<unknown>,
) {
  if (!config.smtpUrl)
    return check(
      "E-mail",
      async () => ({
        ok: false,
        detail: "SMTP_URL is not set: e-mails are written to the server's log, nobody receives them",
        fix: "set SMTP_URL=smtps://user:password@smtp.example.com:465",
      }),
      () => "",
    );
  return check(
    "E-mail",
    async () => {
      await verify();
      if (sendTest) await sendTest();
      return {
        ok: true,
        detail: `signed in to the SMTP server${sendTest ? " and sent the test e-mail" : ""}`,
      };
    },
    () => "check SMTP_URL's host, port, user and password, and that this machine may reach it",
  );
}

/** PUBLIC_URL answers /healthz from where it is published: the address every e-mailed link uses. */
export function publicUrlCheck(publicUrl: string, fetcher: typeof fetch = fetch) {
  return check(
    "Public address",
    async () => {
      const response = await fetcher(`${publicUrl}/healthz`, { redirect: "manual" });
      const body = (await response.text()).slice(0, 200);
      if (response.status === 200 && body.includes('"ok"'))
        return { ok: true, detail: `${publicUrl}/healthz answers` };
      return {
        ok: false,
        detail: `${publicUrl}/healthz answered ${response.status}`,
        fix: "point PUBLIC_URL at the address people open, and the proxy at this server",
      };
    },
    () => `start the server, then check that PUBLIC_URL (${publicUrl}) reaches it from this machine`,
  );
}

/** Free space where the database, the files and the backups are written. */
export function diskCheck(dir: string, minimumBytes = 1024 ** 3) {
  return check(
    "Disk",
    async () => {
      const stats = statfsSync(dir);
      const free = stats.bavail * stats.bsize;
      const gb = (free / 1024 ** 3).toFixed(1);
      return free >= minimumBytes
        ? { ok: true, detail: `${gb} GB free under ${path.resolve(dir)}` }
        : {
            ok: false,
            detail: `only ${gb} GB free under ${path.resolve(dir)}`,
            fix: "free space or move DATA_DIR",
          };
    },
    () => `create ${path.resolve(dir)} (DATA_DIR) or fix its permissions`,
  );
}

/** The newest archive in BACKUP_DIR: one a day is expected when scheduled, one a week otherwise. */
export function backupAgeCheck(config: Pick<Config, "backupDir" | "backupSchedule">, now = Date.now()) {
  return check(
    "Backups",
    async () => {
      const archives = readdirSync(config.backupDir).filter((name) =>
        /^balcao-\d{8}-\d{6}\.tar\.gz$/.test(name),
      );
      const newest = archives
        .map((name) => statSync(path.join(config.backupDir, name)).mtimeMs)
        .sort()
        .at(-1);
      const limitHours = config.backupSchedule ? 26 : 24 * 7;
      if (newest === undefined)
        return {
          ok: false,
          detail: `no backup in ${path.resolve(config.backupDir)}`,
          fix: "run npm run backup -- --verify, and set BACKUP_SCHEDULE",
        };
      const hours = (now - newest) / 3600_000;
      return hours <= limitHours
        ? { ok: true, detail: `newest backup ${hours.toFixed(1)} h old in ${path.resolve(config.backupDir)}` }
        : {
            ok: false,
            detail: `newest backup is ${Math.floor(hours)} h old`,
            fix: config.backupSchedule
              ? "the scheduled backup has not run: see the server's log for 'scheduled backup failed'"
              : "set BACKUP_SCHEDULE, or run npm run backup -- --verify from cron",
          };
    },
    () => `no backup folder at ${path.resolve(config.backupDir)}: run npm run backup -- --verify`,
  );
}
