import net from "node:net";
import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../outbox/signature";
import { startWebhookReceiver } from "../../outbox/testing/webhook-receiver";
import { describeWithApp, TEST_WEBHOOK_SECRET } from "../../testing/test-app";
import {
  automationContent,
  getPlan as getPlanOf,
  insertClient,
  planRequest,
  requestGeneratingPlan,
  waitForPlanStatus,
} from "./testing/plan-fixtures";

const automation = await startWebhookReceiver();
const TIMEOUT_SECONDS = 3;

describeWithApp(
  "content plans through the automation (PLAN_GENERATOR_URL)",
  {
    env: {
      REQUIRE_EMAIL_VERIFICATION: "false",
      PLAN_GENERATOR_URL: automation.url,
      PLAN_GENERATOR_TIMEOUT: String(TIMEOUT_SECONDS),
    },
  },
  (ctx) => {
    beforeEach(() => automation.reset());

    const requestPlan = requestGeneratingPlan;
    const getPlan = (id: string, cookie: string) => getPlanOf(ctx(), id, cookie);
    const waitForStatus = (id: string, cookie: string, status: string, timeoutMs?: number) =>
      waitForPlanStatus(ctx(), id, cookie, status, timeoutMs);

    const tokenOf = (sent: { body: string }) =>
      new URL(JSON.parse(sent.body).callback_url).searchParams.get("token")!;

    const callback = (id: string, query: string, payload: unknown, headers: Record<string, string> = {}) =>
      ctx().app.inject({
        method: "PUT",
        url: `/api/planejamentos/${id}/conteudo${query}`,
        headers,
        payload: payload as object,
      });

    it("posts the signed plan request and takes the content the automation answers at once", async () => {
      automation.respondWith(200, JSON.stringify({ success: true, ...automationContent() }), {
        "content-type": "application/json",
      });
      const { manager, client, id } = await requestPlan(ctx());
      const [sent] = await automation.waitFor(1);
      const body = JSON.parse(sent!.body);
      expect(body).toMatchObject({
        cliente: "Padaria Pão Quente",
        mesReferencia: "11",
        objetivoPrincipal: ["Geração de leads", "Engajamento"],
        canaisPlataformas: ["Instagram", "LinkedIn"],
        tomVozPersonalizado: "Como um vizinho que conhece você pelo nome",
        observacoesAdicionais: "",
        source: "balcao",
        planejamento_id: id,
        cliente_completo: {
          id: client.id,
          nome: "Padaria Pão Quente",
          segmento: "Alimentação",
          tipo_mercado: "B2C",
        },
      });
      expect(body.callback_url).toMatch(
        new RegExp(`^http://localhost:3000/api/planejamentos/${id}/conteudo\\?token=`),
      );
      expect(
        verifyWebhookSignature({
          secret: TEST_WEBHOOK_SECRET,
          id: String(sent!.headers["webhook-id"]),
          timestamp: String(sent!.headers["webhook-timestamp"]),
          body: sent!.body,
          signature: String(sent!.headers["webhook-signature"]),
        }),
      ).toBe(true);

      const plan = await waitForStatus(id, manager.cookie, "gerado");
      expect(plan.gerador).toBe("automacao");
      const post = plan.content!.calendario_editorial.semanas[0]!.posts[0]!;
      expect(post).toMatchObject({
        titulo: "Como nasce o nosso pão",
        ab_test: "Teste A/B",
        bitrix_created: false,
      });
      expect(plan.content!.calendario_editorial.semanas[0]!.semana).toBe("1");
    });

    it("waits for the callback: no token 401, another plan's token 403, bad content 422, then stored once", async () => {
      automation.respondWith(202, JSON.stringify({ success: true }), { "content-type": "application/json" });
      const first = await requestPlan(ctx());
      const firstToken = new URL(
        JSON.parse((await automation.waitFor(1))[0]!.body).callback_url,
      ).searchParams.get("token")!;
      // A second plan of the same manager, with its own token.
      const client = await insertClient(ctx(), "Outra Empresa");
      const second = await ctx().app.inject({
        method: "POST",
        url: "/api/planejamentos",
        headers: { cookie: first.manager.cookie },
        payload: planRequest(client.id),
      });
      const secondId = second.json().planejamento_id as string;
      const secondToken = new URL(
        JSON.parse((await automation.waitFor(2))[1]!.body).callback_url,
      ).searchParams.get("token")!;
      expect((await getPlan(first.id, first.manager.cookie)).status).toBe("gerando");

      expect((await callback(first.id, "", automationContent())).statusCode).toBe(401);
      expect((await callback(first.id, `?token=${secondToken}`, automationContent())).statusCode).toBe(403);
      expect((await callback(first.id, "?token=inventado", automationContent())).statusCode).toBe(403);

      const broken = automationContent() as unknown as {
        calendario_editorial: { semanas: { posts: object[] }[] };
      };
      broken.calendario_editorial.semanas[0]!.posts[0] = { canal: "Instagram" };
      const refused = await callback(first.id, `?token=${firstToken}`, broken);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "INVALID_PLAN_CONTENT",
        fields: { "calendario_editorial.semanas.0.posts.0.titulo": "Campo obrigatório" },
      });
      expect((await getPlan(first.id, first.manager.cookie)).content).toBeNull();

      const accepted = await callback(first.id, "", automationContent(), {
        authorization: `Bearer ${firstToken}`,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ success: true, planejamento_id: first.id });
      const plan = await getPlan(first.id, first.manager.cookie);
      expect(plan).toMatchObject({ status: "gerado", gerador: "automacao" });
      expect(plan.content!.insights_gerais).toEqual(["Novembro concentra buscas por presentes e cestas"]);
      // The token is spent: a replay cannot overwrite the plan.
      expect((await callback(first.id, `?token=${firstToken}`, automationContent())).statusCode).toBe(403);
      expect((await getPlan(secondId, first.manager.cookie)).status).toBe("gerando");
    });

    it("checks the token before reading the body: a wrong one is refused while 4 MiB are still to come", async () => {
      automation.respondWith(202, JSON.stringify({ success: true }), { "content-type": "application/json" });
      const { id } = await requestPlan(ctx());
      await automation.waitFor(1);
      await ctx().app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = ctx().app.server.address() as net.AddressInfo;
      const tries = [
        ["?token=inventado", {}, 403],
        ["", { authorization: "Bearer inventado" }, 403],
        ["", {}, 401],
        ["?token=inventado", {}, 403, "nao-e-um-id"],
      ] as const;
      for (const [query, headers, status, otherId] of tries) {
        const socket = net.connect(port, "127.0.0.1");
        socket.on("error", () => {});
        let text = "";
        const answered = new Promise<void>((resolve) => {
          socket.on("data", (chunk) => {
            text += chunk.toString("latin1");
            if (text.includes("\r\n\r\n{")) resolve();
          });
          socket.on("close", () => resolve());
        });
        const head = [
          `PUT /api/planejamentos/${otherId ?? id}/conteudo${query} HTTP/1.1`,
          "host: 127.0.0.1",
          "content-type: application/json",
          `content-length: ${4 * 1024 * 1024 - 1}`,
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        ];
        // The headers and the body's first bytes; the rest never comes.
        socket.write(`${head.join("\r\n")}\r\n\r\n{"calendario_editorial":"`);
        // Long enough for an answer; the server that waits for the body never gives one.
        await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 3000))]);
        socket.destroy();
        const expected = otherId ? 404 : status;
        expect(text.split("\r\n")[0], text).toBe(
          `HTTP/1.1 ${expected} ${expected === 401 ? "Unauthorized" : expected === 403 ? "Forbidden" : "Not Found"}`,
        );
        expect(text.toLowerCase()).toContain("connection: close");
        expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4).trim())).toHaveProperty("message");
      }
    });

    it("a failing automation leaves the plan failed with a retry, which asks again", async () => {
      automation.respondWith(500, "erro interno");
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toBe("O gerador não conseguiu produzir o planejamento.");
      expect((await getPlan(id, manager.cookie)).content).toBeNull();
      // The failed attempt's token is revoked: its callback can no longer write the plan.
      const failedToken = tokenOf(automation.received[0]!);
      expect((await callback(id, `?token=${failedToken}`, automationContent())).statusCode).toBe(403);
      expect((await getPlan(id, manager.cookie)).status).toBe("falhou");

      automation.respondWith(200, JSON.stringify(automationContent()), {
        "content-type": "application/json",
      });
      const retried = await ctx().app.inject({
        method: "POST",
        url: `/api/planejamentos/${id}/gerar`,
        headers: { cookie: manager.cookie },
        payload: {},
      });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().status).toBe("gerando");
      const plan = await waitForStatus(id, manager.cookie, "gerado");
      expect(plan.content!.experimentos.testes[0]!.nome).toBe("Capa");
      expect(automation.received).toHaveLength(2);
      expect(tokenOf(automation.received[1]!)).not.toBe(failedToken);
      // Retrying a generated plan is refused.
      const again = await ctx().app.inject({
        method: "POST",
        url: `/api/planejamentos/${id}/gerar`,
        headers: { cookie: manager.cookie },
        payload: {},
      });
      expect(again.statusCode).toBe(409);
    });

    it("an answer without end fails the plan at 4 MiB, without waiting for the timeout", async () => {
      automation.respondEndless(200, '{"insights_gerais":["', { "content-type": "application/json" });
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toBe("O gerador não conseguiu produzir o planejamento.");
      expect(await automation.waitForHangUps(1)).toHaveLength(1);
    });

    it("an answer with content that breaks the schema fails the plan, saying why", async () => {
      automation.respondWith(200, JSON.stringify({ insights_gerais: "texto", calendario_editorial: {} }), {
        "content-type": "application/json",
      });
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toMatch(/^Conteúdo do planejamento inválido: /);
    });

    it("times out: a slow answer, or a callback that never comes, fails the plan; a late callback is refused", async () => {
      automation.delay((TIMEOUT_SECONDS + 1) * 1000);
      const slow = await requestPlan(ctx());
      const failed = await waitForStatus(
        slow.id,
        slow.manager.cookie,
        "falhou",
        (TIMEOUT_SECONDS + 3) * 1000,
      );
      expect(failed.erro_geracao).toBe("O gerador não respondeu a tempo.");

      automation.reset();
      automation.respondWith(202, "{}", { "content-type": "application/json" });
      const client = await insertClient(ctx(), "Cliente Silencioso");
      const quiet = await ctx().app.inject({
        method: "POST",
        url: "/api/planejamentos",
        headers: { cookie: slow.manager.cookie },
        payload: planRequest(client.id),
      });
      const quietId = quiet.json().planejamento_id as string;
      const token = new URL(JSON.parse((await automation.waitFor(1))[0]!.body).callback_url).searchParams.get(
        "token",
      )!;
      const timedOut = await waitForStatus(
        quietId,
        slow.manager.cookie,
        "falhou",
        (TIMEOUT_SECONDS + 3) * 1000,
      );
      expect(timedOut.erro_geracao).toBe("O gerador não respondeu a tempo.");
      const list = await ctx().app.inject({
        method: "GET",
        url: "/api/planejamentos",
        headers: { cookie: slow.manager.cookie },
      });
      expect(list.json().items.find((p: { id: string }) => p.id === quietId).status).toBe("falhou");

      // Timed out, though the minute's sweep has not written it down yet: the token is revoked
      // all the same, the plan stays failed.
      const stored = async () =>
        (
          await ctx().database.db.execute<{ status: string; revoked: boolean }>(
            sql`select status, callback_token_hash is null as revoked from planejamentos_conteudo where id = ${quietId}`,
          )
        ).rows[0];
      expect(await stored()).toEqual({ status: "gerando", revoked: false });
      const late = await callback(quietId, `?token=${token}`, automationContent());
      expect(late.statusCode).toBe(403);
      expect(late.json().code).toBe("CALLBACK_TOKEN_INVALID");
      expect(await stored()).toEqual({ status: "falhou", revoked: true });
      const stillFailed = await getPlan(quietId, slow.manager.cookie);
      expect(stillFailed).toMatchObject({ status: "falhou", content: null });

      // 'Tentar novamente' issues a new token, which is taken; the old one stays refused.
      const retried = await ctx().app.inject({
        method: "POST",
        url: `/api/planejamentos/${quietId}/gerar`,
        headers: { cookie: slow.manager.cookie },
        payload: {},
      });
      expect(retried.json().status).toBe("gerando");
      const newToken = tokenOf((await automation.waitFor(2))[1]!);
      expect(newToken).not.toBe(token);
      expect((await callback(quietId, `?token=${token}`, automationContent())).statusCode).toBe(403);
      expect((await callback(quietId, `?token=${newToken}`, automationContent())).statusCode).toBe(200);
      expect((await getPlan(quietId, slow.manager.cookie)).status).toBe("gerado");
    });
  },
);
