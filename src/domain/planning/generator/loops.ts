import { normalize } from "./text";

/*
 * Growth loops behind content pillars: what a pillar's post sets in motion so
 * the next one reaches more people. Loops fed by the audience itself (search,
 * referrals, saved and shared content) bring customers without paying for
 * each one, which is what 'cac_reducao' records.
 */

export type LoopKind =
  | "busca"
  | "evento"
  | "lancamento"
  | "oferta"
  | "prova"
  | "educativo"
  | "comunidade"
  | "autoridade"
  | "bastidores"
  | "isca";

type Loop = { loop: string; cacReducao: boolean };

export const GROWTH_LOOPS: Record<LoopKind, Loop> = {
  busca: {
    loop: "Conteúdo responde a uma busca real → visitas orgânicas e contatos → as dúvidas desses contatos viram os próximos conteúdos",
    cacReducao: true,
  },
  evento: {
    loop: "Convite para o evento → inscrições → conteúdo gravado no evento → divulgação da próxima edição com mais prova social",
    cacReducao: false,
  },
  lancamento: {
    loop: "Prévias geram expectativa → lista de interessados → lançamento para um público já aquecido → primeiros clientes viram prova social",
    cacReducao: false,
  },
  oferta: {
    loop: "Oferta clara com prova social → compra → cliente recebe convite para indicar → a próxima oferta chega com mais prova social",
    cacReducao: false,
  },
  prova: {
    loop: "Cliente satisfeito conta a experiência → a indicação chega a pessoas parecidas → novos clientes geram novos depoimentos",
    cacReducao: true,
  },
  educativo: {
    loop: "Conteúdo útil é salvo e compartilhado → novos seguidores orgânicos → mais alcance para o próximo conteúdo",
    cacReducao: true,
  },
  comunidade: {
    loop: "Pergunta ao público → comentários e conteúdos dos seguidores → a plataforma amplia o alcance → mais gente participa",
    cacReducao: true,
  },
  autoridade: {
    loop: "Opinião de especialista → comentários e compartilhamentos de colegas do setor → convites e menções → mais autoridade",
    cacReducao: true,
  },
  bastidores: {
    loop: "Bastidores humanizam a marca → confiança e compartilhamentos → mais pessoas acompanham a rotina e lembram da marca",
    cacReducao: false,
  },
  isca: {
    loop: "Material gratuito atrai contatos → nutrição por e-mail → venda → clientes indicam o material a colegas",
    cacReducao: true,
  },
};

/* The first matching rule wins: 'Dicas para a Black Friday' is an offer before it is a tip. */
const KEYWORD_RULES: ReadonlyArray<readonly [RegExp, LoopKind]> = [
  [/\bseo\b|\bblog|\bgoogle|\bbusca/, "busca"],
  [/\bevento|\bfeira|workshop|webinar|\blive\b|palestra|congresso/, "evento"],
  [/lancament|novidade|estreia|pre-venda/, "lancamento"],
  [/promo|oferta|descont|\bvenda|preco|cupom|black friday|liquida/, "oferta"],
  [/depoiment|avaliac|\bcases?\b|resultado|indicac|prova social|\bclientes?\b/, "prova"],
  [
    /dica|tutorial|\bcomo\b|educa|\bguia|aprend|passo a passo|duvida|pergunta|\bmitos?\b|receita/,
    "educativo",
  ],
  [/comunidade|engaja|interac|enquete|desafio|sorteio/, "comunidade"],
  [/autoridade|tendencia|mercado|opiniao|analise|especialista|lideranca|inovac/, "autoridade"],
  [/bastidor|equipe|\btime\b|cultura|historia|proposito|institucional|valores/, "bastidores"],
];

/** The loop a theme suggests by its words, or null to let the objective decide. */
export function loopKindOfTheme(theme: string): LoopKind | null {
  const text = normalize(theme);
  return KEYWORD_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
