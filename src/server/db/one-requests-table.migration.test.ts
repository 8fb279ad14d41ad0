import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { createLocalStorage } from "../storage/local-storage";
import { clickMagicLink, cookieHeader, requestMagicLink } from "../testing/auth-helpers";
import { emptyDatabase, migrateUpTo } from "../testing/migration-steps";
import { SAMPLE_PDF } from "../testing/multipart";
import { startSmtpSink } from "../testing/smtp-sink";
import {
  TEST_AUTH_SECRET,
  TEST_WEBHOOK_SECRET,
  type TestContext,
  testConfig,
  testDatabaseKinds,
} from "../testing/test-app";
import { migrateDatabase } from "./client";

/*
 * Migration 0013 (docs/decisions/034-one-requests-table.md) on a database as the
 * release before it left it: requests of every kind in their five tables, with
 * files, events, a notification and webhooks. After the server's own start
 * migrates it, the author and the team read the same requests, the same file
 * bytes and the same timeline through the API.
 */

const ANA = "user-ana";
const FABIO = "user-fabio";
const ids = {
  reembolsoPago: "00000000-0000-4000-8000-000000000001",
  reembolsoAguardando: "00000000-0000-4000-8000-000000000002",
  bolsa: "00000000-0000-4000-8000-000000000003",
  material: "00000000-0000-4000-8000-000000000004",
  suporte: "00000000-0000-4000-8000-000000000005",
  seo: "00000000-0000-4000-8000-000000000006",
};
const RECIBO = "reembolso/00000000-0000-4000-8000-000000000001/recibo.pdf";
const LAUDO = "seo/00000000-0000-4000-8000-000000000006/laudo.pdf";

/** The data of the release before: written as its tables were (migrations 0000–0012). */
async function writeOldData(run: (statement: ReturnType<typeof sql>) => Promise<unknown>) {
  await run(sql`insert into users (id, name, email, email_verified) values
    (${ANA}, 'Ana Souza', 'ana@agencia.digital', true), (${FABIO}, 'Fábio Financeiro', 'fabio@agencia.digital', true)`);
  await run(
    sql`insert into team_members (team_id, email) select id, 'fabio@agencia.digital' from teams where key = 'financeiro'`,
  );
  await run(sql`insert into reembolso_solicitacoes (id, user_id, status, idempotency_key, created_at, status_changed_at,
      version, decided_at, decided_by, settled_at, settled_by, sla_minutes, nome, valor, data, categoria, descricao,
      centro_custo, chave_pix, anexo_url, valor_aprovado, pago_em, forma_pagamento)
    values (${ids.reembolsoPago}, ${ANA}, 'pago', 'chave-1', '2026-03-02T12:00:00Z', '2026-03-05T12:00:00Z', 3,
      '2026-03-03T12:00:00Z', 'Fábio Financeiro', '2026-03-05T12:00:00Z', 'Fábio Financeiro', 480, 'Ana Souza', 123.45,
      '2026-03-01', 'alimentacao', 'Almoço com o cliente em São Paulo', 'marketing', '52998224725',
      'http://localhost:3000/api/anexos/x', 100.00, '2026-03-05', 'pix')`);
  await run(sql`insert into reembolso_solicitacoes (id, user_id, status, created_at, status_changed_at, version,
      pending_approval_team_id, nome, valor, data, categoria, descricao, centro_custo, valor_aprovado)
    select ${ids.reembolsoAguardando}, ${ANA}, 'em_analise', '2026-03-10T12:00:00Z', '2026-03-10T12:00:00Z', 1, id,
      'Ana Souza', 2500.00, '2026-03-09', 'hospedagem', 'Hotel da feira', 'comercial', 2500.00 from teams where key = 'rh'`);
  await run(sql`insert into bolsa_solicitacoes (id, user_id, created_at, titulo, tipo, valor, link_plataforma, chave_pix,
      valor_agregado, criado_por)
    values (${ids.bolsa}, ${ANA}, '2026-03-11T12:00:00Z', 'Curso de UX', 'Cursos', 499.90, 'https://cursos.exemplo.com/ux',
      'ana@agencia.digital', 'Melhorar os protótipos', 'Ana Souza')`);
  await run(sql`insert into material_solicitacoes (id, user_id, status, created_at, nome, descricao, motivo,
      link_referencia, quantidade, urgencia)
    values (${ids.material}, ${ANA}, 'aprovado', '2026-03-12T12:00:00Z', 'Ana Souza', 'Monitor 27 polegadas',
      'O atual falhou', null, 3, 'media')`);
  await run(sql`insert into suporte_solicitacoes (id, user_id, created_at, nome, email, departamento, assunto, descricao,
      prioridade)
    values (${ids.suporte}, ${ANA}, '2026-03-13T12:00:00Z', 'Ana Souza', 'ana@agencia.digital', 'RH', 'Férias',
      'Dúvida sobre o saldo de férias', 'baixa')`);
  await run(sql`insert into seo_solicitacoes (id, user_id, status, created_at, url, tipo_analise, nome, email, resposta)
    values (${ids.seo}, ${ANA}, 'concluida', '2026-03-14T12:00:00Z', 'https://site.exemplo.com/', 'seo', 'Ana Souza',
      'ana@agencia.digital', 'Análise enviada por e-mail')`);
  await run(sql`insert into events (subject_kind, subject_id, actor_id, actor_name, actor_email, type, action,
      from_status, to_status, reason, at)
    values ('reembolso', ${ids.reembolsoPago}, ${ANA}, 'Ana Souza', 'ana@agencia.digital', 'criada', null, null,
      'pendente', null, '2026-03-02T12:00:00Z'),
    ('reembolso', ${ids.reembolsoPago}, ${FABIO}, 'Fábio Financeiro', 'fabio@agencia.digital', 'transicao', 'aprovar',
      'em_analise', 'aprovado', 'Aprovado em parte: limite de almoço', '2026-03-03T12:00:00Z'),
    ('seo', ${ids.seo}, ${FABIO}, 'Fábio Financeiro', 'fabio@agencia.digital', 'transicao', 'concluir', 'em_analise',
      'concluida', null, '2026-03-15T12:00:00Z')`);
  await run(sql`insert into anexos (user_id, solicitacao_tipo, solicitacao_id, storage_key, nome_original, nome_arquivo,
      content_type, tamanho, sha256)
    values (${ANA}, 'reembolso', ${ids.reembolsoPago}, ${RECIBO}, 'recibo.pdf', 'recibo.pdf', 'application/pdf',
      ${SAMPLE_PDF.length}, 'abc')`);
  await run(sql`insert into anexos (user_id, solicitacao_tipo, solicitacao_id, storage_key, nome_original, nome_arquivo,
      content_type, tamanho, evento_id)
    select ${FABIO}, 'seo', ${ids.seo}, ${LAUDO}, 'laudo.pdf', 'laudo.pdf', 'application/pdf', ${SAMPLE_PDF.length}, id
    from events where subject_id = ${ids.seo}`);
  await run(sql`insert into notifications (user_id, type, subject_kind, subject_id, title)
    values (${ANA}, 'moved', 'reembolso', ${ids.reembolsoPago}, 'Sua solicitação foi paga')`);
  await run(sql`insert into outbox (id, kind, payload, status, attempts, source_table, source_id, delivered_at)
    values ('10000000-0000-4000-8000-000000000001', 'reembolso', '{}', 'delivered', 1, 'reembolso_solicitacoes',
      ${ids.reembolsoPago}, now()),
    ('10000000-0000-4000-8000-000000000002', 'bolsa', '{}', 'failed', 8, 'bolsa_solicitacoes', ${ids.bolsa}, null)`);
}

for (const kind of testDatabaseKinds()) {
  describe(`migration 0013: one table for every request [${kind}]`, () => {
    let ctx: TestContext;
    let drop = async () => {};
    const uploadsDir = mkdtempSync(path.join(tmpdir(), "balcao-uploads-"));

    beforeAll(async () => {
      const empty = await emptyDatabase(kind);
      drop = empty.drop;
      await migrateUpTo(empty.database, "0012_user_row_deleted_notify");
      await writeOldData((statement) => empty.database.db.execute(statement));
      for (const key of [RECIBO, LAUDO]) {
        mkdirSync(path.dirname(path.join(uploadsDir, key)), { recursive: true });
        writeFileSync(path.join(uploadsDir, key), SAMPLE_PDF);
      }
      await migrateDatabase(empty.database);
      const mail = await startSmtpSink();
      const config = testConfig({ SMTP_URL: mail.url });
      const app: App = await buildApp({
        config,
        database: empty.database,
        authSecret: TEST_AUTH_SECRET,
        webhookSecret: TEST_WEBHOOK_SECRET,
        storage: createLocalStorage(uploadsDir),
        startOutboxWorker: false,
        webRoot: null,
      });
      ctx = { app, database: empty.database, mail, config, kind, uploadsDir };
      // A fresh database migrated step by step, not the tests' template: slower than the others.
    }, 90_000);
    afterAll(async () => {
      await ctx?.app.close();
      await ctx?.mail.close();
      await drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    });

    const signIn = async (email: string) => {
      const opened = await clickMagicLink(ctx, await requestMagicLink(ctx, email));
      return cookieHeader(opened.headers["set-cookie"]);
    };
    const get = async (cookie: string, url: string) => {
      const res = await ctx.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res;
    };

    it("leaves one table, every reference pointing at the same requests", async () => {
      const db = ctx.database.db;
      const tables = (
        await db.execute(sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_name like '%_solicitacoes'`)
      ).rows;
      expect(tables).toEqual([]);
      const rows = (await db.execute(sql`select kind, id from requests order by id`)).rows;
      expect(rows).toEqual([
        { kind: "reembolso", id: ids.reembolsoPago },
        { kind: "reembolso", id: ids.reembolsoAguardando },
        { kind: "bolsa", id: ids.bolsa },
        { kind: "material", id: ids.material },
        { kind: "suporte", id: ids.suporte },
        { kind: "seo", id: ids.seo },
      ]);
      const outbox = (await db.execute(sql`select source_table, source_id from outbox order by id`)).rows;
      expect(outbox).toEqual([
        { source_table: "requests", source_id: ids.reembolsoPago },
        { source_table: "requests", source_id: ids.bolsa },
      ]);
      expect((await db.execute(sql`select count(*)::int as n from events`)).rows[0]).toEqual({ n: 3 });
      // Migration 0015 (decision 037): the paid reimbursement and the concluded analysis are closed.
      const open = (await db.execute(sql`select id from requests where not aberta order by id`)).rows;
      expect(open).toEqual([{ id: ids.reembolsoPago }, { id: ids.seo }]);
      expect((await db.execute(sql`select count(*)::int as n from notifications`)).rows[0]).toEqual({ n: 1 });
    });

    it("shows the author the same requests, fields, files, deliveries and timeline", async () => {
      const ana = await signIn("ana@agencia.digital");
      const list = (await get(ana, "/api/solicitacoes")).json();
      expect(list.total).toBe(6);
      expect(list.items.map((i: { id: string }) => i.id)).toEqual([
        ids.seo,
        ids.suporte,
        ids.material,
        ids.bolsa,
        ids.reembolsoAguardando,
        ids.reembolsoPago,
      ]);
      expect(list.items.at(-1)).toMatchObject({ resumo: "Almoço com o cliente em São Paulo", valor: 12345 });

      const paid = (await get(ana, `/api/solicitacoes/reembolso/${ids.reembolsoPago}`)).json();
      expect(paid.dados).toMatchObject({
        nome: "Ana Souza",
        valor: 12345,
        data: "2026-03-01",
        categoria: "alimentacao",
        descricao: "Almoço com o cliente em São Paulo",
        centroCusto: "marketing",
        chavePix: "52998224725",
        valorAprovado: 10000,
        pagoEm: "2026-03-05",
        formaPagamento: "pix",
        status: "pago",
      });
      expect(paid.anexos).toHaveLength(1);
      expect(paid.entrega).toMatchObject({ status: "delivered" });
      const file = await get(ana, `/api/anexos/${paid.anexos[0].id}`);
      expect(file.rawPayload.equals(Buffer.from(SAMPLE_PDF))).toBe(true);
      const timeline = (
        await get(ana, `/api/solicitacoes/reembolso/${ids.reembolsoPago}/linha-do-tempo`)
      ).json();
      expect(JSON.stringify(timeline)).toContain("Aprovado em parte: limite de almoço");

      expect((await get(ana, `/api/solicitacoes/bolsa/${ids.bolsa}`)).json()).toMatchObject({
        dados: { titulo: "Curso de UX", tipo: "Cursos", valor: 49990, chavePix: "ana@agencia.digital" },
        entrega: { status: "failed" },
      });
      expect((await get(ana, `/api/solicitacoes/material/${ids.material}`)).json().dados).toMatchObject({
        quantidade: 3,
        linkReferencia: null,
        urgencia: "media",
      });
      expect((await get(ana, `/api/solicitacoes/suporte/${ids.suporte}`)).json().dados).toMatchObject({
        departamento: "RH",
        assunto: "Férias",
      });
      const seo = (await get(ana, `/api/solicitacoes/seo/${ids.seo}`)).json();
      expect(seo.dados).toMatchObject({ resposta: "Análise enviada por e-mail", tipoAnalise: "seo" });
      const seoTimeline = JSON.stringify(
        (await get(ana, `/api/solicitacoes/seo/${ids.seo}/linha-do-tempo`)).json(),
      );
      expect(seoTimeline).toContain("laudo.pdf");
    });

    it("keeps the team's queue and the awaited approval", async () => {
      const fabio = await signIn("fabio@agencia.digital");
      const queue = (await get(fabio, "/api/caixa")).json();
      expect(queue.items.map((i: { id: string }) => i.id)).toEqual([ids.reembolsoAguardando]);
      expect(queue.items[0]).toMatchObject({ aguardandoAprovacaoDe: "RH" });
    });
  });
}
