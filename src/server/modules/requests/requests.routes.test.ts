import { readdirSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { type App, buildApp } from "../../app";
import { verifyWebhookSignature } from "../../outbox/signature";
import { startWebhookReceiver } from "../../outbox/testing/webhook-receiver";
import { createLocalStorage } from "../../storage/local-storage";
import { signedInUser } from "../../testing/auth-helpers";
import {
  type MultipartFile,
  multipartBody,
  SAMPLE_EXE,
  SAMPLE_PDF,
  SAMPLE_PNG,
} from "../../testing/multipart";
import { describeWithApp, TEST_WEBHOOK_SECRET, type TestContext } from "../../testing/test-app";
import { testPasswordHasher } from "../../testing/test-password-hasher";

const receiver = await startWebhookReceiver();
const hook = (kind: string) => receiver.url.replace(/\/hook$/, `/${kind}`);

const env = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  WEBHOOK_REEMBOLSO_URL: hook("reembolso"),
  WEBHOOK_BOLSA_URL: hook("bolsa"),
  WEBHOOK_MATERIAL_URL: hook("material"),
  WEBHOOK_SUPORTE_URL: hook("suporte"),
  WEBHOOK_SEO_URL: hook("seo"),
};

const reembolsoFields = (over: Record<string, string> = {}) => ({
  nome: "ignorado: vem da sessão",
  data: todayInSaoPaulo(),
  tipo: "alimentacao",
  valor: "R$ 1.234,56",
  centroCusto: "marketing",
  chavePix: "529.982.247-25",
  descricao: "Almoço com cliente",
  ...over,
});

async function postReembolso(
  ctx: TestContext,
  cookie: string,
  fields = reembolsoFields(),
  files: MultipartFile[] = [{ name: "Recibo de Março.pdf", type: "application/pdf", content: SAMPLE_PDF }],
  headers: Record<string, string> = {},
) {
  const body = await multipartBody(fields, files);
  return ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    payload: body.payload,
    headers: { ...body.headers, cookie, ...headers },
  });
}

const countRows = async (ctx: TestContext, table: string) =>
  Number((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

const storedFiles = (ctx: TestContext): string[] => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
    );
  return walk(ctx.uploadsDir);
};

describeWithApp("reimbursement requests", { env }, (ctx) => {
  it("saves the request, its receipt and its webhook, and delivers it signed", async () => {
    receiver.reset();
    const { cookie } = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
    const res = await postReembolso(ctx(), cookie);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ tipo: "reembolso", status: "pendente", duplicate: false });

    const [row] = (
      await ctx().database.db.execute(
        sql`select *, dados->>'nome' as nome, dados->>'anexoUrl' as anexo_url from requests`,
      )
    ).rows as Record<string, unknown>[];
    expect(row).toMatchObject({
      nome: "Ana Souza",
      valor: "1234.56",
      tipo_despesa: "alimentacao",
      centro_custo: "marketing",
      chave_pix: "52998224725",
      status: "pendente",
    });
    expect(String(row!.anexo_url)).toMatch(/^http:\/\/localhost:3000\/api\/anexos\/[0-9a-f-]{36}$/);
    const files = storedFiles(ctx());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\/reembolso\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/\d+_Recibo_de_Marco.pdf$/);

    expect(await ctx().app.outbox.runOnce()).toBe(1);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.path).toBe("/reembolso");
    const payload = JSON.parse(delivery!.body);
    expect(payload).toEqual({
      nome: "Ana Souza",
      data: todayInSaoPaulo(),
      tipo: "alimentacao",
      valor: 1234.56,
      descricao: "Almoço com cliente",
      anexos: [
        expect.stringMatching(
          /^http:\/\/localhost:3000\/api\/anexos\/[0-9a-f-]{36}\/download\?expires=\d+&signature=/,
        ),
      ],
      centro_custo: "marketing",
      chavePix: "52998224725",
      tipo_solicitacao: "Solicitação de reembolso",
      status: "pendente",
    });
    expect(
      verifyWebhookSignature({
        secret: TEST_WEBHOOK_SECRET,
        id: String(delivery!.headers["webhook-id"]),
        timestamp: String(delivery!.headers["webhook-timestamp"]),
        body: delivery!.body,
        signature: String(delivery!.headers["webhook-signature"]),
      }),
    ).toBe(true);

    // The signed link opens the receipt without a session; a tampered one does not.
    const link = new URL(payload.anexos[0]);
    const download = await ctx().app.inject({ url: link.pathname + link.search });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain(
      "filename*=UTF-8''Recibo%20de%20Mar%C3%A7o.pdf",
    );
    expect(download.body).toBe(SAMPLE_PDF);
    // Change one character of the signature, always to a different one.
    const signature = link.searchParams.get("signature")!;
    const forged = new URL(link);
    forged.searchParams.set("signature", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
    const tampered = await ctx().app.inject({ url: forged.pathname + forged.search });
    expect(tampered.statusCode).toBe(404);
  });

  it("answers each broken rule with the spec's message", async () => {
    const { cookie } = await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
    const res = await postReembolso(
      ctx(),
      cookie,
      reembolsoFields({ data: "", tipo: "", valor: "abc", descricao: "curt", chavePix: "123" }),
      [],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      data: "Por favor selecione uma data",
      tipo: "Por favor selecione um tipo de despesa",
      valor: "Valor deve ser um número válido",
      descricao: "Descrição deve ter pelo menos 5 caracteres",
      chavePix: "Chave PIX inválida",
    });
    const noFile = await postReembolso(ctx(), cookie, reembolsoFields(), []);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ anexo: "Arquivo é obrigatório" });
    const future = await postReembolso(ctx(), cookie, reembolsoFields({ data: "2999-01-01" }));
    expect(future.json().fields.data).toBe("Data fora do período permitido");
    expect(await countRows(ctx(), "requests where kind = 'reembolso'")).toBe(0);
    expect(storedFiles(ctx())).toEqual([]);
  });

  it("refuses a 31 MB file with 413 and keeps nothing", async () => {
    const { cookie } = await signedInUser(ctx(), "caio@agencia.digital");
    const big = new Uint8Array(31 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const res = await postReembolso(ctx(), cookie, reembolsoFields(), [
      { name: "ok.pdf", type: "application/pdf", content: SAMPLE_PDF },
      { name: "grande.pdf", type: "application/pdf", content: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ fields: { anexo: "Tamanho máximo por arquivo é 30MB" } });
    expect(await countRows(ctx(), "requests where kind = 'reembolso'")).toBe(0);
    expect(await countRows(ctx(), "anexos")).toBe(0);
    expect(storedFiles(ctx())).toEqual([]);
  });

  it("judges files by content: an executable renamed .pdf is refused", async () => {
    const { cookie } = await signedInUser(ctx(), "davi@agencia.digital");
    const res = await postReembolso(ctx(), cookie, reembolsoFields(), [
      { name: "recibo.pdf", type: "application/pdf", content: SAMPLE_EXE },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ anexo: "Formatos de arquivo aceitos: JPG, PNG ou PDF" });
    expect(storedFiles(ctx())).toEqual([]);
    const png = await postReembolso(ctx(), cookie, reembolsoFields(), [
      { name: "foto.txt", content: SAMPLE_PNG },
    ]);
    expect(png.statusCode).toBe(201);
  });

  it("creates one request for the same Idempotency-Key sent twice", async () => {
    const { cookie } = await signedInUser(ctx(), "eva@agencia.digital");
    const headers = { "idempotency-key": "envio-123" };
    const first = await postReembolso(ctx(), cookie, reembolsoFields(), undefined, headers);
    const second = await postReembolso(ctx(), cookie, reembolsoFields(), undefined, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, duplicate: true });
    expect(await countRows(ctx(), "requests where kind = 'reembolso'")).toBe(1);
    expect(await countRows(ctx(), "outbox")).toBe(1);
    expect(storedFiles(ctx())).toHaveLength(1);
  });

  it("answers 401 when signed out", async () => {
    const res = await postReembolso(ctx(), "");
    expect(res.statusCode).toBe(401);
    expect(storedFiles(ctx())).toEqual([]);
  });
});

describeWithApp("delivery survives a receiver outage and a restart", { env }, (ctx) => {
  it("saves at once and delivers later with the same webhook-id", async () => {
    receiver.reset();
    const { cookie } = await signedInUser(ctx(), "fabio@agencia.digital");
    await receiver.down();
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/material",
      headers: { cookie },
      payload: {
        nome: "Fábio",
        descricao: "Monitor 27 polegadas",
        motivo: "Trabalho com vídeo",
        linkReferencia: "",
        quantidade: 2,
        urgencia: "media",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await ctx().app.outbox.runOnce()).toBe(1);
    const [queued] = (await ctx().database.db.execute(sql`select id, status, attempts from outbox`)).rows as {
      id: string;
      status: string;
      attempts: number;
    }[];
    expect(queued).toMatchObject({ status: "pending", attempts: 1 });

    // A restart: a new app on the same database finds the pending delivery.
    const restarted: App = await buildApp({
      config: ctx().config,
      database: ctx().database,
      authSecret: "test-secret-test-secret-test-secret-0123",
      passwordHasher: testPasswordHasher,
      webhookSecret: TEST_WEBHOOK_SECRET,
      storage: createLocalStorage(ctx().uploadsDir),
      startOutboxWorker: false,
      webRoot: null,
    });
    await receiver.up();
    await ctx().database.db.execute(sql`update outbox set next_attempt_at = now()`);
    expect(await restarted.outbox.runOnce()).toBe(1);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.headers["webhook-id"]).toBe(queued!.id);
    expect(JSON.parse(delivery!.body)).toEqual({
      nome: "Fábio",
      material: "Monitor 27 polegadas",
      motivo: "Trabalho com vídeo",
      quantidade: 2,
      referencia: "",
      nivelUrgencia: "media",
      tipo_solicitacao: "Solicitação de material",
    });
    const detail = await ctx().app.inject({
      url: `/api/solicitacoes/material/${res.json().id}`,
      headers: { cookie },
    });
    expect(detail.json().entrega).toMatchObject({ status: "delivered", tentativas: 2 });
  });
});

describeWithApp("sending again a delivery that was given up", { env }, (ctx) => {
  it("only the author, only when it failed; same webhook-id, one attempt at once", async () => {
    receiver.reset();
    const author = await signedInUser(ctx(), "renata@agencia.digital");
    const other = await signedInUser(ctx(), "outra@agencia.digital");
    receiver.respondWith(410, "gone");
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/material",
      headers: { cookie: author.cookie },
      payload: {
        nome: "Renata",
        descricao: "Cadeira ergonômica",
        motivo: "Dor nas costas",
        linkReferencia: "",
        quantidade: 1,
        urgencia: "baixa",
      },
    });
    const id = res.json().id as string;
    const resend = (cookie: string) =>
      ctx().app.inject({
        method: "POST",
        url: `/api/solicitacoes/material/${id}/reenviar`,
        headers: { cookie },
      });

    // Not failed yet: nothing to send again.
    expect((await resend(author.cookie)).statusCode).toBe(409);
    // A 410 makes the worker give up at once.
    expect(await ctx().app.outbox.runOnce()).toBe(1);
    const detail = async () =>
      (
        await ctx().app.inject({
          url: `/api/solicitacoes/material/${id}`,
          headers: { cookie: author.cookie },
        })
      ).json().entrega;
    expect(await detail()).toMatchObject({ status: "failed", tentativas: 1 });

    expect((await resend(other.cookie)).statusCode).toBe(404);
    expect(
      (await ctx().app.inject({ method: "POST", url: `/api/solicitacoes/material/${id}/reenviar` }))
        .statusCode,
    ).toBe(401);

    receiver.respondWith(200, "ok");
    const again = await resend(author.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().entrega).toMatchObject({ status: "delivered", tentativas: 1 });
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.body).toBe(first!.body);
    expect((await resend(author.cookie)).statusCode).toBe(409);
  });
});

describeWithApp("the other request kinds", { env }, (ctx) => {
  it("support takes name and e-mail from the session and validates the rest", async () => {
    receiver.reset();
    const { cookie } = await signedInUser(ctx(), "gil@agencia.digital", "Gil Souza");
    const bad = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/suporte",
      headers: { cookie },
      payload: { departamento: "X", assunto: "oi", descricao: "curta" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      departamento: "Por favor selecione um departamento",
      assunto: "Assunto deve ter pelo menos 5 caracteres",
      descricao: "Descrição deve ter pelo menos 10 caracteres",
    });
    const ok = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/suporte",
      headers: { cookie },
      payload: {
        nome: "Outro Nome",
        email: "outro@x.com",
        departamento: "RH",
        assunto: "Férias",
        descricao: "Quero marcar minhas férias",
      },
    });
    expect(ok.statusCode).toBe(201);
    await ctx().app.outbox.runOnce();
    const [delivery] = await receiver.waitFor(1);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      nome: "Gil Souza",
      email: "gil@agencia.digital",
      departamento: "RH",
      prioridade: "media",
      tipo: "suporte",
    });
  });

  it("page analysis returns the automation's answer, or saves and queues when it fails", async () => {
    receiver.reset();
    const { cookie } = await signedInUser(ctx(), "hugo@agencia.digital", "Hugo");
    receiver.queue({ status: 200, body: "<p>Análise <b>iniciada</b>: resultado em 24h.</p>" });
    const ok = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/seo",
      headers: { cookie },
      payload: { url: "https://exemplo.com.br", tipoAnalise: "analise-tecnica" },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ resposta: "Análise iniciada : resultado em 24h.", entregue: true });
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      url: "https://exemplo.com.br",
      tipoAnalise: "Análise técnica",
      email: "hugo@agencia.digital",
      nome: "Hugo",
    });

    receiver.queue(500);
    const failed = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/seo",
      headers: { cookie },
      payload: { url: "https://exemplo.com.br/b", tipoAnalise: "analise-conteudo" },
    });
    expect(failed.statusCode).toBe(201);
    expect(failed.json()).toMatchObject({ resposta: null, entregue: false });
    expect(await countRows(ctx(), "requests where kind = 'seo'")).toBe(2);
    const cro = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/seo",
      headers: { cookie },
      payload: { url: "nao-e-url", tipoAnalise: "analise-cro" },
    });
    expect(cro.json().fields).toEqual({
      url: "URL inválida. Inclua http:// ou https://",
      tipoAnalise: "Selecione um tipo de análise",
    });
  });

  it("training grant: validates, takes criadoPor from the session, accepts one optional file", async () => {
    const { cookie } = await signedInUser(ctx(), "iara@agencia.digital", "Iara Reis");
    const send = async (fields: Record<string, string>, files: Parameters<typeof multipartBody>[1] = []) => {
      const body = await multipartBody(fields, files);
      return ctx().app.inject({
        method: "POST",
        url: "/api/solicitacoes/bolsa-capacitacao",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };
    const bad = await send({
      titulo: "",
      tipo: "",
      valor: "",
      linkPlataforma: "x",
      chavePix: "",
      valorAgregado: "",
    });
    expect(bad.json().fields).toEqual({
      titulo: "Título é obrigatório",
      tipo: "Tipo é obrigatório",
      valor: "Valor é obrigatório",
      linkPlataforma: "Digite uma URL válida",
      chavePix: "Chave PIX é obrigatória",
      valorAgregado: "Como pode agregar valor é obrigatório",
    });
    const fields = {
      titulo: "Curso de UX",
      tipo: "Cursos",
      valor: "R$ 499,90",
      linkPlataforma: "https://cursos.exemplo.com/ux",
      chavePix: "iara@agencia.digital",
      valorAgregado: "Melhorar os protótipos",
    };
    const ok = await send(fields, [{ name: "ementa.pdf", type: "application/pdf", content: SAMPLE_PDF }]);
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = (
      await ctx().database.db.execute(
        sql`select dados->>'criadoPor' as criado_por, valor, chave_pix from requests`,
      )
    ).rows;
    expect(row).toEqual({ criado_por: "Iara Reis", valor: "499.90", chave_pix: "iara@agencia.digital" });
    expect((await send(fields)).statusCode).toBe(201);
  });
});

describeWithApp("Minhas solicitações", { env }, (ctx) => {
  it("lists a user's requests of every kind, newest first, in pages, and hides them from others", async () => {
    const a = await signedInUser(ctx(), "joao@agencia.digital", "João");
    const b = await signedInUser(ctx(), "karla@agencia.digital", "Karla");
    const reembolso = (await postReembolso(ctx(), a.cookie)).json();
    for (let i = 0; i < 3; i++) {
      await ctx().app.inject({
        method: "POST",
        url: "/api/solicitacoes/material",
        headers: { cookie: a.cookie },
        payload: {
          nome: "João",
          descricao: `Cadeira ${i}`,
          motivo: "Ergonomia",
          quantidade: 1,
          urgencia: "baixa",
        },
      });
    }
    const page1 = await ctx().app.inject({ url: "/api/solicitacoes?limit=2", headers: { cookie: a.cookie } });
    expect(page1.json()).toMatchObject({
      total: 4,
      items: [
        { tipo: "material", resumo: "Cadeira 2 (1)" },
        { tipo: "material", resumo: "Cadeira 1 (1)" },
      ],
    });
    const page2 = await ctx().app.inject({
      url: `/api/solicitacoes?limit=2&cursor=${page1.json().nextCursor}`,
      headers: { cookie: a.cookie },
    });
    expect(page2.json().items.map((i: { tipo: string }) => i.tipo)).toEqual(["material", "reembolso"]);
    expect(page2.json().items[1]).toMatchObject({ valor: 123456, status: "pendente" });
    expect(page2.json().nextCursor).toBeNull();

    const mine = await ctx().app.inject({
      url: `/api/solicitacoes/reembolso/${reembolso.id}`,
      headers: { cookie: a.cookie },
    });
    expect(mine.statusCode).toBe(200);
    const attachment = mine.json().anexos[0];
    expect(attachment).toMatchObject({ nome: "Recibo de Março.pdf", contentType: "application/pdf" });
    expect((await ctx().app.inject({ url: attachment.url, headers: { cookie: a.cookie } })).statusCode).toBe(
      200,
    );

    // User B: empty list, and A's request and receipt do not exist for B.
    expect(
      (await ctx().app.inject({ url: "/api/solicitacoes", headers: { cookie: b.cookie } })).json(),
    ).toMatchObject({ total: 0, items: [] });
    expect(
      (
        await ctx().app.inject({
          url: `/api/solicitacoes/reembolso/${reembolso.id}`,
          headers: { cookie: b.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await ctx().app.inject({ url: attachment.url, headers: { cookie: b.cookie } })).statusCode).toBe(
      404,
    );
    expect((await ctx().app.inject({ url: attachment.url })).statusCode).toBe(401);
    expect(
      (
        await ctx().app.inject({
          url: "/api/solicitacoes/reembolso/nao-e-uuid",
          headers: { cookie: a.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers every page whole, compressed or not, from the database or from memory, and a broken cursor with 400", async () => {
    const a = await signedInUser(ctx(), "lia@agencia.digital", "Lia");
    for (let i = 0; i < 12; i++) {
      const created = await ctx().app.inject({
        method: "POST",
        url: "/api/solicitacoes/material",
        headers: { cookie: a.cookie },
        payload: {
          nome: "Lia",
          descricao: `Monitor ${i}`,
          motivo: "Trabalho",
          quantidade: 1,
          urgencia: "baixa",
        },
      });
      expect(created.statusCode).toBe(201);
    }
    const get = (url: string, encoding?: string) =>
      ctx().app.inject({
        url,
        headers: { cookie: a.cookie, ...(encoding ? { "accept-encoding": encoding } : {}) },
      });
    const body = (res: Awaited<ReturnType<typeof get>>) =>
      JSON.parse(
        (res.headers["content-encoding"] === "br"
          ? brotliDecompressSync(res.rawPayload)
          : res.headers["content-encoding"] === "gzip"
            ? gunzipSync(res.rawPayload)
            : res.rawPayload
        ).toString("utf8"),
      );
    // Large enough to be compressed: the first call reads the database, the next ones memory.
    // (Sent as they are with BALCAO_COMPRESSION=off: `npm run test:plain`.)
    const compressed = ctx().config.seams.compression;
    const fromDatabase = await get("/api/solicitacoes?limit=10", "br");
    expect(fromDatabase.statusCode).toBe(200);
    expect(fromDatabase.headers["content-encoding"]).toBe(compressed ? "br" : undefined);
    const page = body(fromDatabase);
    expect(page.items).toHaveLength(10);
    expect(page.total).toBe(12);
    const fromMemory = await get("/api/solicitacoes?limit=10", "gzip");
    expect(fromMemory.headers["content-encoding"]).toBe(compressed ? "gzip" : undefined);
    expect(body(fromMemory)).toEqual(page);
    expect(body(await get("/api/solicitacoes?limit=10"))).toEqual(page);
    const next = await get(`/api/solicitacoes?limit=10&cursor=${page.nextCursor}`, "br");
    expect(body(next).items.map((i: { resumo: string }) => i.resumo)).toEqual([
      "Monitor 1 (1)",
      "Monitor 0 (1)",
    ]);

    const broken = await get("/api/solicitacoes?limit=10&cursor=nada", "br");
    expect(broken.statusCode).toBe(400);
    expect(body(broken)).toMatchObject({ fields: { cursor: "Página inválida" } });
  });
});
