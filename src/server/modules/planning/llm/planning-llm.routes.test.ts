import { sql } from "drizzle-orm";
import { afterAll, beforeEach, expect, it } from "vitest";
import { planYears } from "@/domain/planning/options";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { describeWithApp } from "../../../testing/test-app";
import {
  automationContent,
  getPlan as getPlanOf,
  requestGeneratingPlan,
  waitForPlanStatus,
} from "../testing/plan-fixtures";
import { type ChatRequest, completion, jsonAnswer, startFakeChatServer } from "./testing/fake-chat-server";

const llm = await startFakeChatServer();
afterAll(() => llm.close());
const TIMEOUT_SECONDS = 3;
const YEAR = planYears()[0]!;

/** A plan as a model would answer it: valid, with its days inside November and inside their week. */
function modelPlan(): PlanContentInput {
  const content = automationContent();
  const week = content.calendario_editorial.semanas[0]!;
  week.semana = "Semana 1";
  week.data_inicio = `${YEAR}-11-01`;
  week.data_fim = `${YEAR}-11-07`;
  week.posts[0]!.data_sugerida = `${YEAR}-11-05`;
  return content;
}

/** The same plan with a post without a title and a day in December. */
function brokenPlan(): PlanContentInput {
  const content = modelPlan();
  const post = content.calendario_editorial.semanas[0]!.posts[0]!;
  post.titulo = "";
  content.calendario_editorial.semanas[0]!.posts.push({
    ...post,
    titulo: "Natal",
    data_sugerida: `${YEAR}-12-24`,
  });
  return content;
}

const lastUserMessage = (request: ChatRequest) =>
  request.body.messages.filter((message) => message.role === "user").at(-1)!.content;

describeWithApp(
  "content plans written by an LLM (PLAN_LLM_URL)",
  {
    env: {
      REQUIRE_EMAIL_VERIFICATION: "false",
      PLAN_LLM_URL: llm.url,
      PLAN_LLM_MODEL: "modelo-de-teste",
      PLAN_LLM_API_KEY: "chave-de-teste",
      PLAN_GENERATOR_TIMEOUT: String(TIMEOUT_SECONDS),
    },
  },
  (ctx) => {
    beforeEach(() => llm.reset());

    const requestPlan = requestGeneratingPlan;
    const getPlan = (id: string, cookie: string) => getPlanOf(ctx(), id, cookie);
    const waitForStatus = (id: string, cookie: string, status: string, timeoutMs?: number) =>
      waitForPlanStatus(ctx(), id, cookie, status, timeoutMs);

    const storedPlan = async (id: string) =>
      (
        await ctx().database.db.execute<{ status: string }>(
          sql`select status from planejamentos_conteudo where id = ${id}`,
        )
      ).rows[0];

    it("asks the model with the plan's JSON schema and the month's skeleton, and stores its plan", async () => {
      llm.queue(completion(modelPlan()));
      const { manager, id } = await requestPlan(ctx());
      const plan = await waitForStatus(id, manager.cookie, "gerado");
      expect(plan.gerador).toBe("llm");
      const post = plan.content!.calendario_editorial.semanas[0]!.posts[0]!;
      expect(post).toMatchObject({
        titulo: "Como nasce o nosso pão",
        data_sugerida: `${YEAR}-11-05`,
        ab_test: "Teste A/B",
        bitrix_created: false,
      });
      expect(post.id).toMatch(/^[0-9a-f-]{36}$/);

      const [sent] = llm.received;
      expect(sent!.method).toBe("POST");
      expect(sent!.path).toBe("/v1/chat/completions");
      expect(sent!.headers.authorization).toBe("Bearer chave-de-teste");
      expect(sent!.body.model).toBe("modelo-de-teste");
      expect(sent!.body.response_format).toMatchObject({
        type: "json_schema",
        json_schema: {
          name: "planejamento_de_conteudo",
          strict: true,
          schema: {
            type: "object",
            additionalProperties: false,
            required: ["insights_gerais", "content_pillars", "calendario_editorial", "experimentos"],
          },
        },
      });
      // The skeleton: the built-in generator's weeks with their days, November's dates and the client's event.
      const data = JSON.parse(lastUserMessage(sent!).split("\n\n").slice(1).join("\n\n"));
      expect(data.solicitacao.canais).toEqual(["Instagram", "LinkedIn"]);
      expect(data.cliente.nome).toBe("Padaria Pão Quente");
      const skeleton = data.esqueleto_do_calendario;
      expect(data.solicitacao.mes_referencia).toBe(`novembro de ${YEAR}`);
      expect(skeleton.feriados_nacionais).toContain(`${YEAR}-11-15`);
      expect(skeleton.semanas[0].data_inicio).toBe(`${YEAR}-11-01`);
      expect(skeleton.semanas.at(-1).data_fim).toBe(`${YEAR}-11-30`);
      const days = skeleton.publicacoes.map((p: { data_sugerida: string }) => p.data_sugerida);
      expect(days.length).toBeGreaterThan(0);
      for (const day of days) expect(day.startsWith(`${YEAR}-11-`)).toBe(true);
      expect(skeleton.datas_comemorativas.map((d: { nome: string }) => d.nome)).toContain("Black Friday");
      expect(skeleton.eventos_cliente).toEqual([
        expect.objectContaining({ nome: "Aniversário da padaria", data: `${YEAR}-11-15` }),
      ]);
    });

    it("an answer that does not fit is sent back once with what is wrong, and the second answer is stored", async () => {
      const broken = JSON.stringify(brokenPlan());
      llm.queue(completion(broken), completion(modelPlan()));
      const { manager, id } = await requestPlan(ctx());
      const plan = await waitForStatus(id, manager.cookie, "gerado");
      expect(plan.content!.calendario_editorial.semanas[0]!.posts).toHaveLength(1);

      expect(llm.received).toHaveLength(2);
      const second = llm.received[1]!;
      const roles = second.body.messages.map((message) => message.role);
      expect(roles).toEqual(["system", "user", "assistant", "user"]);
      expect(second.body.messages[2]!.content).toBe(broken);
      const correction = lastUserMessage(second);
      expect(correction).toContain("- calendario_editorial.semanas.0.posts.0.titulo: Campo obrigatório");
      expect(second.body.response_format?.json_schema?.strict).toBe(true);
    });

    it("two answers that do not fit fail the plan, saying why; 'Tentar novamente' asks again", async () => {
      llm.queue(completion("não sei fazer isso"), completion({ insights_gerais: "texto" }));
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toMatch(/^Conteúdo do planejamento inválido: insights_gerais: /);
      expect(failed.content).toBeNull();
      expect(llm.received).toHaveLength(2);
      expect(lastUserMessage(llm.received[1]!)).toContain("\n- A resposta não é um JSON válido\n");

      llm.queue(completion(modelPlan()));
      const retried = await ctx().app.inject({
        method: "POST",
        url: `/api/planejamentos/${id}/gerar`,
        headers: { cookie: manager.cookie },
        payload: {},
      });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ status: "gerando", gerador: "llm" });
      const plan = await waitForStatus(id, manager.cookie, "gerado");
      expect(plan.gerador).toBe("llm");
      expect(llm.received).toHaveLength(3);
    });

    it("a 200 without choices (an error object from a compatible server) counts as an unusable answer", async () => {
      llm.queue(
        jsonAnswer(200, { error: "modelo carregando" }),
        jsonAnswer(200, { error: "modelo carregando" }),
      );
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toBe("Conteúdo do planejamento inválido: A resposta não é um JSON válido");
      expect(llm.received).toHaveLength(2);
    });

    it("a day outside the month counts as an answer that does not fit", async () => {
      const outside = modelPlan();
      outside.calendario_editorial.semanas[0]!.posts[0]!.data_sugerida = `${YEAR}-12-02`;
      llm.queue(completion(outside), completion(outside));
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toBe(
        `Conteúdo do planejamento inválido: calendario_editorial.semanas.0.posts.0.data_sugerida: ${YEAR}-12-02 está fora do mês (${YEAR}-11-01 a ${YEAR}-11-30)`,
      );
    });

    it("a model that does not answer in time fails the plan", async () => {
      llm.delay((TIMEOUT_SECONDS + 2) * 1000);
      llm.queue(completion(modelPlan()));
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou", (TIMEOUT_SECONDS + 3) * 1000);
      expect(failed.erro_geracao).toBe("O gerador não respondeu a tempo.");
      expect(failed.content).toBeNull();
      // The attempt itself gave up and wrote the failure down (no hanging call waiting for the sweep),
      // without trying again after its deadline.
      await expect.poll(async () => (await storedPlan(id))?.status, { timeout: 5000 }).toBe("falhou");
      expect(llm.received).toHaveLength(1);
    });

    it("a 429 with retry-after is waited out and the request made again", async () => {
      llm.queue(
        jsonAnswer(429, { error: { message: "Rate limit" } }, { "retry-after": "1" }),
        completion(modelPlan()),
      );
      const { manager, id } = await requestPlan(ctx());
      const plan = await waitForStatus(id, manager.cookie, "gerado");
      expect(plan.gerador).toBe("llm");
      expect(llm.received).toHaveLength(2);
      expect(llm.received[1]!.body).toEqual(llm.received[0]!.body);
    });

    it("a 429 asking to wait past the deadline fails the plan at once, without a retry", async () => {
      llm.queue(jsonAnswer(429, { error: { message: "Rate limit" } }, { "retry-after": "3600" }));
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toBe(
        "O serviço de IA está no limite de uso. Tente novamente em alguns minutos.",
      );
      expect(llm.received).toHaveLength(1);
    });

    it("an answer without end fails the plan at 4 MiB, without waiting for the timeout", async () => {
      llm.respondEndless();
      const { manager, id } = await requestPlan(ctx());
      await expect.poll(async () => (await storedPlan(id))?.status, { timeout: 5000 }).toBe("falhou");
      const failed = await getPlan(id, manager.cookie);
      expect(failed.erro_geracao).toBe("O gerador não conseguiu produzir o planejamento.");
    });

    it("a redirect is not followed: it fails the plan", async () => {
      llm.queue(jsonAnswer(307, {}, { location: `${llm.url}/chat/completions` }));
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toBe("O gerador não conseguiu produzir o planejamento.");
      expect(llm.received).toHaveLength(1);
    });

    it("a refusal fails the plan without asking again", async () => {
      llm.queue(completion(null, { refusal: "Não posso ajudar com isso." }));
      const { manager, id } = await requestPlan(ctx());
      const failed = await waitForStatus(id, manager.cookie, "falhou");
      expect(failed.erro_geracao).toBe("O modelo de IA se recusou a gerar este planejamento.");
      expect(llm.received).toHaveLength(1);
    });
  },
);
