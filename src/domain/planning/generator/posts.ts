import type { PlanPost, PlanWeek } from "../plan-content.schema";
import { daysLeft, withPreposition } from "./agreement";
import { dayMonth, daysBetween, weekContaining, weekdayName, weekLabel } from "./calendar";
import type { ChannelProfile, PostFormat } from "./channels";
import type { GeneratorContext } from "./context";
import type { ScheduledExperiment } from "./experiments";
import type { Hook, HookStyle } from "./hooks";
import { type ObjectiveProfile, objectivesForTheme } from "./objectives";
import { offerLabel } from "./offers";
import type { Mention, MentionKind, ScheduledPost } from "./schedule";
import { capitalize, clip, lowerFirstWord } from "./text";
import {
  pickTitle,
  type Template,
  type TitleParts,
  type TitleStyle,
  themeHook,
  toneTemplates,
} from "./titles";

/*
 * The editorial calendar, written from the schedule (schedule.ts): each post
 * has its day, the dates of that day and what it must say about the dates
 * around it (a warm-up, an announcement, a recap). A post's place in the month
 * decides its theme, objective, product and format, so the month rotates
 * through all of them and the same request always gives the same plan.
 */

const TEXT_MAX = 2000;
const TITLE_MAX = 300;

/** What a post is made of before it is written out. */
type PostPlan = {
  scheduled: ScheduledPost;
  weekOrder: number;
  /** The post's place among its channel's posts of the month. */
  channelSlot: number;
  theme: string;
  /** null when the post shows no product (a mourning date, or none typed). */
  product: string | null;
  objective: ObjectiveProfile;
  seed: number;
};

/** The month's running memory, so titles, hooks and products do not repeat. */
type Writer = {
  ctx: GeneratorContext;
  tones: Template[];
  titles: Set<string>;
  ganchos: Set<string>;
  productTurn: number;
};

type WrittenPost = { post: PlanPost; style: HookStyle | null };

const STYLE_NOTES: Record<HookStyle, string> = {
  comercial: "Data comercial: deixe clara a condição especial e retome o que o aquecimento prometeu.",
  feriado: "Feriado: informe o horário de atendimento e evite apelo de venda insistente.",
  respeitosa: "Data sensível: tom respeitoso, sem apelo de venda.",
  celebracao: "Data comemorativa: trate a data de forma leve e ligada ao tema do post.",
  evento: "Evento do cliente: confirme data, local e detalhes com o cliente antes de publicar.",
};

/** A date steers the post to the objective it serves best, when the request has that objective. */
const OBJECTIVES_BY_STYLE: Record<TitleStyle, readonly string[]> = {
  comercial: ["Vendas diretas", "Lançamento de produto", "Geração de leads"],
  aquecimento: ["Vendas diretas", "Geração de leads", "Lançamento de produto"],
  evento: ["Divulgação de evento", "Engajamento", "Reconhecimento de marca"],
  anuncio: ["Divulgação de evento", "Geração de leads", "Engajamento"],
  recap: ["Divulgação de evento", "Engajamento", "Reconhecimento de marca"],
  respeitosa: [
    "Reconhecimento de marca",
    "Engajamento",
    "Posicionamento de autoridade",
    "Educação do público",
  ],
  feriado: ["Reconhecimento de marca", "Engajamento"],
  celebracao: [],
};

/** Mourning dates and holidays get no sales call, whatever the objective. */
const SOFT_CTA: Partial<Record<HookStyle, (channel: ChannelProfile) => string>> = {
  respeitosa: () => "Compartilhe esta mensagem com quem também se importa com a data",
  feriado: (channel) => `${capitalize(channel.follow)} para acompanhar os horários e as novidades`,
};

const MENTION_STYLE: Record<MentionKind, TitleStyle | null> = {
  aquecimento: "aquecimento",
  anuncio: "anuncio",
  recap: "recap",
  proxima: null,
};

/** What drives the title and the objective: the post's own date first, else what it announces. */
function styleOf(post: ScheduledPost): TitleStyle | null {
  const own = post.hooks[0]?.style;
  if (own) return own;
  for (const mention of post.mentions) {
    const style = MENTION_STYLE[mention.kind];
    if (style) return style;
  }
  return null;
}

/** The date a title names: its own, else the one it warms up for, announces or recaps. */
function titleHook(post: ScheduledPost): string {
  return post.hooks[0]?.name ?? post.mentions.find((mention) => MENTION_STYLE[mention.kind])?.hook.name ?? "";
}

function objectiveFor(
  ctx: GeneratorContext,
  style: TitleStyle | null,
  rotated: ObjectiveProfile,
): ObjectiveProfile {
  for (const label of style ? OBJECTIVES_BY_STYLE[style] : []) {
    const objective = ctx.objectives.find((candidate) => candidate.label === label);
    if (objective) return objective;
  }
  return rotated;
}

function planPost(writer: Writer, scheduled: ScheduledPost, index: number, channelSlot: number): PostPlan {
  const { ctx } = writer;
  const weekOrder = (weekContaining(ctx.weeks, scheduled.day)?.index ?? 1) - 1;
  const themeIndex = index % ctx.themes.length;
  const objectives = objectivesForTheme(ctx.objectives, ctx.themes.length, themeIndex);
  const rotated = objectives[weekOrder % objectives.length] ?? ctx.objectives[0]!;
  // A product beside a mourning date reads as selling on it; the rotation skips such posts, so every product gets its turn.
  const showsProduct = !scheduled.hooks.some((hook) => hook.style === "respeitosa");
  const product = showsProduct ? (ctx.products[writer.productTurn % ctx.products.length] ?? null) : null;
  if (showsProduct) writer.productTurn++;
  return {
    scheduled,
    weekOrder,
    channelSlot,
    theme: ctx.themes[themeIndex] ?? "",
    product,
    objective: objectiveFor(ctx, styleOf(scheduled), rotated),
    seed: index,
  };
}

function titleParts(ctx: GeneratorContext, plan: PostPlan): TitleParts {
  return {
    theme: plan.theme,
    product: plan.product ?? ctx.products[0] ?? "",
    monthName: ctx.monthName,
    year: ctx.year,
    hook: titleHook(plan.scheduled),
  };
}

function formatOf(plan: PostPlan): PostFormat {
  const { formats } = plan.scheduled.channel;
  return formats[(plan.weekOrder + plan.channelSlot) % formats.length] ?? formats[0];
}

function kpiOf(plan: PostPlan): string {
  const extra = plan.scheduled.channel.kpiExtra;
  return extra ? `${plan.objective.kpi}; ${extra}` : plan.objective.kpi;
}

function ctaOf(plan: PostPlan): string {
  const first = plan.scheduled.hooks[0];
  const soft = first ? SOFT_CTA[first.style] : undefined;
  const { channel } = plan.scheduled;
  const cta = soft ? soft(channel) : plan.objective.cta(channel, plan.theme);
  return clip(cta, TITLE_MAX);
}

function offerSentence(ctx: GeneratorContext, hook: Hook): string {
  const offer = ctx.offers.get(hook.name);
  return offer ? ` ${offerLabel(offer)}: ${offer}.` : "";
}

function hookSentence(ctx: GeneratorContext, hook: Hook, product: string | null): string {
  const when = hook.date ? ` (${dayMonth(hook.date)})` : "";
  const subject = product ?? "a marca";
  switch (hook.style) {
    case "comercial":
      return `Data do dia: ${hook.name}${when}; apresente ${subject} como uma boa escolha para a ocasião.${offerSentence(ctx, hook)}`;
    case "feriado":
      return `Feriado do dia: ${hook.name}${when}; avise como fica o atendimento.`;
    case "respeitosa":
      return `Data do dia: ${hook.name}${when}; trate com respeito, sem oferta.`;
    case "celebracao":
      return `Data do dia: ${hook.name}${when}; conecte o tema a ela de forma leve.`;
    case "evento":
      return hook.date
        ? `Evento do cliente no dia: ${hook.name}${when}; use-o como motivo da publicação e diga como aproveitar.`
        : `Evento do cliente: ${hook.name}, sem data informada; confirme a data com o cliente e diga como aproveitar.`;
  }
}

function mentionSentence(ctx: GeneratorContext, mention: Mention, day: string): string {
  const { hook } = mention;
  const date = hook.date ?? day;
  const when = dayMonth(date);
  const gap = Math.abs(daysBetween(day, date));
  switch (mention.kind) {
    case "aquecimento":
      return `Aquecimento ${withPreposition("para", hook.name)} (${when}): ${daysLeft(gap)}; antecipe a condição especial e convide o público a se preparar.${offerSentence(ctx, hook)}`;
    case "anuncio":
      return `Anúncio do evento do cliente: ${hook.name} em ${when} (${daysLeft(gap)}); conte o que vai acontecer e como participar.`;
    case "recap":
      return `Recapitulação do evento do cliente: ${hook.name} (${when}); mostre como foi, agradeça a participação e diga o que vem a seguir.`;
    case "proxima":
      return hook.style === "respeitosa"
        ? `Data próxima: ${hook.gancho}; se for mencioná-la, faça com respeito e sem oferta.`
        : `Data próxima: ${hook.gancho}; mencione-a de forma leve.`;
  }
}

function mentionGancho(mention: Mention, day: string): string {
  const { hook } = mention;
  const when = dayMonth(hook.date ?? day);
  const gap = Math.abs(daysBetween(day, hook.date ?? day));
  switch (mention.kind) {
    case "aquecimento":
      return `${capitalize(daysLeft(gap))} ${withPreposition("para", hook.name)} (${when})`;
    case "anuncio":
      return `${gap === 1 ? "Amanhã" : `Daqui a ${gap} dias`}: ${hook.name} (${when})`;
    case "recap":
      return `Como foi: ${hook.name} (${when})`;
    case "proxima":
      // Not the post's own day: said so, so nobody publishes it as if it were.
      return `Data próxima: ${hook.gancho}`;
  }
}

function voiceReference(ctx: GeneratorContext): string {
  const ticked = ctx.toneLabels.length > 0 || ctx.customTone !== null;
  return ctx.client.voice_tone && ticked
    ? `Tom registrado no cadastro do cliente: ${clip(ctx.client.voice_tone, 200)}.`
    : "";
}

function description(ctx: GeneratorContext, plan: PostPlan, gancho: string): string {
  const { hooks, mentions, day } = plan.scheduled;
  const [first, ...others] = hooks;
  const example = ctx.productsGiven && plan.product ? `, com ${plan.product} como exemplo concreto` : "";
  const parts = [
    `${formatOf(plan).descricao}, sobre ${plan.theme}${example}.`,
    first ? hookSentence(ctx, first, plan.product) : `Abra com o gancho: ${lowerFirstWord(gancho)}.`,
    others.length ? `Também nesta data: ${others.map((hook) => hook.gancho).join("; ")}.` : "",
    ...mentions.map((mention) => mentionSentence(ctx, mention, day)),
    ctx.audience ? `Público: ${ctx.audience.replace(/[.;\s]+$/, "")}.` : "",
    `Meta: ${plan.objective.label.toLowerCase()}; acompanhe ${lowerFirstWord(kpiOf(plan))}.`,
    ctx.toneSentence,
    voiceReference(ctx),
  ];
  return clip(parts.filter(Boolean).join(" "), TEXT_MAX);
}

/** 'Sugestão de publicação: terça-feira, 03/11 (dia útil), entre 8h e 10h.' — the day is the post's data_sugerida. */
export function publicationSentence(channel: ChannelProfile, day: string): string {
  const business = channel.days === "uteis" ? " (dia útil)" : "";
  return `Sugestão de publicação: ${weekdayName(day)}, ${dayMonth(day)}${business}, ${channel.hours}.`;
}

function productionNotes(plan: PostPlan): string {
  const { channel, hooks, day } = plan.scheduled;
  const styles = [...new Set(hooks.map((hook) => hook.style))];
  const parts = [
    channel.production,
    publicationSentence(channel, day),
    ...styles.map((style) => STYLE_NOTES[style]),
  ];
  return clip(parts.join(" "), TEXT_MAX);
}

function ganchoOf(writer: Writer, plan: PostPlan, parts: TitleParts): string {
  const { hooks, mentions, day } = plan.scheduled;
  if (hooks.length) return clip(hooks.map((hook) => hook.gancho).join("; "), TITLE_MAX);
  // The first mention opens the post; the others are in its description.
  const [mention] = mentions;
  if (mention) return clip(mentionGancho(mention, day), TITLE_MAX);
  return themeHook(parts, plan.seed, writer.ganchos);
}

function writePost(writer: Writer, plan: PostPlan): WrittenPost {
  const { ctx } = writer;
  const parts = titleParts(ctx, plan);
  const gancho = ganchoOf(writer, plan, parts);
  const post: PlanPost = {
    canal: plan.scheduled.channel.canal,
    tipo_post: formatOf(plan).tipo,
    titulo: pickTitle(parts, styleOf(plan.scheduled), writer.tones, plan.seed, writer.titles),
    cta: ctaOf(plan),
    descricao_completa: description(ctx, plan, gancho),
    meta_primaria: plan.objective.label,
    kpi: clip(kpiOf(plan), TITLE_MAX),
    gancho,
    observacoes_producao: productionNotes(plan),
    ab_test: "",
    data_sugerida: plan.scheduled.day,
    bitrix_created: false,
    bitrix_task_id: null,
  };
  return { post, style: plan.scheduled.hooks[0]?.style ?? null };
}

/**
 * Each test of the week goes on a post that serves its objective, or else on
 * any post still free; never on a mourning date, where a variant would read as
 * a campaign.
 */
function applyExperiments(
  written: WrittenPost[],
  weekIndex: number,
  experiments: readonly ScheduledExperiment[],
) {
  for (const experiment of experiments.filter((test) => test.semanas.includes(weekIndex))) {
    const free = written
      .filter(({ post, style }) => post.ab_test === "" && style !== "respeitosa")
      .map(({ post }) => post);
    const post = free.find((candidate) => candidate.meta_primaria === experiment.objetivo) ?? free[0];
    if (!post) return;
    post.ab_test = experiment.variante;
    const note = `Teste A/B: produza as duas versões (${experiment.variante}) e publique para públicos equivalentes.`;
    post.observacoes_producao = clip(`${post.observacoes_producao} ${note}`, TEXT_MAX);
  }
}

export function buildCalendar(
  ctx: GeneratorContext,
  experiments: readonly ScheduledExperiment[],
): PlanWeek[] {
  const writer: Writer = {
    ctx,
    tones: toneTemplates(ctx.toneLabels, ctx.customTone),
    titles: new Set(),
    ganchos: new Set(),
    productTurn: 0,
  };
  const slots = new Map<ChannelProfile, number>();
  const written = ctx.schedule.posts.map((scheduled, index) => {
    const channelSlot = slots.get(scheduled.channel) ?? 0;
    slots.set(scheduled.channel, channelSlot + 1);
    return { day: scheduled.day, ...writePost(writer, planPost(writer, scheduled, index, channelSlot)) };
  });
  return ctx.weeks.map((week) => {
    const own = written.filter(({ day }) => week.inicio <= day && day <= week.fim);
    applyExperiments(own, week.index, experiments);
    return {
      semana: weekLabel(week),
      data_inicio: week.inicio,
      data_fim: week.fim,
      posts: own.map(({ post }) => post),
    };
  });
}
