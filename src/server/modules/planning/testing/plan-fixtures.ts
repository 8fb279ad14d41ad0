import { expect } from "vitest";
import { planYears } from "@/domain/planning/options";
import type { PlanDetail } from "@/domain/planning/plan";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { clients } from "../../../db/schema";
import { signedInUser } from "../../../testing/auth-helpers";
import type { TestContext } from "../../../testing/test-app";

/** A client row, straight into the table (the clients API has tests of its own). */
export async function insertClient(ctx: TestContext, name = "Padaria Pão Quente") {
  const [client] = await ctx.database.db
    .insert(clients)
    .values({ name, segment: "Alimentação", marketType: "B2C", website: "https://paoquente.com.br" })
    .returning();
  return client!;
}

export function planRequest(clienteId: string, overrides: Record<string, unknown> = {}) {
  return {
    clienteId,
    mesReferencia: "11",
    anoReferencia: planYears()[0],
    objetivoPrincipal: ["Geração de leads", "Engajamento"],
    publicoAlvo: "Famílias do bairro, 25 a 45 anos",
    canaisPlataformas: ["Instagram", "LinkedIn"],
    temasPilares: "Pães artesanais, bastidores da produção",
    eventosDatasComemorativas: "Aniversário da padaria dia 15",
    principaisProdutosServicos: "Pão de fermentação natural, cestas de café da manhã",
    tomVoz: ["Acolhedor", "Personalizado (especificar)"],
    tomVozPersonalizado: "Como um vizinho que conhece você pelo nome",
    observacoesAdicionais: "",
    ...overrides,
  };
}

/** Plan content as an automation would send it: valid against the plan schema. */
export function automationContent(): PlanContentInput {
  return {
    insights_gerais: ["Novembro concentra buscas por presentes e cestas"],
    content_pillars: {
      pillars: [
        {
          pilar: "Bastidores",
          loop_resumido: "Vídeo → compartilhamento → visita",
          objetivo: "Engajamento",
          cac_reducao: true,
        },
      ],
    },
    calendario_editorial: {
      semanas: [
        {
          semana: 1,
          posts: [
            {
              canal: "Instagram",
              tipo_post: "Reels",
              titulo: "Como nasce o nosso pão",
              cta: "Peça pelo WhatsApp",
              descricao_completa: "Do forno ao balcão em 30 segundos",
              meta_primaria: "Alcance",
              kpi: "Visualizações",
              gancho: "Black Friday",
              observacoes_producao: "Gravar às 5h",
              ab_test: true,
            },
          ],
        },
      ],
    },
    experimentos: {
      testes: [{ nome: "Capa", hipotese: "Rosto rende mais", metrica: "CTR", periodo: "Semana 1" }],
    },
  };
}

/** A planning manager's new plan, which a generator in the background (automation or LLM) now owes its content. */
export async function requestGeneratingPlan(ctx: TestContext) {
  const manager = await signedInUser(ctx, "planejamento@agencia.digital");
  const client = await insertClient(ctx);
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/planejamentos",
    headers: { cookie: manager.cookie },
    payload: planRequest(client.id),
  });
  expect(created.statusCode).toBe(201);
  // The plan exists at once, waiting for its generator.
  expect(created.json().status).toBe("gerando");
  return { manager, client, id: created.json().planejamento_id as string };
}

export async function getPlan(ctx: TestContext, id: string, cookie: string) {
  return (
    await ctx.app.inject({ method: "GET", url: `/api/planejamentos/${id}`, headers: { cookie } })
  ).json() as PlanDetail;
}

/** The plan once its (effective) status is `status`; throws if it stays otherwise for `timeoutMs`. */
export async function waitForPlanStatus(
  ctx: TestContext,
  id: string,
  cookie: string,
  status: string,
  timeoutMs = 8000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const plan = await getPlan(ctx, id, cookie);
    if (plan.status === status) return plan;
    if (Date.now() > deadline) throw new Error(`plan stayed ${plan.status}, expected ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
