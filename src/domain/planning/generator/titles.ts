import { isPluralName, withPreposition } from "./agreement";
import type { HookStyle } from "./hooks";
import { capitalize, clip, lowerFirstWord } from "./text";

/*
 * Post titles and theme hooks from templates. A post's position in the month
 * picks where the rotation starts, and a title already used this month is
 * skipped, so a plan never repeats a title.
 */

const TITLE_MAX = 300;
const CUSTOM_TONE_IN_TITLE_MAX = 40;

export type TitleParts = {
  theme: string;
  product: string;
  monthName: string;
  year: number;
  /** The hook's name ('Dia das Mães'), '' for a post without one. */
  hook: string;
};

export type Template = (parts: TitleParts) => string;

/** A post's own date, or what it does for a date around it: warm up, announce, recap. */
export type TitleStyle = HookStyle | "aquecimento" | "anuncio" | "recap";

const GENERIC: readonly Template[] = [
  (p) => `${capitalize(p.theme)}: 3 dicas práticas para aplicar em ${p.monthName}`,
  (p) => `Mitos e verdades sobre ${p.theme}`,
  (p) => `Perguntas frequentes sobre ${p.product}`,
  (p) => `${capitalize(p.theme)} na prática: um caso real de cliente`,
  (p) => `Bastidores de ${p.product}: quem está por trás do trabalho`,
  (p) => `Checklist de ${p.theme} para ${p.monthName}`,
  (p) => `O que ninguém conta sobre ${p.theme}`,
  (p) => `${capitalize(p.product)}: para quem é e quando vale a pena`,
  (p) => `Tendências de ${p.theme} para ${p.year}`,
  (p) => `Depoimento: a experiência de quem escolheu ${p.product}`,
  (p) => `3 erros comuns em ${p.theme} e como evitá-los`,
  (p) => `${capitalize(p.product)} em 30 segundos`,
  (p) => `Guia rápido de ${p.theme}`,
  (p) => `Antes e depois: o que muda com ${p.product}`,
];

const BY_HOOK_STYLE: Record<TitleStyle, readonly Template[]> = {
  aquecimento: [
    (p) => `Contagem regressiva ${withPreposition("para", p.hook)}: ${p.product}`,
    (p) =>
      `${capitalize(p.hook)} ${isPluralName(p.hook) ? "estão" : "está"} chegando: ${p.theme} em destaque`,
    (p) => `Prepare-se ${withPreposition("para", p.hook)}: ${p.product}`,
  ],
  anuncio: [
    (p) => `Anote na agenda: ${p.hook}`,
    (p) => `Vem aí: ${p.hook}`,
    (p) => `${p.hook}: como participar`,
  ],
  recap: [
    (p) => `Como foi: ${p.hook}`,
    (p) => `${p.hook}: os melhores momentos`,
    (p) => `Obrigado por participar: ${p.hook}`,
  ],
  comercial: [
    (p) => `Especial ${p.hook}: ${p.product}`,
    (p) => `${p.hook}: ${p.product} para aproveitar a data`,
    (p) => `${p.hook}: ${p.theme} em destaque`,
    (p) => `${p.hook}: condição especial em ${p.product}`,
  ],
  feriado: [
    (p) => `${p.hook} é feriado: recado e horário de atendimento`,
    (p) => `${p.hook}: uma pausa para falar de ${p.theme}`,
  ],
  respeitosa: [(p) => `${p.hook}: uma mensagem da nossa equipe`, (p) => `${p.hook}: um momento de reflexão`],
  celebracao: [
    (p) => `${p.hook}: ${p.theme} em destaque`,
    (p) => `${p.hook}: o que ${p.theme} tem a ver com a data`,
    (p) => `${p.hook}: um recado especial da nossa equipe`,
  ],
  evento: [
    (p) => `${p.hook}: tudo o que você precisa saber`,
    (p) => `${p.hook}: ${p.product} em destaque`,
    (p) => `${p.hook}: a gente conta os detalhes`,
  ],
};

const BY_TONE: Record<string, readonly Template[]> = {
  profissional: [
    (p) => `Guia prático de ${p.theme}`,
    (p) => `${capitalize(p.theme)}: o que considerar antes de decidir`,
  ],
  descontraído: [(p) => `${capitalize(p.theme)} sem complicação`, (p) => `Papo rápido sobre ${p.product}`],
  inspirador: [(p) => `Inspire-se: ${p.theme} na vida real`, (p) => `Histórias que inspiram: ${p.product}`],
  educativo: [(p) => `Aprenda em 5 minutos: ${p.theme}`, (p) => `Passo a passo: ${p.product}`],
  "bem-humorado": [(p) => `Expectativa x realidade: ${p.theme}`, (p) => `Sem drama: tudo sobre ${p.product}`],
  acolhedor: [
    (p) => `Cuidado em cada detalhe: ${p.product}`,
    (p) => `${capitalize(p.theme)}: um guia feito com carinho para você`,
  ],
  técnico: [
    (p) => `Análise técnica: ${p.theme}`,
    (p) => `${capitalize(p.product)}: os detalhes técnicos que fazem diferença`,
  ],
};

const THEME_HOOKS: readonly Template[] = [
  (p) => `Mito comum sobre ${p.theme}`,
  (p) => `Dúvida frequente dos clientes sobre ${p.product}`,
  (p) => `Erro comum do público em ${p.theme}`,
  (p) => `Resultado real de quem usa ${p.product}`,
  (p) => `Curiosidade pouco conhecida sobre ${p.theme}`,
  (p) => `O que muda em ${p.theme} em ${p.monthName}`,
];

function rotate<T>(items: readonly T[], start: number): T[] {
  const offset = items.length ? start % items.length : 0;
  return [...items.slice(offset), ...items.slice(0, offset)];
}

/** Templates for the tones the request ticked; a short custom tone gets one of its own. */
export function toneTemplates(toneLabels: readonly string[], customTone: string | null): Template[] {
  const templates = toneLabels.flatMap((tone) => BY_TONE[tone] ?? []);
  if (customTone && customTone.length <= CUSTOM_TONE_IN_TITLE_MAX) {
    const tone = lowerFirstWord(customTone);
    templates.push((p) => `${capitalize(p.theme)} em tom ${tone}`);
  }
  return templates;
}

function candidates(style: TitleStyle | null, tones: readonly Template[], seed: number): Template[] {
  const generic = rotate(GENERIC, seed);
  if (style) return [...rotate(BY_HOOK_STYLE[style], seed), ...generic];
  const toned = rotate(tones, Math.floor(seed / 2));
  // Every other post leads with the tone, so the tone shows without taking over the month.
  return seed % 2 === 1 ? [...toned, ...generic] : [...generic, ...toned];
}

/** The first title of the rotation not yet used this month; `used` records it. */
export function pickTitle(
  parts: TitleParts,
  style: TitleStyle | null,
  tones: readonly Template[],
  seed: number,
  used: Set<string>,
): string {
  const options = candidates(style, tones, seed).map((template) => clip(template(parts), TITLE_MAX));
  const first = options[0] ?? clip(parts.theme, TITLE_MAX);
  let title = options.find((option) => !used.has(option)) ?? first;
  for (let part = 2; used.has(title); part++) title = clip(`${first} (parte ${part})`, TITLE_MAX);
  used.add(title);
  return title;
}

/** A theme hook for a post without a date; repeats only once every template was used. */
export function themeHook(parts: TitleParts, seed: number, used: Set<string>): string {
  const options = rotate(THEME_HOOKS, seed).map((template) => clip(template(parts), TITLE_MAX));
  const hook = options.find((option) => !used.has(option)) ?? options[0] ?? clip(parts.theme, TITLE_MAX);
  used.add(hook);
  return hook;
}
