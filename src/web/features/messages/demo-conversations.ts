import type { DemoConversation, DemoMessage } from "./types";

let nextId = 0;
function thread(...lines: [mine: boolean, time: string, text: string][]): DemoMessage[] {
  return lines.map(([mine, time, text]) => ({ id: `m${++nextId}`, mine, time, text }));
}

/** Spec §2 /messages is a static demo: fixed colleagues and threads, nothing is fetched or stored. */
export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    id: "mariana-costa",
    name: "Mariana Costa",
    role: "Atendimento",
    avatarClassName: "bg-emerald-100 text-emerald-800",
    lastActivity: "10:42",
    day: "Hoje",
    unread: 0,
    messages: thread(
      [false, "10:15", "Bom dia! O cliente da padaria aprovou o calendário de posts de março."],
      [true, "10:18", "Que ótimo! Ele pediu algum ajuste nas datas comemorativas?"],
      [false, "10:31", "Só trocar o post do Dia da Mulher para o dia 8 às 9h."],
      [false, "10:42", "Consegue subir a nova versão até o fim da tarde?"],
    ),
  },
  {
    id: "rafael-oliveira",
    name: "Rafael Oliveira",
    role: "Criação",
    avatarClassName: "bg-amber-100 text-amber-900",
    lastActivity: "09:58",
    day: "Hoje",
    unread: 0,
    messages: thread(
      [false, "09:20", "Terminei as artes do carrossel da campanha de inverno."],
      [false, "09:21", "Deixei tudo na pasta do cliente, versão com e sem preço."],
      [true, "09:45", "Vi agora, ficaram lindas. Só o logo do último card está um pouco grande."],
      [false, "09:52", "Verdade, vou reduzir."],
      [true, "09:58", "Valeu! Depois me avisa que eu mando para aprovação."],
    ),
  },
  {
    id: "julia-mendes",
    name: "Júlia Mendes",
    role: "Mídia",
    avatarClassName: "bg-sky-100 text-sky-900",
    lastActivity: "Ontem",
    day: "Ontem",
    unread: 1,
    messages: thread(
      [true, "16:05", "Júlia, como está o desempenho dos anúncios da loja de calçados?"],
      [false, "16:40", "O CPC caiu 18% desde a troca dos criativos."],
      [false, "16:41", "Quero propor mais verba para o público de remarketing na reunião de quinta."],
    ),
  },
  {
    id: "thiago-andrade",
    name: "Thiago Andrade",
    role: "Desenvolvimento",
    avatarClassName: "bg-violet-100 text-violet-800",
    lastActivity: "Ontem",
    day: "Ontem",
    unread: 0,
    messages: thread(
      [false, "11:10", "Publiquei a landing page nova em homologação."],
      [true, "11:25", "Abri no celular e o formulário está cortando o botão."],
      [false, "11:32", "Corrigido! Pode conferir de novo?"],
      [true, "11:40", "Perfeito agora. Pode subir para produção."],
    ),
  },
  {
    id: "camila-ribeiro",
    name: "Camila Ribeiro",
    role: "Pessoas e Cultura",
    avatarClassName: "bg-rose-100 text-rose-800",
    lastActivity: "Seg",
    day: "Segunda-feira",
    unread: 1,
    messages: thread(
      [false, "14:00", "Oi! Lembrete: o prazo da bolsa de capacitação termina sexta."],
      [true, "14:12", "Obrigado! Vou enviar o pedido do curso de UX hoje."],
      [false, "14:15", "Combinado. Qualquer dúvida sobre os comprovantes, me chama."],
    ),
  },
  {
    id: "lucas-fernandes",
    name: "Lucas Fernandes",
    role: "Financeiro",
    avatarClassName: "bg-teal-100 text-teal-900",
    lastActivity: "12/03",
    day: "12 de março",
    unread: 0,
    messages: thread(
      [true, "15:30", "Lucas, o reembolso do Uber da visita ao cliente já foi aprovado?"],
      [false, "15:47", "Aprovado! Entra no pagamento do dia 20."],
    ),
  },
];
