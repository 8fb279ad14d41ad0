import { readdirSync } from "node:fs";
import net from "node:net";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { signedInUser } from "../../testing/auth-helpers";
import { multipartBody, SAMPLE_PDF } from "../../testing/multipart";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/* Issue 9 B: what uploads leave on the connection, and the names they are stored and served under. */

const reembolsoFields = () => ({
  data: todayInSaoPaulo(),
  tipo: "alimentacao",
  valor: "R$ 12,34",
  centroCusto: "geral",
  descricao: "Almoço com cliente",
});

const countRows = async (ctx: TestContext, table: string) =>
  Number((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

const storedFiles = (ctx: TestContext): string[] => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
    );
  return walk(ctx.uploadsDir);
};

async function listening(ctx: TestContext): Promise<number> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return (ctx.app.server.address() as net.AddressInfo).port;
}

type Exchange = {
  /** Everything the server wrote on the socket, as latin1 text. */
  text: string;
  /** Milliseconds from the end of the body to the socket closing, or null if it stayed open. */
  closedAfterMs: number | null;
};

/**
 * One keep-alive connection, as a browser uses it: the upload, then — once the
 * whole body is on the wire — the next request on the same socket.
 */
async function uploadThenNext(port: number, upload: { head: string; body: Buffer }, next: string) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let text = "";
  let bodySentAt = 0;
  let closedAfterMs: number | null = null;
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  // A reset after the answer is a close too; the client has read what came before it.
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      closedAfterMs = Date.now() - bodySentAt;
      resolve();
    }),
  );
  socket.write(upload.head);
  await new Promise<void>((resolve) =>
    socket.write(upload.body, () => {
      bodySentAt = Date.now();
      socket.write(next, () => resolve());
    }),
  );
  // Long enough for an answer to the next request; far shorter than the hang this guards against.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3000))]);
  socket.destroy();
  return { text, closedAfterMs } as Exchange;
}

describeWithApp("uploads over a real connection", { env: { REQUIRE_EMAIL_VERIFICATION: "false" } }, (ctx) => {
  it("refuses a 31 MB receipt with 413 and Connection: close, then closes: the next request goes elsewhere", async () => {
    const { cookie } = await signedInUser(ctx(), "ana@agencia.digital", "Ana Lima");
    const port = await listening(ctx());
    const big = new Uint8Array(31 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const body = await multipartBody(reembolsoFields(), [
      { name: "grande.pdf", type: "application/pdf", content: big },
    ]);
    const head =
      "POST /api/solicitacoes/reembolso HTTP/1.1\r\nHost: localhost\r\n" +
      `Cookie: ${cookie}\r\nContent-Type: ${body.headers["content-type"]}\r\n` +
      `Content-Length: ${body.payload.length}\r\n\r\n`;
    const exchange = await uploadThenNext(
      port,
      { head, body: body.payload },
      "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n",
    );

    // The answer is whole: status, Connection: close, and its JSON to the last byte.
    const [answerHead = "", rest = ""] = exchange.text.split("\r\n\r\n");
    expect(answerHead).toMatch(/^HTTP\/1\.1 413 /);
    expect(answerHead).toMatch(/\r\nconnection: close\r\n/i);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(answerHead)![1]);
    const json = JSON.parse(Buffer.from(rest, "latin1").subarray(0, length).toString("utf8"));
    expect(json).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      fields: { anexo: "Tamanho máximo por arquivo é 30MB" },
    });
    // Then the server closes, promptly, without answering anything else on this connection.
    expect(exchange.closedAfterMs).not.toBeNull();
    expect(exchange.closedAfterMs!).toBeLessThan(2000);
    expect(exchange.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);

    // The client's retry on a new connection is answered at once.
    const started = Date.now();
    const retry = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(retry.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    expect(await countRows(ctx(), "reembolso_solicitacoes")).toBe(0);
    expect(await countRows(ctx(), "anexos")).toBe(0);
    expect(storedFiles(ctx())).toEqual([]);
  });

  it("keeps the connection for the next request after an upload that was read to the end", async () => {
    const { cookie } = await signedInUser(ctx(), "bia@agencia.digital", "Bia Reis");
    const port = await listening(ctx());
    const body = await multipartBody(reembolsoFields(), [
      { name: "recibo.pdf", type: "application/pdf", content: SAMPLE_PDF },
    ]);
    const head =
      "POST /api/solicitacoes/reembolso HTTP/1.1\r\nHost: localhost\r\n" +
      `Cookie: ${cookie}\r\nContent-Type: ${body.headers["content-type"]}\r\n` +
      `Content-Length: ${body.payload.length}\r\n\r\n`;
    const exchange = await uploadThenNext(
      port,
      { head, body: body.payload },
      "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(exchange.text).toMatch(/^HTTP\/1\.1 201 /);
    expect(exchange.text.split("\r\n\r\n")[0]).not.toMatch(/connection: close/i);
    expect(exchange.text).toMatch(/HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
  });
});
