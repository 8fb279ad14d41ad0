import { MONTH_NAMES, type MonthValue } from "../options";
import type { PlanRequestInput } from "../plan-request.schema";
import { isNationalHoliday } from "./business-days";
import {
  assertYearMonth,
  daysBetween,
  daysInMonth,
  isoDate,
  weekContaining,
  weekLabel,
  weeksOfMonth,
} from "./calendar";
import { channelProfile, DEFAULT_CHANNELS } from "./channels";
import {
  commemorativeDates,
  type DateStyle,
  dateStyle,
  nextMonthCommemorativeDates,
  yearCommemorativeDates,
} from "./commemorative-dates";
import { planHooks, upcomingHooks } from "./hooks";
import { datedOffers } from "./offers";
import { buildSchedule, type MentionKind } from "./schedule";
import { parseUserEvents } from "./user-events";

/*
 * The month's calendar as the built-in generator sees it, before any post is
 * written: the weeks with their dates, the commemorative dates, the national
 * holidays, the client's own events and offers, and each post's channel and
 * day with the dates it speaks of. An LLM prompt gives it to the model so the
 * plan it writes is right about dates; the built-in generator writes its posts
 * from the same schedule, so both kinds of plan agree on the calendar.
 */

export type SkeletonWeek = {
  /** 1-based. */
  index: number;
  /** 'Semana 1 (01/11 a 07/11)', the label the plan's weeks carry. */
  semana: string;
  data_inicio: string;
  data_fim: string;
  /** Days of the month in the week: 1 to 7. */
  dias: number;
};

export type SkeletonDate = {
  data: string;
  nome: string;
  /** How posts may treat it: 'comercial' dates get a warm-up, 'respeitosa' ones no sales pitch. */
  tipo: DateStyle;
  feriado_nacional: boolean;
  /** 1-based week index. */
  semana: number;
};

export type SkeletonEvent = {
  nome: string;
  /** 'yyyy-mm-dd', or null when the request gives no day. */
  data: string | null;
  /** The week it is placed in (an undated event goes to a week without other dates), or null outside the month. */
  semana: number | null;
};

/** A post's place in the month, as the built-in generator schedules it (schedule.ts). */
export type SkeletonPost = {
  canal: string;
  data_sugerida: string;
  /** 1-based week index. */
  semana: number;
  /** When its audience is there ('entre 8h e 10h'). */
  horario: string;
  /** The dates and client events of its own day. */
  datas: string[];
  /** Dates around it that it speaks of: a warm-up, an announcement, a recap or a date nearby. */
  mencoes: Array<{ tipo: MentionKind; nome: string; data: string | null }>;
};

export type PlanSkeleton = {
  ano: number;
  mes: number;
  /** 'novembro'. */
  nome_mes: string;
  semanas: SkeletonWeek[];
  datas_comemorativas: SkeletonDate[];
  /** National holidays of the month ('yyyy-mm-dd'), the days business channels skip. */
  feriados_nacionais: string[];
  eventos_cliente: SkeletonEvent[];
  /** Date name → the offer the request ties to it ('Black Friday' → '3 meses grátis'). */
  ofertas: Record<string, string>;
  /** Every post of the month with its day, for the request's channels (Instagram and LinkedIn when none is ticked). */
  publicacoes: SkeletonPost[];
};

/** The request's calendar fields; the channels and notes, when given, add the posts' days and the offers. */
type SkeletonRequest = Pick<
  PlanRequestInput,
  "mesReferencia" | "anoReferencia" | "eventosDatasComemorativas"
> &
  Partial<Pick<PlanRequestInput, "canaisPlataformas" | "observacoesAdicionais">>;

export function planSkeleton(request: SkeletonRequest): PlanSkeleton {
  const year = Number(request.anoReferencia);
  const month = Number(request.mesReferencia);
  assertYearMonth(year, month);
  const weeks = weeksOfMonth(year, month);
  const dates = commemorativeDates(year, month);
  const events = parseUserEvents(request.eventosDatasComemorativas, year, month);
  const hooks = planHooks(weeks, dates, events, yearCommemorativeDates(year));
  const weekOf = (iso: string) => weekContaining(weeks, iso)?.index ?? null;
  const placed = hooks.byWeek.flatMap((list, index) =>
    list
      .filter((hook) => hook.style === "evento")
      .map((hook) => ({ nome: hook.name, data: hook.date, semana: index + 1 })),
  );
  const outside = hooks.outsideMonth.map((event) => ({ nome: event.name, data: event.date, semana: null }));
  const holidays: string[] = [];
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    const iso = isoDate(year, month, day);
    if (isNationalHoliday(iso)) holidays.push(iso);
  }
  const channels = (request.canaisPlataformas?.length ? request.canaisPlataformas : DEFAULT_CHANNELS).map(
    channelProfile,
  );
  const upcoming = upcomingHooks(
    weeks.at(-1)?.fim ?? "",
    nextMonthCommemorativeDates(year, month),
    hooks.outsideMonth,
  );
  const schedule = buildSchedule(year, month, weeks, channels, hooks, upcoming);
  const offers = datedOffers(
    [request.eventosDatasComemorativas, request.observacoesAdicionais],
    [...dates, ...nextMonthCommemorativeDates(year, month)],
  );
  return {
    ano: year,
    mes: month,
    nome_mes: MONTH_NAMES[request.mesReferencia as MonthValue].toLowerCase(),
    semanas: weeks.map((week) => ({
      index: week.index,
      semana: weekLabel(week),
      data_inicio: week.inicio,
      data_fim: week.fim,
      dias: daysBetween(week.inicio, week.fim) + 1,
    })),
    datas_comemorativas: dates.map((date) => ({
      data: date.date,
      nome: date.name,
      tipo: dateStyle(date.name),
      feriado_nacional: isNationalHoliday(date.date),
      semana: weekOf(date.date) ?? 0,
    })),
    feriados_nacionais: holidays,
    eventos_cliente: [...placed, ...outside],
    ofertas: Object.fromEntries(offers),
    publicacoes: schedule.posts.map((post) => ({
      canal: post.channel.canal,
      data_sugerida: post.day,
      semana: weekOf(post.day) ?? 0,
      horario: post.channel.hours,
      datas: post.hooks.map((hook) => hook.name),
      mencoes: post.mentions.map((mention) => ({
        tipo: mention.kind,
        nome: mention.hook.name,
        data: mention.hook.date,
      })),
    })),
  };
}
