import { planYears } from "@/domain/planning/options";
import type { PlanContentInput } from "@/domain/planning/plan-content.schema";
import { clients } from "../../../db/schema";
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
