import { describe, expect, it } from "vitest";
import { isNationalHoliday } from "../../sla/holidays";
import { MONTH_VALUES, type PlanChannel } from "../options";
import { type PlanContent, PlanContentSchema, type PlanPost } from "../plan-content.schema";
import { planRequest } from "../plan-request.fixture";
import type { PlanRequestInput } from "../plan-request.schema";
import { articleOf } from "./agreement";
import { channelProfile } from "./channels";
import { commemorativeDates, dateStyle, yearCommemorativeDates } from "./commemorative-dates";
import { type GeneratorClient, generatePlan } from "./index";
import { parseUserEvents } from "./user-events";

/*
 * The rules of a generator a planner would trust (decision 016), each checked
 * over every month of 2026–2028 and several client profiles rather than one
 * example: posts do not pile up, business channels go out on business days,
 * dates get their warm-up, events their announcement and recap, the request's
 * offers and products reach the posts, and the text names the post's day.
 */

const YEARS = ["2026", "2027", "2028"] as const;

const client: GeneratorClient = {
  name: "Casa Ordem",
  segment: "Varejo de utilidades domésticas",
  market_type: "B2C",
  voice_tone: "Próximo e simpático",
  persona_brief: null,
  notes: null,
};

type Profile = { name: string; request: Partial<PlanRequestInput> };

const PROFILES: readonly Profile[] = [
  {
    name: "um canal, sem produtos nem eventos",
    request: { canaisPlataformas: ["Instagram"], objetivoPrincipal: [], principaisProdutosServicos: null },
  },
  {
    name: "só LinkedIn, B2B, com produto e webinar",
    request: {
      canaisPlataformas: ["LinkedIn"],
      objetivoPrincipal: ["Geração de leads"],
      principaisProdutosServicos: "Consultoria tributária",
      eventosDatasComemorativas: "Webinar de vendas dia 18",
    },
  },
  {
    name: "três canais, ofertas e eventos",
    request: {
      canaisPlataformas: ["Instagram", "LinkedIn", "Email Marketing"],
      objetivoPrincipal: ["Vendas diretas", "Engajamento"],
      principaisProdutosServicos: "Organizadores modulares, Caixas de bambu, Cestos de palha",
      eventosDatasComemorativas:
        "Black Friday: 3 meses grátis; Natal com frete grátis; Dia das Mães: 20% de desconto; Webinar de vendas dia 18; Workshop de organização dia 3; Feira da Casa dia 28",
    },
  },
  {
    name: "nenhum canal escolhido, evento sem data",
    request: {
      canaisPlataformas: [],
      objetivoPrincipal: ["Divulgação de evento"],
      eventosDatasComemorativas: "Lançamento da coleção de verão",
    },
  },
  {
    name: "todos os canais, muitos produtos e eventos",
    request: {
      canaisPlataformas: [
        "Instagram",
        "Facebook",
        "LinkedIn",
        "TikTok",
        "YouTube",
        "Blog/Site",
        "Email Marketing",
        "WhatsApp Business",
        "Twitter/X",
        "Pinterest",
      ],
      objetivoPrincipal: ["Vendas diretas", "Reconhecimento de marca", "Divulgação de evento"],
      principaisProdutosServicos:
        "Produto A, Produto B, Produto C, Produto D, Produto E, Produto F, Produto G",
      eventosDatasComemorativas:
        "Aniversário da loja dia 1; Bazar dia 10; Live de vendas dia 22; Encerramento dia 30",
      observacoesAdicionais: "Oferta de Natal: 10% de desconto no Pix",
    },
  },
  {
    name: "canais de consumo sem dias úteis",
    request: {
      canaisPlataformas: ["TikTok", "Pinterest"],
      objetivoPrincipal: ["Engajamento"],
      principaisProdutosServicos: "Bolos caseiros",
      eventosDatasComemorativas: "Oficina de confeitaria dia 12",
    },
  },
];

function requestFor(profile: Profile, year: string, month: string): PlanRequestInput {
  return planRequest({
    mesReferencia: month as PlanRequestInput["mesReferencia"],
    anoReferencia: year,
    tomVoz: ["Acolhedor"],
    ...profile.request,
  });
}

type Case = {
  label: string;
  profile: Profile;
  year: number;
  month: number;
  request: PlanRequestInput;
  plan: PlanContent;
};

const CASES: Case[] = PROFILES.flatMap((profile) =>
  YEARS.flatMap((year) =>
    MONTH_VALUES.map((month) => {
      const request = requestFor(profile, year, month);
      return {
        label: `${profile.name}, ${month}/${year}`,
        profile,
        year: Number(year),
        month: Number(month),
        request,
        plan: generatePlan(request, client),
      };
    }),
  ),
);

const postsOf = (plan: PlanContent) => plan.calendario_editorial.semanas.flatMap((week) => week.posts);
const textOf = (post: PlanPost) => `${post.titulo} ${post.gancho} ${post.descricao_completa}`;
const day = (iso: string | null) => new Date(`${iso}T00:00:00Z`);
const diff = (from: string, to: string) => Math.round((day(to).getTime() - day(from).getTime()) / 86_400_000);
const shift = (iso: string, days: number) =>
  new Date(day(iso).getTime() + days * 86_400_000).toISOString().slice(0, 10);
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const isWeekend = (iso: string) => [0, 6].includes(day(iso).getUTCDay());
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const WEEKDAYS = [
  "domingo",
  "segunda-feira",
  "terça-feira",
  "quarta-feira",
  "quinta-feira",
  "sexta-feira",
  "sábado",
];
/** A post on a mourning date carries no warm-up or announcement. */
const isSensitive = (post: PlanPost) => post.observacoes_producao.includes("Data sensível");

describe("generator rules over every month of 2026–2028 and several client profiles", () => {
  it("generates plans the schema accepts, the same ones every time", () => {
    for (const { label, plan, request } of CASES) {
      expect(PlanContentSchema.parse(plan), label).toEqual(plan);
      expect(generatePlan(request, client), label).toEqual(plan);
    }
  });

  it("1. spreads posts by the days of each week, never more than two a day", () => {
    for (const { label, plan, year, month } of CASES) {
      const posts = postsOf(plan);
      const days = daysIn(year, month);
      const cap = Math.max(2, Math.ceil(posts.length / days));
      const perDay = new Map<string, number>();
      for (const post of posts) perDay.set(post.data_sugerida!, (perDay.get(post.data_sugerida!) ?? 0) + 1);
      expect(Math.max(...perDay.values()), label).toBeLessThanOrEqual(cap);

      // Per channel, a week's posts follow the days the channel may use in it (all days, or business days).
      const channels = [...new Set(posts.map((post) => post.canal))];
      for (const canal of channels) {
        const profile = channelProfile(canal as PlanChannel);
        const usable = (iso: string) =>
          profile.days === "todos" || (!isWeekend(iso) && !isNationalHoliday(iso));
        const monthDays = Array.from({ length: days }, (_, index) =>
          shift(`${year}-${String(month).padStart(2, "0")}-01`, index),
        );
        const eligible = monthDays.filter(usable).length;
        const total = posts.filter((post) => post.canal === canal).length;
        for (const week of plan.calendario_editorial.semanas) {
          const weekDays = monthDays.filter((iso) => week.data_inicio! <= iso && iso <= week.data_fim!);
          const share = (total * weekDays.filter(usable).length) / eligible;
          const count = week.posts.filter((post) => post.canal === canal).length;
          expect(Math.abs(count - share), `${label}, ${canal}, ${week.semana}`).toBeLessThan(2);
        }
      }
      // The whole week too: a week of one day never gets a pile.
      for (const week of plan.calendario_editorial.semanas) {
        const weekDays = diff(week.data_inicio!, week.data_fim!) + 1;
        const share = (posts.length * weekDays) / days;
        expect(Math.abs(week.posts.length - share), `${label}, ${week.semana}`).toBeLessThanOrEqual(2);
        // ...nor goes empty when a channel that posts any day is in the plan: one post is no pile.
        const anyDay = channels.some((canal) => channelProfile(canal as PlanChannel).days === "todos");
        if (anyDay) expect(week.posts.length, `${label}, ${week.semana}`).toBeGreaterThan(0);
        expect(week.posts.length, `${label}, ${week.semana}`).toBeLessThanOrEqual(cap * weekDays);
      }
    }
  });

  it("2. puts business channels on business days, at their audience's hours, and notes never contradict the date", () => {
    for (const { label, plan } of CASES) {
      for (const post of postsOf(plan)) {
        const profile = channelProfile(post.canal as PlanChannel);
        const iso = post.data_sugerida!;
        if (profile.days === "uteis") {
          expect(isWeekend(iso), `${label}: ${post.canal} em ${iso}`).toBe(false);
          expect(isNationalHoliday(iso), `${label}: ${post.canal} em ${iso}`).toBe(false);
        }
        if (post.observacoes_producao.includes("dia útil")) {
          expect(isWeekend(iso) || isNationalHoliday(iso), `${label}: 'dia útil' em ${iso}`).toBe(false);
        }
        expect(post.observacoes_producao).toContain(profile.hours);
      }
    }
    // LinkedIn, e-mail, blog and WhatsApp are the business channels; the feeds keep weekends.
    const business = ["LinkedIn", "Email Marketing", "Blog/Site", "WhatsApp Business"];
    for (const canal of business) expect(channelProfile(canal as PlanChannel).days).toBe("uteis");
    const all = CASES.flatMap(({ plan }) => postsOf(plan));
    expect(all.some((post) => post.canal === "Instagram" && isWeekend(post.data_sugerida!))).toBe(true);
    // Most posts land on the weekdays each audience answers best on (LinkedIn mid-week, Pinterest at the weekend).
    for (const canal of ["LinkedIn", "Email Marketing", "YouTube", "Pinterest", "Blog/Site"] as const) {
      const { bestWeekdays } = channelProfile(canal);
      const posts = all.filter((post) => post.canal === canal);
      const onBest = posts.filter((post) => bestWeekdays.includes(day(post.data_sugerida).getUTCDay()));
      expect(posts.length, canal).toBeGreaterThan(30);
      expect(onBest.length / posts.length, canal).toBeGreaterThan(0.6);
    }
  });

  it("3. warms up every commercial date in the 7 days before it, as the insight promises", () => {
    for (const { label, plan, year, month } of CASES) {
      const posts = postsOf(plan);
      const first = `${year}-${String(month).padStart(2, "0")}-01`;
      const insights = plan.insights_gerais.join(" ");
      for (const date of commemorativeDates(year, month).filter(
        (entry) => dateStyle(entry.name) === "comercial",
      )) {
        expect(insights, `${label}: ${date.name}`).toContain(date.name);
        if (date.date === first) {
          expect(insights, `${label}: ${date.name}`).toMatch(/aquecimento fica para o fim do mês anterior/);
          continue;
        }
        expect(insights, label).toMatch(/ganha(m)? aquecimento nos 7 dias anteriores/);
        const from = [shift(date.date, -7), first].sort()[1]!;
        const window = posts.filter((post) => from <= post.data_sugerida! && post.data_sugerida! < date.date);
        expect(window.length, `${label}: ${date.name}`).toBeGreaterThan(0);
        for (const post of window.filter((candidate) => !isSensitive(candidate))) {
          expect(textOf(post), `${label}: ${date.name} em ${post.data_sugerida}`).toContain(
            `(${ddmm(date.date)})`,
          );
          expect(textOf(post), `${label}: ${post.data_sugerida}`).toContain(date.name);
        }
      }
    }
  });

  it("3b. warms up in the month's last days for a commercial date of the next month's first week", () => {
    let checked = 0;
    for (const { label, plan, year, month } of CASES) {
      const posts = postsOf(plan);
      const first = `${year}-${String(month).padStart(2, "0")}-01`;
      const last = shift(first, daysIn(year, month) - 1);
      const next = month === 12 ? commemorativeDates(year + 1, 1) : commemorativeDates(year, month + 1);
      for (const date of next.filter((entry) => dateStyle(entry.name) === "comercial")) {
        if (diff(last, date.date) > 7) continue;
        const window = posts.filter(
          (post) => post.data_sugerida! >= shift(date.date, -7) && !isSensitive(post),
        );
        for (const post of window) expect(textOf(post), `${label}: ${date.name}`).toContain(date.name);
        if (window.length) expect(plan.insights_gerais.join(" "), label).toContain(date.name);
        checked += window.length;
      }
    }
    // Páscoa on 5 April 2026 is warmed up in the March 2026 plans.
    expect(checked).toBeGreaterThan(0);
  });

  it("4. announces each of the client's events before its day and recaps it after when a post follows", () => {
    for (const { label, plan, year, month, request } of CASES) {
      const posts = postsOf(plan);
      const first = `${year}-${String(month).padStart(2, "0")}-01`;
      const last = shift(first, daysIn(year, month) - 1);
      const known = commemorativeDates(year, month).map((date) => date.name.toLowerCase());
      const events = parseUserEvents(request.eventosDatasComemorativas, year, month).filter(
        (event) =>
          event.date?.startsWith(first.slice(0, 7)) &&
          !known.some((name) => event.name.toLowerCase().includes(name)),
      );
      for (const event of events) {
        const date = event.date!;
        if (date === first) {
          expect(plan.insights_gerais.join(" "), label).toContain("anuncie ainda no mês anterior");
          continue;
        }
        const before = posts.filter(
          (post) => post.data_sugerida! < date && diff(post.data_sugerida!, date) <= 7,
        );
        expect(
          before.some((post) =>
            textOf(post).includes(`Anúncio do evento do cliente: ${event.name} em ${ddmm(date)}`),
          ),
          `${label}: anúncio de ${event.name}`,
        ).toBe(true);
        const until = [shift(date, 7), last].sort()[0]!;
        const after = posts.filter(
          (post) => post.data_sugerida! > date && post.data_sugerida! <= until && !isSensitive(post),
        );
        if (after.length) {
          expect(
            after.some((post) => textOf(post).includes(`Recapitulação do evento do cliente: ${event.name}`)),
            `${label}: recapitulação de ${event.name}`,
          ).toBe(true);
        }
      }
    }
  });

  it("5. carries the request's offers, products and events into the posts they concern", () => {
    const offers: Record<string, string> = {
      "Black Friday": "3 meses grátis",
      Natal: "frete grátis",
      "Dia das Mães": "20% de desconto",
    };
    for (const { label, plan, profile, year, month, request } of CASES) {
      const posts = postsOf(plan);
      if (profile.name === "três canais, ofertas e eventos") {
        for (const date of commemorativeDates(year, month)) {
          const offer = offers[date.name];
          if (!offer) continue;
          const about = posts.filter(
            (post) =>
              post.gancho.startsWith(`${date.name} (`) ||
              post.descricao_completa.includes(`Aquecimento para ${articleOf(date.name)} ${date.name}`),
          );
          expect(about.length, `${label}: ${date.name}`).toBeGreaterThan(0);
          for (const post of about)
            expect(post.descricao_completa, `${label}: ${date.name}`).toContain(offer);
        }
      }
      const products = (request.principaisProdutosServicos ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      if (products.length && posts.length >= products.length + 2) {
        for (const product of products) {
          expect(
            posts.some((post) => textOf(post).includes(product)),
            `${label}: ${product}`,
          ).toBe(true);
        }
      }
      // Each event reaches a post; one that names a date of the year (Black Friday…) is told under that date's name.
      const yearDates = yearCommemorativeDates(year).map((date) => date.name);
      const insights = plan.insights_gerais.join(" ");
      for (const event of parseUserEvents(request.eventosDatasComemorativas, year, month)) {
        const date = yearDates.find((name) => event.name.includes(name));
        if (date) {
          expect(
            insights.includes(date) || posts.some((post) => textOf(post).includes(date)),
            `${label}: ${date}`,
          ).toBe(true);
        } else if (
          event.date === null ||
          event.date.startsWith(`${year}-${String(month).padStart(2, "0")}`)
        ) {
          expect(
            posts.some((post) => textOf(post).includes(event.name)),
            `${label}: ${event.name}`,
          ).toBe(true);
        }
      }
    }
    const december = CASES.find(
      (entry) => entry.profile.name.startsWith("todos os canais") && entry.month === 12,
    );
    expect(
      postsOf(december!.plan).some((post) => post.descricao_completa.includes("10% de desconto no Pix")),
    ).toBe(true);
  });

  it("6. agrees in number and gender for one and for several channels, objectives, products, events and dates", () => {
    for (const { label, plan, request } of CASES) {
      const insights = plan.insights_gerais.join(" ");
      const text = JSON.stringify(plan);
      const channels: readonly PlanChannel[] = request.canaisPlataformas.length
        ? request.canaisPlataformas
        : ["Instagram", "LinkedIn"];
      // With no channel ticked the sentence names the default ones instead ('o plano parte de…').
      const ticked = request.canaisPlataformas;
      if (ticked.length === 1)
        expect(insights, label).toMatch(new RegExp(`${ticked[0]} soma \\d+ publicações`));
      if (ticked.length > 1) expect(insights, label).toMatch(/ somam \d+ publicações/);
      if (ticked.length === 0)
        expect(insights, label).toMatch(/o plano parte de Instagram e LinkedIn, com \d+ publicações/);
      if (request.objetivoPrincipal.length === 1) expect(insights, label).toContain("Objetivo do mês: ");
      if (request.objetivoPrincipal.length > 1) expect(insights, label).toContain("Objetivos do mês: ");
      const products = (request.principaisProdutosServicos ?? "").split(",").filter((item) => item.trim());
      if (products.length === 1) expect(insights, label).toContain("Produto em destaque: ");
      if (products.length > 1) expect(insights, label).toContain("Produtos em destaque: ");
      expect(text, label).not.toMatch(
        /\b1 (publicações|datas|dias|itens)\b|\bfaltam 1 dia|\bFaltam 1 dia|\bfalta [02-9]|\bFalta [02-9]/,
      );
      const placed = /(Eventos?) do cliente no calendário: ([^.]*)\./.exec(insights);
      if (placed) expect(placed[1] === "Evento", `${label}: ${placed[0]}`).toBe(!/ e /.test(placed[2]!));
      const business = /(\S+(?: \S+)*) (sai|saem) só em dias úteis/.exec(insights);
      if (business) {
        const count = channels.filter((canal) => channelProfile(canal).days === "uteis").length;
        expect(business[2], label).toBe(count === 1 ? "sai" : "saem");
      }
      // A date's name keeps its article: 'para a Black Friday', 'para o Natal', 'para as Festas Juninas'.
      for (const match of text.matchAll(/(?:para|Contagem regressiva para) (o|a|os|as) ([^(:;,"]+?) \(/g)) {
        const name = match[2]!;
        if (articleOf(name) || name.startsWith("Dia"))
          expect(match[1], `${label}: ${name}`).toBe(articleOf(name));
      }
    }
    // The same sentence for one channel and for two.
    const one = CASES.find((entry) => entry.profile.name.startsWith("um canal"))!;
    expect(one.plan.insights_gerais.join(" ")).toMatch(/Instagram soma \d+ publicações no mês/);
    expect(one.plan.insights_gerais.join(" ")).toContain("Instagram recebe duas publicações por semana");
    const two = CASES.find((entry) => entry.profile.name.startsWith("canais de consumo"))!;
    expect(two.plan.insights_gerais.join(" ")).toMatch(/TikTok e Pinterest somam \d+ publicações no mês/);
  });

  it("7. keeps each post's suggested day inside its week and month, and the text names that day", () => {
    for (const { label, plan, year, month } of CASES) {
      const prefix = `${year}-${String(month).padStart(2, "0")}-`;
      for (const week of plan.calendario_editorial.semanas) {
        const days = week.posts.map((post) => post.data_sugerida!);
        expect([...days].sort(), `${label}: ${week.semana} in date order`).toEqual(days);
        for (const post of week.posts) {
          const iso = post.data_sugerida!;
          expect(iso.startsWith(prefix), `${label}: ${iso}`).toBe(true);
          expect(
            week.data_inicio! <= iso && iso <= week.data_fim!,
            `${label}: ${iso} in ${week.semana}`,
          ).toBe(true);
          const named = /Sugestão de publicação: ([^,]+), (\d{2}\/\d{2})/.exec(post.observacoes_producao);
          expect(named?.[1], `${label}: ${iso}`).toBe(WEEKDAYS[day(iso).getUTCDay()]);
          expect(named?.[2], `${label}: ${iso}`).toBe(ddmm(iso));
        }
      }
    }
  });
});
