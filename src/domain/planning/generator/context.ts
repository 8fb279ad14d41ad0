import { CUSTOM_TONE, MONTH_NAMES, type MonthValue, type PlanChannel } from "../options";
import type { PlanRequestInput } from "../plan-request.schema";
import { assertYearMonth, type MonthWeek, weeksOfMonth } from "./calendar";
import { type ChannelProfile, channelProfile, DEFAULT_CHANNELS } from "./channels";
import {
  type CommemorativeDate,
  commemorativeDates,
  nextMonthCommemorativeDates,
  yearCommemorativeDates,
} from "./commemorative-dates";
import { type MonthHooks, planHooks, upcomingHooks } from "./hooks";
import { DEFAULT_OBJECTIVE, type ObjectiveProfile, objectiveProfile } from "./objectives";
import { datedOffers } from "./offers";
import { buildSchedule, type Schedule } from "./schedule";
import { clip, joinPt, lowerFirstWord, splitList } from "./text";
import { parseUserEvents } from "./user-events";

/** The client fields the generator reads (spec §3 Client). */
export type GeneratorClient = {
  name: string;
  segment: string | null;
  market_type: string | null;
  voice_tone: string | null;
  persona_brief: string | null;
  notes: string | null;
};

/** The request read once, with every default decided, so each part of the plan tells the same story. */
export type GeneratorContext = {
  year: number;
  month: number;
  /** 'novembro': month names are lower case inside a sentence. */
  monthName: string;
  client: GeneratorClient;
  channels: ChannelProfile[];
  channelsDefaulted: boolean;
  objectives: ObjectiveProfile[];
  objectivesGiven: boolean;
  themes: string[];
  themesGiven: boolean;
  /** Never empty: without products, posts speak of 'nossas soluções'. */
  products: string[];
  productsGiven: boolean;
  toneLabels: string[];
  customTone: string | null;
  /** 'Tom de voz: profissional e acolhedor.' */
  toneSentence: string;
  audience: string | null;
  /** 'Observações adicionais' of the request. */
  requestNotes: string | null;
  weeks: MonthWeek[];
  dates: CommemorativeDate[];
  hooks: MonthHooks;
  /** Date name → the offer the request ties to it ('Black Friday' → '3 meses grátis'). */
  offers: Map<string, string>;
  /** Every post's day, date and mentions (schedule.ts). */
  schedule: Schedule;
};

const THEMES_WHEN_NONE = 3;
const AUDIENCE_MAX = 300;
const GENERIC_PRODUCT = "nossas soluções";

function channelsOf(request: PlanRequestInput): { channels: ChannelProfile[]; defaulted: boolean } {
  const chosen: readonly PlanChannel[] = request.canaisPlataformas.length
    ? request.canaisPlataformas
    : DEFAULT_CHANNELS;
  return { channels: chosen.map(channelProfile), defaulted: request.canaisPlataformas.length === 0 };
}

/** A pillar for each kind of content the client can always make, from what the request does say. */
function derivedThemes(
  client: GeneratorClient,
  products: string[],
  objectives: ObjectiveProfile[],
): string[] {
  const candidates = [
    client.segment
      ? `Dicas de ${lowerFirstWord(clip(client.segment, 80))}`
      : "Dicas práticas para o dia a dia",
    products[0] ? `${products[0]} em destaque` : "Produtos e serviços em destaque",
    ...objectives.map((objective) => objective.theme),
    "Bastidores e equipe",
    "Depoimentos e resultados de clientes",
  ];
  return [...new Set(candidates)].slice(0, THEMES_WHEN_NONE);
}

function toneSentenceOf(labels: string[], custom: string | null, client: GeneratorClient): string {
  if (labels.length && custom) return `Tom de voz: ${joinPt(labels)}; personalizado: ${custom}.`;
  if (labels.length) return `Tom de voz: ${joinPt(labels)}.`;
  if (custom) return `Tom de voz personalizado: ${custom}.`;
  if (client.voice_tone) return `Tom de voz do cliente: ${clip(client.voice_tone, 200)}.`;
  return "Tom de voz: o habitual da marca.";
}

function yearMonthOf(request: PlanRequestInput): { year: number; month: number } {
  const year = Number(request.anoReferencia);
  const month = Number(request.mesReferencia);
  assertYearMonth(year, month);
  return { year, month };
}

export function buildContext(request: PlanRequestInput, client: GeneratorClient): GeneratorContext {
  const { year, month } = yearMonthOf(request);
  const { channels, defaulted } = channelsOf(request);
  const objectivesGiven = request.objetivoPrincipal.length > 0;
  const objectives = objectivesGiven ? request.objetivoPrincipal.map(objectiveProfile) : [DEFAULT_OBJECTIVE];
  const productsTyped = splitList(request.principaisProdutosServicos);
  const themesTyped = splitList(request.temasPilares);
  const toneLabels = request.tomVoz.filter((tone) => tone !== CUSTOM_TONE).map((tone) => tone.toLowerCase());
  const customTone = request.tomVozPersonalizado ? clip(request.tomVozPersonalizado, 120) : null;
  const weeks = weeksOfMonth(year, month);
  const dates = commemorativeDates(year, month);
  const audience = request.publicoAlvo ?? client.persona_brief;
  const events = parseUserEvents(request.eventosDatasComemorativas, year, month);
  const hooks = planHooks(weeks, dates, events, yearCommemorativeDates(year));
  return {
    year,
    month,
    monthName: MONTH_NAMES[request.mesReferencia as MonthValue].toLowerCase(),
    client,
    channels,
    channelsDefaulted: defaulted,
    objectives,
    objectivesGiven,
    themes: themesTyped.length ? themesTyped : derivedThemes(client, productsTyped, objectives),
    themesGiven: themesTyped.length > 0,
    products: productsTyped.length ? productsTyped : [GENERIC_PRODUCT],
    productsGiven: productsTyped.length > 0,
    toneLabels,
    customTone,
    toneSentence: toneSentenceOf(toneLabels, customTone, client),
    audience: audience ? clip(audience, AUDIENCE_MAX) : null,
    requestNotes: request.observacoesAdicionais,
    weeks,
    dates,
    hooks,
    offers: datedOffers(
      [request.eventosDatasComemorativas, request.observacoesAdicionais],
      [...dates, ...nextMonthCommemorativeDates(year, month)],
    ),
    schedule: buildSchedule(
      year,
      month,
      weeks,
      channels,
      hooks,
      upcomingHooks(weeks.at(-1)?.fim ?? "", nextMonthCommemorativeDates(year, month), hooks.outsideMonth),
    ),
  };
}
