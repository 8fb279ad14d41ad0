// @long-file: tens of seconds, so it starts first (build/vitest/long-files-first.ts).
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, inject, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase } from "../db/client";
import { verifyWebhookSignature } from "../outbox/signature";
import { startWebhookReceiver } from "../outbox/testing/webhook-receiver";
import { createLocalStorage } from "../storage/local-storage";
import type { Storage } from "../storage/storage";
import { openS3Backend } from "../storage/test-kit";
import { person } from "../testing/people";
import { sendReembolso } from "../testing/requests";
import {
  describeWithApp,
  onceAcrossDatabases,
  scratchPostgres,
  TEST_AUTH_SECRET,
  TEST_WEBHOOK_SECRET,
  type TestContext,
  testConfig,
} from "../testing/test-app";
import { BackupCheckError } from "./read-archive";
import { appReadyOn } from "./ready-on";
import { restoreBackup } from "./restore-backup";
import { verifyBackup } from "./verify-backup";
import { writeBackup } from "./write-backup";

/*
 * A backup holds everything a new machine needs (docs/decisions/041): after
 * backup → wipe → restore, the same requests, the same file bytes, the same
 * sessions, and webhooks signed with the receivers' old secret. On PGlite and
 * PostgreSQL, with files on local disk and in S3 (s3rver on loopback).
 */

const s3 = await openS3Backend();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await s3.close();
  await receiver.close();
});

const mode = (file: string) => statSync(file).mode & 0o777;
const scratchDir = (name: string) => mkdtempSync(path.join(tmpdir(), `balcao-${name}-`));

/** A DATA_DIR as the server leaves it: the secrets it generated, 0600. */
function dataDirWithSecrets() {
  const dir = scratchDir("data");
  writeFileSync(path.join(dir, "auth-secret"), `${TEST_AUTH_SECRET}\n`, { mode: 0o600 });
  writeFileSync(path.join(dir, "webhook-secret"), `${TEST_WEBHOOK_SECRET}\n`, { mode: 0o600 });
  return dir;
}

async function backUp(ctx: TestContext, dataDir: string, options: { backupDir?: string; now?: Date } = {}) {
  const database =
    ctx.kind === "pglite"
      ? { kind: "pglite" as const, pglite: ctx.database.pglite! }
      : { kind: "postgres" as const, url: ctx.database.url! };
  return writeBackup(
    {
      database,
      storage: ctx.app.storage,
      dataDir,
      backupDir: options.backupDir ?? path.join(scratchDir("backups"), "balcao"),
      appVersion: "teste",
    },
    options.now,
  );
}

/** A new machine: an empty DATA_DIR, an empty store, an empty database. */
async function newMachine(ctx: TestContext, store: "local" | "s3") {
  const dataDir = scratchDir("new-machine");
  let storage: Storage = createLocalStorage(path.join(dataDir, "uploads"));
  if (store === "s3") {
    for (const key of await s3.list()) await s3.storage.delete(key);
    storage = s3.storage;
  }
  if (ctx.kind === "pglite")
    return {
      dataDir,
      storage,
      target: { kind: "pglite" as const, dir: path.join(dataDir, "pglite") },
      drop: async () => {},
    };
  const scratch = await scratchPostgres("balcao_restore");
  return {
    dataDir,
    storage,
    target: { kind: "postgres" as const, url: scratch.database.url! },
    drop: scratch.drop,
  };
}

for (const store of ["local", "s3"] as const) {
  describeWithApp(
    `backups of everything, files ${store === "s3" ? "in S3" : "on disk"}`,
    // The first machine queues the webhook and never sends it (tests deliver by hand).
    {
      env: { WEBHOOK_REEMBOLSO_URL: receiver.url },
      ...(store === "s3" ? { storage: () => s3.storage } : {}),
    },
    (ctx, kind) => {
      beforeEach(() => receiver.reset());
      // Where the files are kept and which database holds the rows change nothing in an archive's
      // name or in how a damaged one is refused: those run once, not four times.
      const nameTestRuns = store === "local" && onceAcrossDatabases(kind);

      it("backup → verify → wipe → restore: the same requests, bytes, sessions and webhook signatures", async () => {
        const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
        const id = await sendReembolso(ctx(), ana, { descricao: "Hotel da visita ao cliente" });
        const listed = await ctx().app.inject({ url: "/api/solicitacoes", headers: { cookie: ana.cookie } });
        const detail = await ctx().app.inject({
          url: `/api/solicitacoes/reembolso/${id}`,
          headers: { cookie: ana.cookie },
        });
        const fileUrl = detail.json().anexos[0].url as string;
        const bytes = (await ctx().app.inject({ url: fileUrl, headers: { cookie: ana.cookie } })).rawPayload;
        // The VAPID key pair (decision 061) lives in the database: the browsers subscribed with it.
        const pushKey = async (app: Awaited<ReturnType<typeof buildApp>>) =>
          (await app.inject({ url: "/api/notificacoes/chave-push", headers: { cookie: ana.cookie } })).json()
            .chavePublica as string;
        const vapidKey = await pushKey(ctx().app);

        const written = await backUp(ctx(), dataDirWithSecrets());
        expect(mode(written.file)).toBe(0o600);
        expect(mode(path.dirname(written.file))).toBe(0o700);
        expect(written.manifest.files).toHaveLength(1);
        expect(written.manifest.secrets).toEqual(["auth-secret", "webhook-secret"]);
        expect(written.manifest.database.tables).toMatchObject({
          requests: 1,
          anexos: 1,
          users: 1,
          outbox: 1,
          push_keys: 1,
        });

        const postgresUrl = inject("postgresTemplate")?.url;
        const verified = await verifyBackup(written.file, {
          ...(postgresUrl ? { postgresUrl } : {}),
          readyOn: (scratch) => appReadyOn(scratch, ctx().config),
        });
        expect(verified.files).toBe(1);

        const machine = await newMachine(ctx(), store);
        try {
          await restoreBackup(written.file, { ...machine, database: machine.target, note: () => {} });
          const secret = (name: string) => readFileSync(path.join(machine.dataDir, name), "utf8").trim();
          expect(secret("auth-secret")).toBe(TEST_AUTH_SECRET);
          expect(mode(path.join(machine.dataDir, "webhook-secret"))).toBe(0o600);

          const database = await openDatabase(
            machine.target.kind === "pglite"
              ? { kind: "pglite", dataDir: machine.target.dir }
              : { kind: "postgres", url: machine.target.url },
          );
          const app = await buildApp({
            config: testConfig({ WEBHOOK_REEMBOLSO_URL: receiver.url }),
            database,
            authSecret: secret("auth-secret"),
            webhookSecret: secret("webhook-secret"),
            storage: machine.storage,
            startOutboxWorker: false,
            webRoot: null,
          });
          try {
            // The session from before the backup still opens the same list and the same file.
            const again = await app.inject({ url: "/api/solicitacoes", headers: { cookie: ana.cookie } });
            expect(again.statusCode).toBe(200);
            expect(again.json()).toEqual(listed.json());
            const file = await app.inject({ url: fileUrl, headers: { cookie: ana.cookie } });
            expect(file.statusCode).toBe(200);
            expect(file.rawPayload.equals(bytes)).toBe(true);
            // The restored server signs pushes with the key the browsers were given.
            expect(await pushKey(app)).toBe(vapidKey);
            // The queued webhook, signed after the restore, verifies with the receiver's old secret.
            expect(await app.outbox.runOnce()).toBe(1);
            const [delivery] = await receiver.waitFor(1);
            expect(
              verifyWebhookSignature({
                secret: TEST_WEBHOOK_SECRET,
                id: String(delivery!.headers["webhook-id"]),
                timestamp: String(delivery!.headers["webhook-timestamp"]),
                body: delivery!.body,
                signature: String(delivery!.headers["webhook-signature"]),
              }),
            ).toBe(true);
          } finally {
            await app.close();
            await database.close();
          }
        } finally {
          await machine.drop();
        }
      }, 120_000);

      it.runIf(nameTestRuns)(
        "two backups in the same second are both kept, the later one named a second later",
        async () => {
          const dataDir = dataDirWithSecrets();
          const backupDir = path.join(scratchDir("backups"), "balcao");
          const now = new Date("2026-11-27T06:00:00.250Z");
          const first = await backUp(ctx(), dataDir, { backupDir, now });
          const second = await backUp(ctx(), dataDir, { backupDir, now });
          expect(path.basename(first.file)).toBe("balcao-20261127-060000.tar.gz");
          expect(path.basename(second.file)).toBe("balcao-20261127-060001.tar.gz");
          expect(readdirSync(backupDir).sort()).toEqual([
            path.basename(first.file),
            path.basename(second.file),
          ]);
        },
        120_000,
      );

      it.runIf(store === "local")(
        "refuses a damaged archive before it changes anything",
        async () => {
          const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
          await sendReembolso(ctx(), ana);
          const written = await backUp(ctx(), dataDirWithSecrets());
          const broken = path.join(path.dirname(written.file), "quebrado.tar.gz");
          const archive = readFileSync(written.file);
          writeFileSync(broken, archive.subarray(0, Math.floor(archive.length / 2)));
          const machine = await newMachine(ctx(), "local");
          try {
            await expect(
              restoreBackup(broken, { ...machine, database: machine.target, note: () => {} }),
            ).rejects.toThrow();
            await expect(
              restoreBackup(path.join(path.dirname(written.file), "nenhum.tar.gz"), {
                ...machine,
                database: machine.target,
                note: () => {},
              }),
            ).rejects.toBeInstanceOf(BackupCheckError);
          } finally {
            await machine.drop();
          }
        },
        60_000,
      );
    },
  );
}
