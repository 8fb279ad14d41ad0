import { mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../storage/local-storage";
import { createS3Storage } from "../storage/s3-storage";
import { openS3Backend } from "../storage/test-kit";
import { describeWithApp, TEST_AUTH_SECRET } from "../testing/test-app";
import { reportLines } from "./check";
import { backupAgeCheck, clockCheck, databaseCheck, mailCheck, storageCheck } from "./checks";
import { proxyCheck } from "./proxy-check";

/*
 * `npm run doctor` (docs/decisions/042) against real things: the app
 * listening on loopback, two small proxies started here (one that buffers
 * whole answers, as nginx does with proxy_buffering on, one that streams and
 * adds X-Forwarded-For), the SMTP sink, the database and folders.
 */

/** A reverse proxy to `target`: `buffer` holds each answer until it ends, as a misconfigured nginx does. */
async function startProxy(target: string, options: { buffer: boolean }): Promise<Server & { url: string }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" },
      },
      (answer) => {
        if (!options.buffer) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

describeWithApp("npm run doctor", {}, (ctx) => {
  let direct = "";
  const proxies: Server[] = [];
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: "127.0.0.1" });
    direct = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const proxy of proxies) proxy.close();
  });

  it("sees live events pass straight through, and catches a proxy that buffers them", async () => {
    const straight = await proxyCheck(direct, TEST_AUTH_SECRET);
    expect(straight).toMatchObject({ ok: true });
    expect(straight.detail).toContain("the server sees this machine as 127.0.0.1");

    const buffering = await startProxy(direct, { buffer: true });
    proxies.push(buffering);
    const caught = await proxyCheck(buffering.url, TEST_AUTH_SECRET);
    expect(caught.ok).toBe(false);
    expect(caught.detail).toContain("the proxy buffers /api/eventos");
    expect(caught.fix).toContain("proxy_buffering off");
  });

  it("catches a proxy that forwards the client's address to a server that does not trust it", async () => {
    const streaming = await startProxy(direct, { buffer: false });
    proxies.push(streaming);
    const caught = await proxyCheck(streaming.url, TEST_AUTH_SECRET);
    expect(caught.ok).toBe(false);
    expect(caught.fix).toContain("TRUST_PROXY");
  });

  it("is not answered without the server's secret: the probe does not exist for others", async () => {
    const stranger = await proxyCheck(direct, "outro-segredo-outro-segredo-outro-segredo");
    expect(stranger).toMatchObject({ ok: false });
    const plain = await fetch(`${direct}/api/eventos/diagnostico`);
    expect(plain.status).toBe(404);
  });

  it("checks the database's migrations and clock", async () => {
    const query = async (text: string) =>
      (await ctx().database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
    expect(await databaseCheck("the test database", query)).toMatchObject({ ok: true });
    const ahead = await databaseCheck("the test database", query, 999);
    expect(ahead).toMatchObject({ ok: false, fix: expect.stringContaining("start the server once") });
    expect(await clockCheck(query)).toMatchObject({ ok: true });
    const skewed = await clockCheck(query, () => Date.now() + 60_000);
    expect(skewed).toMatchObject({ ok: false, fix: expect.stringContaining("NTP") });
  });

  it("signs in to the SMTP server and sends the test e-mail; a wrong server is a problem with its fix", async () => {
    const transport = nodemailer.createTransport(ctx().config.smtpUrl!);
    const sent = await mailCheck(
      ctx().config,
      () => transport.verify(),
      () =>
        transport.sendMail({
          from: "balcao@agencia.digital",
          to: "ti@agencia.digital",
          subject: "teste",
          text: "ok",
        }),
    );
    expect(sent).toMatchObject({ ok: true });
    const closed = nodemailer.createTransport("smtp://127.0.0.1:1");
    const refused = await mailCheck({ smtpUrl: "smtp://127.0.0.1:1" }, () => closed.verify());
    expect(refused).toMatchObject({ ok: false, fix: expect.stringContaining("SMTP_URL") });
    transport.close();
    closed.close();
  });
});

describe("the doctor's checks of folders", () => {
  it("catches a store it cannot write to, and says how to fix it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "balcao-doctor-"));
    expect(await storageCheck(createLocalStorage(path.join(dir, "uploads")), "uploads")).toMatchObject({
      ok: true,
    });
    // A file where the folder should be: refused to everyone, root included.
    writeFileSync(path.join(dir, "ocupado"), "x");
    const local = await storageCheck(createLocalStorage(path.join(dir, "ocupado", "uploads")), "uploads");
    expect(local).toMatchObject({ ok: false, fix: expect.stringContaining("writable") });
  });

  it("catches a bucket whose key may not write, and names the permissions", async () => {
    const s3 = await openS3Backend();
    try {
      const refused = createS3Storage({
        endpoint: s3.endpoint!,
        bucket: "balcao",
        accessKeyId: "CHAVE-SEM-PERMISSAO",
        secretAccessKey: "segredo-errado",
        region: "us-east-1",
      });
      const result = await storageCheck(refused, 'S3 bucket "balcao"');
      expect(result).toMatchObject({ ok: false, fix: expect.stringContaining("s3:PutObject") });
      await refused.close();
      expect(await storageCheck(s3.storage, 'S3 bucket "balcao"')).toMatchObject({ ok: true });
    } finally {
      await s3.close();
    }
  });

  it("judges the newest backup's age by whether backups are scheduled", async () => {
    const backupDir = mkdtempSync(path.join(tmpdir(), "balcao-doctor-backups-"));
    expect(await backupAgeCheck({ backupDir, backupSchedule: null })).toMatchObject({ ok: false });
    const archive = path.join(backupDir, "balcao-20261125-033000.tar.gz");
    writeFileSync(archive, "x");
    expect(await backupAgeCheck({ backupDir, backupSchedule: { at: "03:30", keep: 7 } })).toMatchObject({
      ok: true,
    });
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(archive, twoDaysAgo, twoDaysAgo);
    expect(await backupAgeCheck({ backupDir, backupSchedule: { at: "03:30", keep: 7 } })).toMatchObject({
      ok: false,
    });
    expect(await backupAgeCheck({ backupDir, backupSchedule: null })).toMatchObject({ ok: true });
  });

  it("writes one line per check and the fix under each problem", () => {
    expect(
      reportLines([
        { name: "Disk", ok: true, detail: "9 GB free" },
        { name: "E-mail", ok: false, detail: "SMTP_URL is not set", fix: "set SMTP_URL" },
      ]),
    ).toEqual(["OK  Disk    9 GB free", "XX  E-mail  SMTP_URL is not set", "            → set SMTP_URL"]);
  });
});
