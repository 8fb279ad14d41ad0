import type { PlanObjective } from "../options";
import type { ChannelProfile } from "./channels";
import type { LoopKind } from "./loops";
import { capitalize } from "./text";

/*
 * What each objective of spec §9 means for a post (its KPI and call to
 * action), for a pillar (its growth loop) and for the month's A/B test.
 */

export type ObjectiveExperiment = {
  nome: string;
  hipotese: string;
  metrica: string;
  /** The post's 'ab_test': the two versions to produce. */
  variante: string;
};

export type ObjectiveProfile = {
  /** The objective's label, written as the post's 'meta_primaria'. */
  label: string;
  kpi: string;
  cta: (channel: ChannelProfile, theme: string) => string;
  /** A pillar for plans whose request names no theme. */
  theme: string;
  loop: LoopKind;
  experiment: ObjectiveExperiment;
};

const PROFILES: Record<PlanObjective, ObjectiveProfile> = {
  "Reconhecimento de marca": {
    label: "Reconhecimento de marca",
    kpi: "Alcance e impressões",
    cta: (channel) => `${capitalize(channel.follow)} e compartilhe com quem precisa ver isto`,
    theme: "História e propósito da marca",
    loop: "bastidores",
    experiment: {
      nome: "Capa com rosto x capa com texto",
      hipotese:
        "Capas com um rosto humano fazem o público parar de rolar a tela e alcançam mais pessoas do que capas só com texto.",
      metrica: "Alcance e retenção nos 3 primeiros segundos",
      variante: "Capa com rosto x capa com texto",
    },
  },
  "Geração de leads": {
    label: "Geração de leads",
    kpi: "Leads gerados e custo por lead",
    cta: (channel, theme) => `Baixe o material gratuito sobre ${theme} ${channel.linkPlace}`,
    theme: "Materiais gratuitos e diagnósticos",
    loop: "isca",
    experiment: {
      nome: "Material gratuito x convite para conversa",
      hipotese:
        "Oferecer um material gratuito gera mais contatos qualificados do que convidar direto para uma conversa comercial.",
      metrica: "Leads gerados e custo por lead",
      variante: "Material gratuito x convite para conversa",
    },
  },
  "Vendas diretas": {
    label: "Vendas diretas",
    kpi: "Conversões e receita atribuída",
    cta: (channel) => `Aproveite a condição do mês ${channel.linkPlace}`,
    theme: "Ofertas e benefícios",
    loop: "oferta",
    experiment: {
      nome: "Preço em destaque x benefício em destaque",
      hipotese: "Destacar o benefício para o cliente converte mais do que destacar o preço.",
      metrica: "Taxa de conversão e receita por publicação",
      variante: "Preço em destaque x benefício em destaque",
    },
  },
  Engajamento: {
    label: "Engajamento",
    kpi: "Taxa de engajamento (comentários, salvamentos e compartilhamentos)",
    cta: (channel, theme) => `${capitalize(channel.reply)}: qual é a sua maior dúvida sobre ${theme}?`,
    theme: "Conversa com a comunidade",
    loop: "comunidade",
    experiment: {
      nome: "Pergunta aberta x enquete",
      hipotese: "Uma enquete de resposta rápida gera mais interações do que uma pergunta aberta na legenda.",
      metrica: "Taxa de engajamento por publicação",
      variante: "Pergunta aberta x enquete",
    },
  },
  "Educação do público": {
    label: "Educação do público",
    kpi: "Salvamentos, compartilhamentos e tempo de leitura",
    cta: (channel) => `Salve este conteúdo e ${channel.follow} para receber mais dicas`,
    theme: "Perguntas frequentes do público",
    loop: "educativo",
    experiment: {
      nome: "Carrossel x vídeo curto",
      hipotese: "O mesmo conteúdo educativo em carrossel é mais salvo do que em vídeo curto.",
      metrica: "Salvamentos e compartilhamentos",
      variante: "Carrossel x vídeo curto",
    },
  },
  "Lançamento de produto": {
    label: "Lançamento de produto",
    kpi: "Cliques no link e cadastros de interesse",
    cta: (channel) => `Conheça a novidade em primeira mão ${channel.linkPlace}`,
    theme: "Novidades e lançamentos",
    loop: "lancamento",
    experiment: {
      nome: "Prévia em sequência x anúncio direto",
      hipotese:
        "Uma sequência de prévias gera mais expectativa e mais cliques no lançamento do que um anúncio direto.",
      metrica: "Cliques no link e cadastros na lista de interesse",
      variante: "Prévia em sequência x anúncio direto",
    },
  },
  "Posicionamento de autoridade": {
    label: "Posicionamento de autoridade",
    kpi: "Novos seguidores qualificados e menções",
    cta: (channel) => `${capitalize(channel.follow)} para acompanhar as análises da nossa equipe`,
    theme: "Tendências e opinião de especialistas",
    loop: "autoridade",
    experiment: {
      nome: "Opinião do especialista x dados de mercado",
      hipotese:
        "Publicações com a opinião assinada por um especialista geram mais comentários qualificados do que publicações só com dados.",
      metrica: "Comentários qualificados e novos seguidores do público-alvo",
      variante: "Opinião do especialista x dados de mercado",
    },
  },
  "Divulgação de evento": {
    label: "Divulgação de evento",
    kpi: "Inscrições e confirmações de presença",
    cta: (channel) => `Garanta a sua vaga ${channel.linkPlace}`,
    theme: "Agenda e eventos",
    loop: "evento",
    experiment: {
      nome: "Últimas vagas x quem já confirmou",
      hipotese:
        "Mostrar quem já confirmou presença (prova social) gera mais inscrições do que o apelo de últimas vagas.",
      metrica: "Inscrições e cliques no link do evento",
      variante: "Últimas vagas x quem já confirmou",
    },
  },
};

/** For a request without objectives: reach and conversation, what every brand needs anyway. */
export const DEFAULT_OBJECTIVE: ObjectiveProfile = {
  label: "Alcance e engajamento",
  kpi: "Alcance e taxa de engajamento",
  cta: (channel) => `${capitalize(channel.follow)} e ${channel.reply}: o que você quer ver por aqui?`,
  theme: "Conversa com a comunidade",
  loop: "comunidade",
  experiment: {
    nome: "Horário de publicação",
    hipotese: "Publicar no início da noite alcança mais pessoas do que publicar na hora do almoço.",
    metrica: "Alcance e engajamento nas primeiras 24 horas",
    variante: "Publicação às 12h x às 19h",
  },
};

export function objectiveProfile(objective: PlanObjective): ObjectiveProfile {
  return PROFILES[objective];
}

/**
 * The objectives a theme's pillar serves. With fewer objectives than themes
 * they repeat; with more, each theme takes several, so no objective is left
 * without posts.
 */
export function objectivesForTheme(
  objectives: readonly ObjectiveProfile[],
  themeCount: number,
  themeIndex: number,
): ObjectiveProfile[] {
  const list = objectives.length ? objectives : [DEFAULT_OBJECTIVE];
  if (list.length <= themeCount) return [list[themeIndex % list.length] ?? DEFAULT_OBJECTIVE];
  return list.filter((_, index) => index % themeCount === themeIndex);
}
