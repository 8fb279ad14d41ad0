import type { PlanChannel } from "../options";

/*
 * What each channel of spec §9 asks of a post: the formats that work there,
 * where its call to action points and how it is produced. The wording is the
 * agency's everyday Portuguese.
 */

export type PostFormat = { tipo: string; descricao: string };

export type ChannelProfile = {
  canal: PlanChannel;
  /** Short-video feeds reward frequency; the others keep one post a week. */
  perWeek: 1 | 2;
  formats: readonly [PostFormat, ...PostFormat[]];
  /** Where a link lives on the channel: 'pelo link na bio'. */
  linkPlace: string;
  /** How one follows the channel: 'siga o perfil'. */
  follow: string;
  /** How one answers on the channel: 'conte nos comentários'. */
  reply: string;
  production: string;
  /**
   * The days its audience reads it: 'uteis' for channels read at work or in
   * the inbox (Monday to Friday, national holidays off), 'todos' for feeds
   * people scroll at any time, weekends included.
   */
  days: "uteis" | "todos";
  /** When its audience is there: 'entre 8h e 10h'. */
  hours: string;
  /** Weekdays (0 is Sunday) its audience answers best on; empty when any of its days will do. */
  bestWeekdays: readonly number[];
  /** A measure only this channel has, added to the objective's KPI. */
  kpiExtra: string | null;
};

const PROFILES: Record<PlanChannel, ChannelProfile> = {
  Instagram: {
    canal: "Instagram",
    perWeek: 2,
    formats: [
      {
        tipo: "Reels",
        descricao: "Reels de 30 a 45 segundos, com o gancho nos 3 primeiros segundos e legenda na tela",
      },
      {
        tipo: "Carrossel",
        descricao:
          "Carrossel de 6 a 8 cards que vai da dor do público à solução, com a chamada no último card",
      },
      { tipo: "Stories", descricao: "Sequência de 4 a 6 stories com enquete ou caixa de perguntas" },
      { tipo: "Post estático", descricao: "Post estático com uma mensagem central forte e legenda de apoio" },
    ],
    linkPlace: "pelo link na bio",
    follow: "siga o perfil",
    reply: "conte nos comentários",
    production:
      "Formato vertical: 9:16 para Reels e Stories, 4:5 (1080x1350) para o feed. Legenda com até 5 hashtags de nicho e texto alternativo nas imagens.",
    days: "todos",
    hours: "entre 11h e 13h ou entre 18h e 21h",
    bestWeekdays: [],
    kpiExtra: null,
  },
  Facebook: {
    canal: "Facebook",
    perWeek: 1,
    formats: [
      {
        tipo: "Post",
        descricao: "Post com imagem e texto de até 3 parágrafos curtos, pensado para compartilhamento",
      },
      { tipo: "Vídeo", descricao: "Vídeo de até 1 minuto, legendado para ser assistido sem som" },
      { tipo: "Álbum de fotos", descricao: "Álbum com 4 a 6 fotos reais da marca, do produto ou da equipe" },
    ],
    linkPlace: "pelo link do post",
    follow: "siga a página",
    reply: "conte nos comentários",
    production:
      "Imagem 1:1 ou 4:5 e vídeo sempre legendado. Bom candidato a impulsionamento para o público local.",
    days: "todos",
    hours: "entre 12h e 15h",
    bestWeekdays: [],
    kpiExtra: null,
  },
  LinkedIn: {
    canal: "LinkedIn",
    perWeek: 1,
    formats: [
      {
        tipo: "Artigo",
        descricao: "Artigo de 600 a 900 palavras com a opinião da marca e exemplos do mercado",
      },
      { tipo: "Carrossel em PDF", descricao: "Documento em PDF de 6 a 10 páginas, com uma ideia por página" },
      {
        tipo: "Post",
        descricao: "Post em texto de até 1.300 caracteres, com uma abertura forte nas duas primeiras linhas",
      },
      {
        tipo: "Enquete",
        descricao: "Enquete de 3 ou 4 opções, com um comentário fixado explicando o contexto",
      },
    ],
    linkPlace: "pelo link no primeiro comentário",
    follow: "siga a página",
    reply: "conte nos comentários",
    production: "Pedir à equipe que comente e compartilhe nas primeiras horas.",
    days: "uteis",
    hours: "entre 8h e 10h",
    bestWeekdays: [2, 3, 4],
    kpiExtra: null,
  },
  TikTok: {
    canal: "TikTok",
    perWeek: 2,
    formats: [
      {
        tipo: "Vídeo curto",
        descricao: "Vídeo curto vertical de 15 a 45 segundos, com a linguagem nativa da plataforma",
      },
      {
        tipo: "Tendência adaptada",
        descricao: "Vídeo que adapta uma tendência da semana ao tema, sem perder a mensagem da marca",
      },
      { tipo: "Bastidores", descricao: "Vídeo de bastidores gravado no celular, sem produção elaborada" },
    ],
    linkPlace: "pelo link do perfil",
    follow: "siga o perfil",
    reply: "conte nos comentários",
    production:
      "Vertical 9:16, áudio em alta na semana e legenda na tela. Gravar com pessoas reais da equipe.",
    days: "todos",
    hours: "entre 18h e 22h",
    bestWeekdays: [],
    kpiExtra: null,
  },
  YouTube: {
    canal: "YouTube",
    perWeek: 1,
    formats: [
      {
        tipo: "Vídeo",
        descricao:
          "Vídeo de 6 a 10 minutos com capítulos e roteiro em três atos: problema, solução e próximo passo",
      },
      { tipo: "Shorts", descricao: "Shorts de até 60 segundos com um recorte do tema" },
    ],
    linkPlace: "pelo link na descrição",
    follow: "inscreva-se no canal",
    reply: "deixe nos comentários",
    production:
      "Miniatura com rosto e no máximo 4 palavras; título com a palavra-chave; descrição com capítulos e links.",
    days: "todos",
    hours: "entre 17h e 19h",
    bestWeekdays: [4, 5, 6],
    kpiExtra: "retenção média dos vídeos",
  },
  "Blog/Site": {
    canal: "Blog/Site",
    perWeek: 1,
    formats: [
      {
        tipo: "Artigo",
        descricao:
          "Artigo de 1.000 a 1.500 palavras otimizado para busca, com intertítulos e perguntas frequentes",
      },
      { tipo: "Guia", descricao: "Guia em passos numerados, com imagens e um checklist para baixar" },
      {
        tipo: "Estudo de caso",
        descricao: "Estudo de caso com contexto, desafio, solução e resultados em números",
      },
    ],
    linkPlace: "no formulário ao fim do artigo",
    follow: "assine a nossa newsletter",
    reply: "deixe seu comentário",
    production:
      "Definir a palavra-chave principal antes de escrever; meta description de até 155 caracteres; links internos para as páginas de produto.",
    days: "uteis",
    hours: "pela manhã, até 10h",
    bestWeekdays: [1, 2, 3, 4],
    kpiExtra: "visitas orgânicas",
  },
  "Email Marketing": {
    canal: "Email Marketing",
    perWeek: 1,
    formats: [
      { tipo: "E-mail", descricao: "E-mail curto com um único assunto e um único botão de chamada" },
      {
        tipo: "Newsletter",
        descricao: "Newsletter com o resumo dos conteúdos da semana e um destaque principal",
      },
    ],
    linkPlace: "no botão deste e-mail",
    follow: "adicione o nosso endereço aos seus contatos",
    reply: "responda este e-mail",
    production:
      "Assunto de até 45 caracteres com pré-cabeçalho complementar; enviar para a base segmentada e conferir a versão para celular.",
    days: "uteis",
    hours: "entre 9h e 11h",
    bestWeekdays: [2, 3, 4],
    kpiExtra: "taxa de abertura e de cliques",
  },
  "WhatsApp Business": {
    canal: "WhatsApp Business",
    perWeek: 1,
    formats: [
      {
        tipo: "Lista de transmissão",
        descricao: "Mensagem curta para a lista de transmissão, com uma imagem e um único link",
      },
      { tipo: "Status", descricao: "Sequência de status com bastidores e a novidade da semana" },
    ],
    linkPlace: "pelo link desta mensagem",
    follow: "salve o nosso número",
    reply: "responda esta mensagem",
    production:
      "Enviar só para quem aceitou receber mensagens, no máximo uma vez por semana, e responder em até 1 hora no horário comercial.",
    days: "uteis",
    hours: "entre 10h e 12h",
    bestWeekdays: [],
    kpiExtra: "taxa de resposta",
  },
  "Twitter/X": {
    canal: "Twitter/X",
    perWeek: 1,
    formats: [
      {
        tipo: "Thread",
        descricao: "Sequência de 5 a 8 posts que desenvolve uma ideia, com a chamada no último",
      },
      { tipo: "Post", descricao: "Post curto com uma opinião ou um dado, ligado aos assuntos do momento" },
    ],
    linkPlace: "pelo link do post",
    follow: "siga o perfil",
    reply: "responda aqui",
    production: "Acompanhar os assuntos do momento e responder às menções no mesmo dia.",
    days: "todos",
    hours: "entre 12h e 14h ou entre 18h e 20h",
    bestWeekdays: [],
    kpiExtra: null,
  },
  Pinterest: {
    canal: "Pinterest",
    perWeek: 1,
    formats: [
      {
        tipo: "Pin",
        descricao: "Pin vertical 2:3 com título sobre a imagem e descrição rica em palavras-chave",
      },
      { tipo: "Pin em vídeo", descricao: "Pin em vídeo de 6 a 15 segundos mostrando o passo a passo" },
    ],
    linkPlace: "pelo link do pin",
    follow: "siga as nossas pastas",
    reply: "comente no pin",
    production:
      "Imagem de 1000x1500 px, organizada em pastas temáticas, com o link para a página certa do site.",
    days: "todos",
    hours: "entre 20h e 23h",
    bestWeekdays: [0, 5, 6],
    kpiExtra: "cliques para o site",
  },
};

/*
 * With no channel ticked, Instagram reaches the broadest Brazilian audience and
 * LinkedIn covers the B2B side; a plan with both is a sensible place to start.
 */
export const DEFAULT_CHANNELS: readonly PlanChannel[] = ["Instagram", "LinkedIn"];

export function channelProfile(channel: PlanChannel): ChannelProfile {
  return PROFILES[channel];
}
