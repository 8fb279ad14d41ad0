import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import type { ClientRow } from "../automation-client";
import type { PromptSkeleton } from "./plan-skeleton";

/*
 * What the model reads. The rules restate what the viewer, the calendar and
 * Bitrix24's deadline rely on (spec §3 Content plan); the data goes as JSON so
 * nothing the person typed can pass for an instruction's wording.
 */

const SYSTEM = `Você é estrategista de conteúdo de uma agência digital brasileira e escreve o planejamento mensal de conteúdo de um cliente.

Responda somente com o JSON do esquema pedido, em português do Brasil, com concordância correta de gênero e número.

Regras:
- Siga o esqueleto do calendário: as mesmas semanas (semana, data_inicio, data_fim) e um post para cada item de publicacoes, na semana de número indicado, com o mesmo canal e a mesma data_sugerida (aaaa-mm-dd). Ponha o horario do item em observacoes_producao. Escolha o tipo_post que melhor serve ao canal.
- Nenhuma data_sugerida fora do mês ou fora da sua semana. As datas e os dias da semana do esqueleto estão certos: não recalcule.
- Um post fala das datas do seu dia (datas) e das suas mencoes: 'aquecimento' prepara uma data comercial, 'anuncio' anuncia um evento do cliente, 'recap' relembra um evento que passou, 'proxima' lembra uma data que vem aí. Datas de tipo 'respeitosa' pedem respeito, nunca oferta. Use as ofertas (data → oferta) nos posts dessa data, com as palavras do cliente.
- Produtos, ofertas e eventos escritos na solicitação aparecem nos posts a que dizem respeito, com as palavras do cliente.
- titulo é a chamada do post; descricao_completa diz o que o post mostra; gancho é a primeira frase; cta é a ação pedida; meta_primaria e kpi dizem o que medir; observacoes_producao orienta a produção.
- ab_test: descreva a variação testada ('Carrossel x Reels') ou deixe ''.
- insights_gerais: frases curtas sobre o mês do cliente. content_pillars.pillars: de 3 a 5 pilares, com loop_resumido ('Post → salvamento → visita'), objetivo e cac_reducao (true se o pilar reduz o custo de aquisição). experimentos.testes: de 1 a 3 testes com hipótese, métrica e período.`;

/** The request as the form stored it, the client's record and the month's skeleton. */
export function planMessagesFor(input: {
  request: PlanRequestInput;
  client: ClientRow;
  skeleton: PromptSkeleton;
}): ChatCompletionMessageParam[] {
  const { request, client, skeleton } = input;
  const month = `${skeleton.nome_mes} de ${skeleton.ano}`;
  const data = {
    solicitacao: {
      mes_referencia: month,
      objetivo_principal: request.objetivoPrincipal,
      publico_alvo: request.publicoAlvo ?? "",
      canais: request.canaisPlataformas,
      temas_pilares: request.temasPilares ?? "",
      eventos_datas_comemorativas: request.eventosDatasComemorativas ?? "",
      produtos_servicos: request.principaisProdutosServicos ?? "",
      tom_de_voz: request.tomVoz,
      tom_de_voz_personalizado: request.tomVozPersonalizado ?? "",
      observacoes: request.observacoesAdicionais ?? "",
    },
    cliente: {
      nome: client.name,
      segmento: client.segment ?? "",
      tipo_mercado: client.marketType ?? "",
      tom_de_voz: client.voiceTone ?? "",
      persona: client.personaBrief ?? "",
      observacoes: client.notes ?? "",
      site: client.website ?? "",
    },
    esqueleto_do_calendario: skeleton,
  };
  return [
    { role: "system", content: SYSTEM },
    {
      role: "user",
      content: `Escreva o planejamento de ${month} para o cliente a partir destes dados:\n\n${JSON.stringify(data, null, 2)}`,
    },
  ];
}

/** The second and last request: the model's own answer, then what is wrong with it, path by path. */
export function correctionMessages(
  answer: string,
  problems: Record<string, string>,
): ChatCompletionMessageParam[] {
  const lines = Object.entries(problems)
    .slice(0, 50)
    // '_' is the answer as a whole (not JSON at all).
    .map(([path, problem]) => (path === "_" ? `- ${problem}` : `- ${path}: ${problem}`));
  return [
    { role: "assistant", content: answer },
    {
      role: "user",
      content: `A resposta não foi aceita pela validação do planejamento:\n${lines.join("\n")}\n\nResponda de novo com o planejamento completo, corrigido.`,
    },
  ];
}
