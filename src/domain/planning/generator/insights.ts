import { byCount, counted } from "./agreement";
import { dayMonth } from "./calendar";
import { dateStyle } from "./commemorative-dates";
import type { GeneratorContext } from "./context";
import { offerLabel } from "./offers";
import type { LeadUp } from "./schedule";
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

const PRODUCTS_NAMED_MAX = 5;

function productsSentence(ctx: GeneratorContext): string {
  if (!ctx.productsGiven) return "";
  const named = ctx.products.slice(0, PRODUCTS_NAMED_MAX);
  const rest = ctx.products.length - named.length;
  const list = rest > 0 ? `${named.join(", ")} e mais ${counted(rest, "item", "itens")}` : joinPt(named);
  return ctx.products.length === 1
    ? ` Produto em destaque: ${list}, presente nas publicações do mês.`
    : ` Produtos em destaque: ${list}, em rodízio nas publicações do mês.`;
}

function objectivesInsight(ctx: GeneratorContext): string {
  if (!ctx.objectivesGiven) {
    return `Nenhum objetivo foi definido: o plano equilibra alcance e engajamento. Defina uma meta principal no próximo pedido para medir o retorno com mais precisão.${productsSentence(ctx)}`;
  }
  const labels = ctx.objectives.map((objective) => objective.label);
  const kpis = [...new Set(ctx.objectives.map((objective) => lowerFirstWord(objective.kpi)))];
  const heading = byCount(labels.length, "Objetivo do mês", "Objetivos do mês");
  return `${heading}: ${joinPt(labels)}. Cada post traz a meta e o KPI correspondentes; acompanhe ${joinPt(kpis)} toda semana.${productsSentence(ctx)}`;
}

function channelsInsight(ctx: GeneratorContext): string {
  const names = ctx.channels.map((channel) => channel.canal);
  const total = counted(ctx.schedule.posts.length, "publicação", "publicações");
  const opening = ctx.channelsDefaulted
    ? `Nenhum canal foi escolhido: o plano parte de ${joinPt(names)}, com ${total} no mês.`
    : `${joinPt(names)} ${byCount(names.length, "soma", "somam")} ${total} no mês, distribuídas pelos dias de cada semana, com no máximo ${ctx.schedule.dailyCap} por dia.`;
  const frequent = ctx.channels.filter((channel) => channel.perWeek === 2).map((channel) => channel.canal);
  const frequency = frequent.length
    ? ` ${joinPt(frequent)} ${byCount(frequent.length, "recebe", "recebem")} duas publicações por semana, porque ali o alcance depende de frequência.`
    : "";
  const business = ctx.channels.filter((channel) => channel.days === "uteis").map((channel) => channel.canal);
  const workdays = business.length
    ? ` ${joinPt(business)} ${byCount(business.length, "sai", "saem")} só em dias úteis (sem fins de semana e feriados nacionais), no horário em que o público está no trabalho.`
    : "";
  return opening + frequency + workdays;
}

function warmUpSentence(ctx: GeneratorContext): string {
  const label = (lead: LeadUp) =>
    `${lead.hook.name}${lead.hook.date ? ` (${dayMonth(lead.hook.date)})` : ""}`;
  const covered = ctx.schedule.warmUps.filter((lead) => lead.covered);
  const early = ctx.schedule.warmUps.filter((lead) => lead.from === null);
  const bare = ctx.schedule.warmUps.filter((lead) => !lead.covered && lead.from !== null);
  const parts = [
    covered.length
      ? `${byCount(covered.length, "A data comercial", "As datas comerciais")} ${joinPt(covered.map(label))} ${byCount(covered.length, "ganha", "ganham")} aquecimento nos 7 dias anteriores: as publicações desses dias ${byCount(covered.length, "a", "as")} anunciam.`
      : "",
    early.length
      ? `${joinPt(early.map(label))} ${byCount(early.length, "cai", "caem")} no início do mês: o aquecimento fica para o fim do mês anterior.`
      : "",
    bare.length
      ? `${joinPt(bare.map(label))} não ${byCount(bare.length, "tem", "têm")} publicação livre nos dias anteriores: faça o aquecimento nos stories e no atendimento.`
      : "",
  ];
  return parts.filter(Boolean).join(" ");
}

function datesInsight(ctx: GeneratorContext): string {
  const commercial = [...ctx.hooks.highlighted, ...ctx.dates].find(
    (date) => dateStyle(date.name) === "comercial",
  );
  const sensitive = ctx.dates
    .filter((date) => dateStyle(date.name) === "respeitosa")
    .map((date) => date.name);
  const offer = commercial ? ctx.offers.get(commercial.name) : undefined;
  const parts = [
    commercial
      ? `${commercial.name} (${dayMonth(commercial.date)}) é a principal data comercial do mês: guarde a melhor condição para a data${offer ? ` (${lowerFirstWord(offerLabel(offer))}: ${offer})` : ""}.`
      : "As datas do mês são mais comemorativas do que comerciais: use-as para aproximar a marca do público, sem forçar vendas.",
    warmUpSentence(ctx),
    sensitive.length
      ? `${joinPt(sensitive)} ${byCount(sensitive.length, "pede", "pedem")} tom respeitoso, sem apelo de venda.`
      : "",
  ];
  return parts.filter(Boolean).join(" ");
}

function eventsInsight(ctx: GeneratorContext): string | null {
  const placed = ctx.hooks.byWeek.flat().filter((hook) => hook.style === "evento");
  const names = placed.map((hook) => hook.gancho.replace(/^Evento do cliente: /, ""));
  const announced = ctx.schedule.announcements.filter((lead) => lead.covered);
  const unannounced = ctx.schedule.announcements.filter((lead) => !lead.covered);
  const parts = [
    placed.length
      ? `${byCount(placed.length, "Evento do cliente no calendário", "Eventos do cliente no calendário")}: ${joinPt(names)}.`
      : "",
    announced.length
      ? `${joinPt(announced.map((lead) => lead.hook.name))} ${byCount(announced.length, "ganha", "ganham")} anúncio nos dias anteriores e recapitulação na semana seguinte, quando há publicação nela.`
      : "",
    unannounced.length
      ? `${joinPt(unannounced.map((lead) => lead.hook.name))} ${byCount(unannounced.length, "cai", "caem")} ${unannounced.every((lead) => lead.from === null) ? "no início do mês" : "sem publicação livre antes"}: anuncie ainda no mês anterior.`
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
