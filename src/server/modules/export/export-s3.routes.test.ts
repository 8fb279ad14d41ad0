import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import yauzl from "yauzl";
import { generatedStream, MiB, openS3Backend } from "../../storage/test-kit";
import { joinTeam, person } from "../../testing/people";
import { sendReembolso } from "../../testing/requests";
import { describeWithApp } from "../../testing/test-app";

/*
 * A ZIP download the browser drops releases what it opened: on S3 each stored
 * file being read is a socket of the SDK's pool (50 of them), so 50 dropped
 * downloads that each kept one would leave no socket for anything else.
 */

const s3 = await openS3Backend();
afterAll(() => s3.close());

const DOWNLOADS = 50;
const BIG = 8 * MiB;

/** Starts the ZIP download on a connection of its own and closes it once `bytes` have come. */
function droppedDownload(port: number, cookie: string, bytes: number) {
  return new Promise<void>((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/api/caixa/exportar.zip", headers: { cookie }, agent: false },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received >= bytes && !request.destroyed) {
            request.destroy();
            resolve();
          }
        });
        response.on("end", () => reject(new Error("the whole archive came before the drop")));
      },
    );
    // The drop itself errors the request; only an error before it fails the test.
    request.on("error", (err) => reject(err));
  });
}

function entryNames(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on("entry", (entry: yauzl.Entry) => names.push(entry.fileName));
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
    });
  });
}

describeWithApp(
  "the ZIP export on S3 storage",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" }, storage: () => s3.storage },
  (ctx) => {
    it("50 downloads dropped mid-file leave no socket open: the next export and an upload still work", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
      await joinTeam(ctx(), "financeiro", fabio.email);
      // Two requests, each with a receipt far larger than what the sockets between S3 and the browser hold.
      for (let i = 0; i < 2; i++) {
        const id = await sendReembolso(ctx(), ana);
        const key = `reembolso/${id}/grande`;
        await ctx().app.storage.put(key, generatedStream(BIG, { head: Buffer.from("%PDF-1.4\n") }), {
          contentType: "application/pdf",
        });
        await ctx().database.db.execute(
          sql`update anexos set storage_key = ${key}, tamanho = ${BIG} where solicitacao_id = ${id}`,
        );
      }
      await ctx().app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = ctx().app.server.address() as AddressInfo;

      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      for (let i = 0; i < DOWNLOADS; i++) await droppedDownload(port, fabio.cookie, 1 * MiB);
      // Each dropped download's S3 read is closed, not left paused on its socket.
      await vi.waitFor(async () => expect(await s3.connections!()).toBeLessThanOrEqual(2), {
        timeout: 10_000,
        interval: 100,
      });
      global.gc?.();
      const rssGrowth = process.memoryUsage().rss - rssBefore;
      process.stdout.write(
        `${DOWNLOADS} dropped ZIP downloads [${ctx().kind}]: rss ${rssGrowth >= 0 ? "+" : ""}${Math.round(rssGrowth / MiB)} MB\n`,
      );
      // A loose sanity bound only: the sockets above are the real check.
      expect(rssGrowth).toBeLessThan(256 * MiB);

      const whole = await ctx().app.inject({
        url: "/api/caixa/exportar.zip",
        headers: { cookie: fabio.cookie },
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.length).toBeGreaterThan(2 * BIG);
      expect(await entryNames(whole.rawPayload)).toHaveLength(3);
      await sendReembolso(ctx(), ana);
    }, 120_000);
  },
);
