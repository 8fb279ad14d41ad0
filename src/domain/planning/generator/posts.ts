import type { PlanPost, PlanWeek } from "../plan-content.schema";
import { addDays, dayMonth, daysBetween, type MonthWeek, weekdayName, weekLabel } from "./calendar";
import type { ChannelProfile, PostFormat } from "./channels";
import type { GeneratorContext } from "./context";
import type { ScheduledExperiment } from "./experiments";
import type { Hook, HookStyle } from "./hooks";
import { type ObjectiveProfile, objectivesForTheme } from "./objectives";
import { capitalize, clip, lowerFirstWord } from "./text";
import { pickTitle, type Template, type TitleParts, themeHook, toneTemplates } from "./titles";

/*
 * The editorial calendar: every week has posts for every channel. A post's
 * place in the month (week and slot) decides its theme, objective, product
 * and format, so the month rotates through all of them and the same request
 * always gives the same plan.
 */

const TEXT_MAX = 2000;
const TITLE_MAX = 300;

type Slot = { channel: ChannelProfile; slot: number };

/** What a post is made of before it is written out. */
type PostPlan = {
  weekOrder: number;
  slot: Slot;
  hooks: Hook[];
  theme: string;
  product: string;
  objective: ObjectiveProfile;
  publishOn: string;
  seed: number;
};

/** The month's running memory, so titles and hooks do not repeat. */
type Writer = { ctx: GeneratorContext; tones: Template[]; titles: Set<string>; ganchos: Set<string> };

type WrittenPost = { post: PlanPost; style: HookStyle | null };

/** The post's index in its week and the week's number of posts. */
type Position = { post: number; postCount: number };

const STYLE_NOTES: Record<HookStyle, string> = {
  comercial: "Data comercial: comece o aquecimento alguns dias antes e deixe clara a condição especial.",
  feriado: "Feriado: informe o horário de atendimento e evite apelo de venda insistente.",
  respeitosa: "Data sensível: tom respeitoso, sem apelo de venda.",
  celebracao: "Data comemorativa: trate a data de forma leve e ligada ao tema do post.",
  evento: "Evento do cliente: confirme data, local e detalhes com o cliente antes de publicar.",
};

/** A date steers the post to the objective it serves best, when the request has that objective. */
const OBJECTIVES_BY_STYLE: Record<HookStyle, readonly string[]> = {
  comercial: ["Vendas diretas", "Lançamento de produto", "Geração de leads"],
  evento: ["Divulgação de evento", "Engajamento", "Reconhecimento de marca"],
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

function slotsOf(channels: readonly ChannelProfile[]): Slot[] {
  return channels.flatMap((channel) =>
    Array.from({ length: channel.perWeek }, (_, slot) => ({ channel, slot })),
  );
}

/** With more hooks than posts, posts share them, so every date of the week still shows. */
function hooksPerPost(hooks: readonly Hook[], postCount: number): Hook[][] {
  return Array.from({ length: postCount }, (_, post) =>
    hooks.filter((_, index) => index % postCount === post),
  );
}

/** A dated hook is published on its day; other posts spread over the week. */
function publicationDay(week: MonthWeek, hooks: readonly Hook[], post: number, postCount: number): string {
  const dated = hooks.find((hook) => hook.date !== null)?.date;
  if (dated) return dated;
  const length = daysBetween(week.inicio, week.fim) + 1;
  return addDays(week.inicio, Math.floor((post * length) / postCount));
}

function objectiveFor(
  ctx: GeneratorContext,
  hooks: readonly Hook[],
  rotated: ObjectiveProfile,
): ObjectiveProfile {
  const style = hooks[0]?.style;
  const preferred = style ? OBJECTIVES_BY_STYLE[style] : [];
  for (const label of preferred) {
    const objective = ctx.objectives.find((candidate) => candidate.label === label);
    if (objective) return objective;
  }
  return rotated;
}

function planPost(
  ctx: GeneratorContext,
  week: MonthWeek,
  slot: Slot,
  hooks: Hook[],
  position: Position,
): PostPlan {
  const { post, postCount } = position;
  const weekOrder = week.index - 1;
  const themeIndex = (weekOrder + post) % ctx.themes.length;
  const objectives = objectivesForTheme(ctx.objectives, ctx.themes.length, themeIndex);
  const seed = weekOrder * postCount + post;
  const rotated = objectives[weekOrder % objectives.length] ?? ctx.objectives[0]!;
  return {
    weekOrder,
    slot,
    hooks,
    theme: ctx.themes[themeIndex] ?? "",
    product: ctx.products[seed % ctx.products.length] ?? "",
    objective: objectiveFor(ctx, hooks, rotated),
    publishOn: publicationDay(week, hooks, post, postCount),
    seed,
  };
}

function titleParts(ctx: GeneratorContext, plan: PostPlan): TitleParts {
  return {
    theme: plan.theme,
    product: plan.product,
    monthName: ctx.monthName,
    year: ctx.year,
    hook: plan.hooks[0]?.name ?? "",
  };
}

function formatOf(plan: PostPlan): PostFormat {
  const { formats } = plan.slot.channel;
  return formats[(plan.weekOrder + plan.slot.slot) % formats.length] ?? formats[0];
}

function kpiOf(plan: PostPlan): string {
  const extra = plan.slot.channel.kpiExtra;
  return extra ? `${plan.objective.kpi}; ${extra}` : plan.objective.kpi;
}

function ctaOf(plan: PostPlan): string {
  const soft = plan.hooks[0] ? SOFT_CTA[plan.hooks[0].style] : undefined;
  const cta = soft ? soft(plan.slot.channel) : plan.objective.cta(plan.slot.channel, plan.theme);
  return clip(cta, TITLE_MAX);
}

function hookSentence(hook: Hook, product: string): string {
  const when = hook.date ? ` (${dayMonth(hook.date)})` : "";
  switch (hook.style) {
    case "comercial":
      return `Data da semana: ${hook.name}${when}; apresente ${product} como uma boa escolha para a ocasião.`;
    case "feriado":
      return `Feriado da semana: ${hook.name}${when}; avise como fica o atendimento.`;
    case "respeitosa":
      return `Data da semana: ${hook.name}${when}; trate com respeito, sem oferta.`;
    case "celebracao":
      return `Data da semana: ${hook.name}${when}; conecte o tema a ela de forma leve.`;
    case "evento":
      return hook.date
        ? `Evento do cliente: ${hook.name}${when}; use-o como motivo da publicação e diga como aproveitar.`
        : `Evento do cliente: ${hook.name}, sem data informada; confirme a data com o cliente e diga como aproveitar.`;
  }
}

function voiceReference(ctx: GeneratorContext): string {
  const ticked = ctx.toneLabels.length > 0 || ctx.customTone !== null;
  return ctx.client.voice_tone && ticked
    ? `Tom registrado no cadastro do cliente: ${clip(ctx.client.voice_tone, 200)}.`
    : "";
}

function description(ctx: GeneratorContext, plan: PostPlan, gancho: string): string {
  const [first, ...others] = plan.hooks;
  // A product beside a mourning date reads as selling on it.
  const showProduct = ctx.productsGiven && first?.style !== "respeitosa";
  const example = showProduct ? `, com ${plan.product} como exemplo concreto` : "";
  const parts = [
    `${formatOf(plan).descricao}, sobre ${plan.theme}${example}.`,
    first ? hookSentence(first, plan.product) : `Abra com o gancho: ${lowerFirstWord(gancho)}.`,
    others.length ? `Também nesta semana: ${others.map((hook) => hook.gancho).join("; ")}.` : "",
    ctx.audience ? `Público: ${ctx.audience.replace(/[.;\s]+$/, "")}.` : "",
    `Meta: ${plan.objective.label.toLowerCase()}; acompanhe ${lowerFirstWord(kpiOf(plan))}.`,
    ctx.toneSentence,
    voiceReference(ctx),
  ];
  return clip(parts.filter(Boolean).join(" "), TEXT_MAX);
}

function productionNotes(plan: PostPlan): string {
  const styles = [...new Set(plan.hooks.map((hook) => hook.style))];
  const parts = [
    plan.slot.channel.production,
    `Sugestão de publicação: ${weekdayName(plan.publishOn)}, ${dayMonth(plan.publishOn)}.`,
    ...styles.map((style) => STYLE_NOTES[style]),
  ];
  return clip(parts.join(" "), TEXT_MAX);
}

function writePost(writer: Writer, plan: PostPlan): WrittenPost {
  const { ctx } = writer;
  const parts = titleParts(ctx, plan);
  const style = plan.hooks[0]?.style ?? null;
  const gancho = plan.hooks.length
    ? clip(plan.hooks.map((hook) => hook.gancho).join("; "), TITLE_MAX)
    : themeHook(parts, plan.seed, writer.ganchos);
  const post: PlanPost = {
    canal: plan.slot.channel.canal,
    tipo_post: formatOf(plan).tipo,
    titulo: pickTitle(parts, style, writer.tones, plan.seed, writer.titles),
    cta: ctaOf(plan),
    descricao_completa: description(ctx, plan, gancho),
    meta_primaria: plan.objective.label,
    kpi: clip(kpiOf(plan), TITLE_MAX),
    gancho,
    observacoes_producao: productionNotes(plan),
    ab_test: "",
    data_sugerida: plan.publishOn,
    bitrix_created: false,
    bitrix_task_id: null,
  };
  return { post, style };
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
  const slots = slotsOf(ctx.channels);
  const writer: Writer = {
    ctx,
    tones: toneTemplates(ctx.toneLabels, ctx.customTone),
    titles: new Set(),
    ganchos: new Set(),
  };
  return ctx.weeks.map((week) => {
    const hooks = hooksPerPost(ctx.hooks.byWeek[week.index - 1] ?? [], slots.length);
    const written = slots.map((slot, post) => {
      const position = { post, postCount: slots.length };
      return writePost(writer, planPost(ctx, week, slot, hooks[post] ?? [], position));
    });
    applyExperiments(written, week.index, experiments);
    const posts = written.map(({ post }) => post);
    return { semana: weekLabel(week), data_inicio: week.inicio, data_fim: week.fim, posts };
  });
}
