import { dayMonth } from "./calendar";
import { dateStyle } from "./commemorative-dates";
import type { GeneratorContext } from "./context";
import { capitalize, clip, joinPt, lowerFirstWord } from "./text";

/*
 * The month read for the client in a few sentences: calendar, audience,
 * objectives, channels, dates, events, tone and notes. Always at least six,
 * never more than eight.
 */

const TEXT_MAX = 2000;
const NOTES_MAX = 800;

const MARKET_ADVICE: Record<string, string> = {
  B2B: "Em B2B a decisão de compra é racional e compartilhada: priorize provas, números e conteúdos que o cliente possa repassar ao time.",
  B2C: "Em B2C a decisão é mais rápida e emocional: priorize prova social, bastidores e chamadas diretas.",
  "B2B e B2C":
    "Com públicos B2B e B2C, separe as mensagens por canal: LinkedIn e e-mail para empresas, Instagram e WhatsApp para consumidores.",
};

function monthInsight(ctx: GeneratorContext): string {
  const dates = ctx.dates.map((date) => `${date.name} (${dayMonth(date.date)})`);
  const count = dates.length === 1 ? "1 data comemorativa" : `${dates.length} datas comemorativas`;
  const month = `${capitalize(ctx.monthName)} de ${ctx.year}`;
  return `${month} tem ${ctx.weeks.length} semanas de domingo a sábado e ${count} no radar: ${joinPt(dates)}.`;
}

function clientInsight(ctx: GeneratorContext): string {
  const { client } = ctx;
  const segment = client.segment ? ` (${lowerFirstWord(clip(client.segment, 120))})` : "";
  const audience = ctx.audience
    ? `o público prioritário é: ${ctx.audience.replace(/[.;\s]+$/, "")}.`
    : "o público não foi detalhado no pedido: confirme a persona com os dados das redes antes de produzir.";
  const market = client.market_type ? MARKET_ADVICE[client.market_type] : undefined;
  return [`Para ${client.name}${segment}, ${audience}`, market].filter(Boolean).join(" ");
}

function objectivesInsight(ctx: GeneratorContext): string {
  if (!ctx.objectivesGiven) {
    return "Nenhum objetivo foi definido: o plano equilibra alcance e engajamento. Defina uma meta principal no próximo pedido para medir o retorno com mais precisão.";
  }
  const labels = ctx.objectives.map((objective) => objective.label);
  const kpis = [...new Set(ctx.objectives.map((objective) => lowerFirstWord(objective.kpi)))];
  return `Objetivos do mês: ${joinPt(labels)}. Cada post traz a meta e o KPI correspondentes; acompanhe ${joinPt(kpis)} toda semana.`;
}

function channelsInsight(ctx: GeneratorContext): string {
  const names = ctx.channels.map((channel) => channel.canal);
  const perWeek = ctx.channels.reduce((sum, channel) => sum + channel.perWeek, 0);
  const total = perWeek * ctx.weeks.length;
  const opening = ctx.channelsDefaulted
    ? `Nenhum canal foi escolhido: o plano parte de ${joinPt(names)}, com ${total} publicações no mês.`
    : `${joinPt(names)} somam ${total} publicações no mês.`;
  const frequent = ctx.channels.filter((channel) => channel.perWeek === 2).map((channel) => channel.canal);
  const frequency = frequent.length
    ? ` ${joinPt(frequent)} ${frequent.length === 1 ? "recebe" : "recebem"} duas publicações por semana, porque ali o alcance depende de frequência.`
    : "";
  return opening + frequency;
}

function datesInsight(ctx: GeneratorContext): string {
  const commercial = [...ctx.hooks.highlighted, ...ctx.dates].find(
    (date) => dateStyle(date.name) === "comercial",
  );
  const sensitive = ctx.dates
    .filter((date) => dateStyle(date.name) === "respeitosa")
    .map((date) => date.name);
  const parts = [
    commercial
      ? `${commercial.name} (${dayMonth(commercial.date)}) é a principal data comercial do mês: comece o aquecimento uma semana antes e guarde a melhor condição para a data.`
      : "As datas do mês são mais comemorativas do que comerciais: use-as para aproximar a marca do público, sem forçar vendas.",
    sensitive.length
      ? `${joinPt(sensitive)} ${sensitive.length === 1 ? "pede" : "pedem"} tom respeitoso, sem apelo de venda.`
      : "",
  ];
  return parts.filter(Boolean).join(" ");
}

function eventsInsight(ctx: GeneratorContext): string | null {
  const placed = ctx.hooks.byWeek.flat().filter((hook) => hook.style === "evento");
  const parts = [
    placed.length
      ? `Eventos do cliente no calendário: ${joinPt(placed.map((hook) => hook.gancho.replace(/^Evento do cliente: /, "")))}.`
      : "",
    ctx.hooks.outsideMonth.length
      ? `Fora de ${ctx.monthName}: ${joinPt(ctx.hooks.outsideMonth.map((event) => `${event.name}${event.date ? ` (${dayMonth(event.date)})` : ""}`))}; prepare a divulgação com antecedência.`
      : "",
    ctx.hooks.highlighted.length
      ? `O cliente também destacou ${joinPt(ctx.hooks.highlighted.map((date) => date.name))}.`
      : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}

function toneInsight(ctx: GeneratorContext): string {
  return `${ctx.toneSentence} Mantenha o mesmo tom em todos os canais e ajuste só o formato.`;
}

function notesInsight(ctx: GeneratorContext): string | null {
  const notes = [ctx.requestNotes, ctx.client.notes]
    .filter((note): note is string => Boolean(note))
    .map((note) => clip(note, NOTES_MAX).replace(/[.;\s]+$/, ""));
  return notes.length ? `Observações a considerar: ${notes.join("; ")}.` : null;
}

export function buildInsights(ctx: GeneratorContext): string[] {
  return [
    monthInsight(ctx),
    clientInsight(ctx),
    objectivesInsight(ctx),
    channelsInsight(ctx),
    datesInsight(ctx),
    eventsInsight(ctx),
    toneInsight(ctx),
    notesInsight(ctx),
  ]
    .filter((insight): insight is string => Boolean(insight))
    .map((insight) => clip(insight, TEXT_MAX));
}
