import { readdirSync } from "node:fs";
import net from "node:net";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { signedInUser } from "../../testing/auth-helpers";
import { type MultipartFile, multipartBody, SAMPLE_PDF, SAMPLE_PNG } from "../../testing/multipart";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/* What uploads leave on the connection, and the names they are stored and served under. */

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

    expect(await countRows(ctx(), "requests where kind = 'reembolso'")).toBe(0);
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

async function postReembolso(ctx: TestContext, cookie: string, files: MultipartFile[]) {
  const body = await multipartBody(reembolsoFields(), files);
  return ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

type AnexoRow = { id: string; nome_original: string; nome_arquivo: string; storage_key: string };

async function anexoRows(ctx: TestContext): Promise<AnexoRow[]> {
  const result = await ctx.database.db.execute(
    sql`select id, nome_original, nome_arquivo, storage_key from anexos order by nome_arquivo`,
  );
  return result.rows as AnexoRow[];
}

/** The name a download is saved under: the filename* of its Content-Disposition, decoded. */
async function downloadName(ctx: TestContext, cookie: string, id: string): Promise<string> {
  const res = await ctx.app.inject({ url: `/api/anexos/${id}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const disposition = String(res.headers["content-disposition"]);
  return decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!);
}

/** Bidi controls and other format (Cf) or control (Cc) characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

describeWithApp("names of uploads", { env: { REQUIRE_EMAIL_VERIFICATION: "false" } }, (ctx) => {
  it("strips bidi overrides and other control or format characters before storing", async () => {
    const { cookie } = await signedInUser(ctx(), "caio@agencia.digital", "Caio");
    const res = await postReembolso(ctx(), cookie, [
      // Displayed by a bidi-aware screen as 'recibophp.png'; in fact it ends in '.php'.
      { name: "recibo\u202Egnp.php", type: "image/png", content: SAMPLE_PNG },
      {
        name: "nota\u200B\u2066fiscal\u2069\u200E\u061C\u200F\u202A\u202B\u202C\u202D\u2067\u2068\u0007.pdf",
        type: "application/pdf",
        content: SAMPLE_PDF,
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await anexoRows(ctx());
    expect(rows.map((r) => r.nome_original).sort()).toEqual(["notafiscal .pdf", "recibognp.png"]);
    for (const row of rows) {
      expect(row.nome_original).not.toMatch(INVISIBLE);
      expect(row.nome_arquivo).toMatch(/^\d+_(recibognp\.png|notafiscal_\.pdf)$/);
      expect(row.storage_key.endsWith(`/${row.nome_arquivo}`)).toBe(true);
      const name = await downloadName(ctx(), cookie, row.id);
      expect(name).toBe(row.nome_original);
    }
    const detail = await ctx().app.inject({
      url: `/api/solicitacoes/reembolso/${res.json().id}`,
      headers: { cookie },
    });
    expect(
      detail
        .json()
        .anexos.map((a: { nome: string }) => a.nome)
        .sort(),
    ).toEqual(["notafiscal .pdf", "recibognp.png"]);
  });

  it("ties the extension to the content: a PDF named recibo.html is stored and served as recibo.pdf", async () => {
    const { cookie } = await signedInUser(ctx(), "davi@agencia.digital", "Davi");
    const res = await postReembolso(ctx(), cookie, [
      { name: "recibo.html", type: "text/html", content: SAMPLE_PDF },
      { name: "Foto.JPEG.exe", type: "image/png", content: SAMPLE_PNG },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await anexoRows(ctx());
    expect(rows.map((r) => r.nome_original).sort()).toEqual(["Foto.JPEG.png", "recibo.pdf"]);
    expect(rows.map((r) => r.nome_arquivo.replace(/^\d+_/, "")).sort()).toEqual([
      "Foto.JPEG.png",
      "recibo.pdf",
    ]);
    const pdf = rows.find((r) => r.nome_original === "recibo.pdf")!;
    expect(await downloadName(ctx(), cookie, pdf.id)).toBe("recibo.pdf");
    const download = await ctx().app.inject({ url: `/api/anexos/${pdf.id}`, headers: { cookie } });
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain('filename="recibo.pdf"');
  });

  it("cleans and corrects rows stored before, when serving them", async () => {
    const { cookie } = await signedInUser(ctx(), "eva@agencia.digital", "Eva");
    const res = await postReembolso(ctx(), cookie, [
      { name: "recibo.pdf", type: "application/pdf", content: SAMPLE_PDF },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    // As an older version stored them: the name exactly as the browser sent it.
    await ctx().database.db.execute(sql`update anexos set nome_original = ${"fatura\u202Efdp.html"}`);
    const [row] = await anexoRows(ctx());
    expect(await downloadName(ctx(), cookie, row!.id)).toBe("faturafdp.pdf");
    const detail = await ctx().app.inject({
      url: `/api/solicitacoes/reembolso/${res.json().id}`,
      headers: { cookie },
    });
    expect(detail.json().anexos[0].nome).toBe("faturafdp.pdf");

    // The signed link automations get names it the same way.
    await ctx().database.db.execute(sql`update anexos set nome_original = ${"recibo\u2067.exe"}`);
    const { signAttachmentPath } = await import("../../storage/signed-link");
    const { createHmac } = await import("node:crypto");
    const linkSecret = createHmac("sha256", "test-secret-test-secret-test-secret-0123")
      .update("balcao:attachment-links")
      .digest();
    const link = signAttachmentPath({
      id: row!.id,
      expiresAt: new Date(Date.now() + 60_000),
      secret: linkSecret,
    });
    const signed = await ctx().app.inject({ url: link });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers["content-disposition"]).toBe(
      `attachment; filename="recibo.pdf"; filename*=UTF-8''recibo.pdf`,
    );
  });
});
