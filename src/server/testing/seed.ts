import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  JOB_OPENING_DEPARTMENT_OPTIONS,
  REGIME_VALUES,
  SENIORITY_OPTIONS,
  WORK_MODEL_VALUES,
} from "@/domain/job-openings/options";
import { generatePlan } from "@/domain/planning/generator";
import {
  MARKET_TYPES,
  MONTH_VALUES,
  PLAN_CHANNELS,
  PLAN_OBJECTIVES,
  PLAN_TONES,
} from "@/domain/planning/options";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import { SUPPORT_DEPARTMENT_VALUES } from "@/domain/requests/kinds/suporte/options";
import { DIRECT_KINDS } from "@/domain/teams/team";
import type { Executor } from "../db/client";
import { clients, contentPlans, jobOpenings, requests, teamMembers, teams, users } from "../db/schema";
import { withPostIds } from "../modules/planning/plan-content";
import { insertValues } from "../modules/requests/request-store";

/*
 * Realistic data for the lists' API tests and for `npm run bench`, written
 * through the Drizzle schema: requests of every kind with the form's own
 * option values, content plans as the built-in generator writes them, and job
 * openings whose texts come from that same generator. Deterministic apart from
 * ids: the same call gives the same rows.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export type Person = { id: string; name: string; email: string };

/** People who never signed in (requesters, creators): users rows only. */
export async function seedPeople(db: Executor, label: string, count: number): Promise<Person[]> {
  const people = Array.from({ length: count }, (_, i) => {
    const id = `seed-${label}-${i + 1}-${randomUUID().slice(0, 8)}`;
    return { id, name: `Pessoa ${label} ${i + 1}`, email: `${id}@agencia.digital` };
  });
  await db.insert(users).values(people.map((p) => ({ ...p, emailVerified: true })));
  return people;
}

// ---- requests ----------------------------------------------------------------------------

/**
 * `perKind` requests of each kind for each owner, all Pendente. Request `g` of
 * kind `k` (0…4) is (g·5 + k) × `everyMinutes` old, plus the owner's
 * `offsetMinutes`: the kinds interleave, so every page mixes them. Answers
 * every request's kind and id.
 */
export async function seedRequests(
  db: Executor,
  options: {
    owners: { person: Person; offsetMinutes: number }[];
    perKind: number;
    everyMinutes: number;
    now?: number;
  },
) {
  const now = options.now ?? Date.now();
  const seeded: { kind: RequestKind; id: string }[] = [];
  for (const [k, kind] of REQUEST_KINDS.entries()) {
    const rows = options.owners.flatMap(({ person, offsetMinutes }) =>
      Array.from({ length: options.perKind }, (_, g) => {
        const createdAt = new Date(
          now - ((g * REQUEST_KINDS.length + k) * options.everyMinutes + offsetMinutes) * MINUTE,
        );
        // The kind's own fields from its sample (<kind>/sample.ts): a new kind is seeded with no edit here.
        const own = requestKind(kind).sample.record({
          name: person.name,
          email: person.email,
          n: g,
          createdAt,
        });
        return insertValues(kind, { ...own, userId: person.id, createdAt, statusChangedAt: createdAt });
      }),
    );
    await insertInBatches(rows, async (batch) => {
      const ids = await db.insert(requests).values(batch).returning({ id: requests.id });
      seeded.push(...ids.map(({ id }) => ({ kind, id })));
    });
  }
  return seeded;
}

/**
 * A team that handles every kind of request, with these members (by e-mail); its id. As
 * 'Equipes e permissões' allows: the kinds given directly, and support tickets by department
 * (every one).
 */
export async function seedReviewTeam(db: Executor, name: string, emails: string[]): Promise<string> {
  const [team] = await db
    .insert(teams)
    .values({ name, kinds: [...DIRECT_KINDS], departamentos: [...SUPPORT_DEPARTMENT_VALUES] })
    .returning({ id: teams.id });
  await db
    .insert(teamMembers)
    .values(emails.map((email) => ({ teamId: team!.id, email: email.toLowerCase() })));
  return team!.id;
}

// ---- content plans -----------------------------------------------------------------------

type ClientRow = typeof clients.$inferSelect;

/** `count` clients, as the 'Clientes' form makes them. */
export async function seedClients(db: Executor, count: number): Promise<ClientRow[]> {
  return db
    .insert(clients)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Cliente ${i + 1}`,
        segment: pick(["Alimentação", "Saúde", "Educação", "Varejo", "Serviços"], i),
        marketType: pick(MARKET_TYPES, i),
        voiceTone: pick(PLAN_TONES, i),
        personaBrief: "Pessoas de 25 a 45 anos que decidem a compra pelo celular.",
        website: `https://cliente-${i + 1}.example`,
      })),
    )
    .returning();
}

function planRequest(client: ClientRow, month: string, year: string, i: number): PlanRequestInput {
  return {
    clienteId: client.id,
    mesReferencia: month as PlanRequestInput["mesReferencia"],
    anoReferencia: year,
    objetivoPrincipal: [pick(PLAN_OBJECTIVES, i), pick(PLAN_OBJECTIVES, i + 3)],
    publicoAlvo: client.personaBrief,
    canaisPlataformas: [pick(PLAN_CHANNELS, i), pick(PLAN_CHANNELS, i + 2), pick(PLAN_CHANNELS, i + 5)],
    temasPilares: null,
    eventosDatasComemorativas: null,
    principaisProdutosServicos: null,
    tomVoz: [pick(PLAN_TONES.slice(0, -1), i)],
    tomVozPersonalizado: null,
    observacoesAdicionais: null,
  } as PlanRequestInput;
}

/** The built-in generator's plan for `request`, with post ids, as planning.service stores it. */
function generated(request: PlanRequestInput, client: ClientRow) {
  return withPostIds(
    generatePlan(request, {
      name: client.name,
      segment: client.segment,
      market_type: client.marketType,
      voice_tone: client.voiceTone,
      persona_brief: client.personaBrief,
      notes: client.notes,
    }),
  );
}

const PLAN_STATUSES = ["gerado", "editado", "aprovado"] as const;

/**
 * `count` plans of `userId`, round the clients: plan `i` is (i + 1) × `everyHours`
 * (plus `offsetHours`) old and is for the month after it was made, with what
 * the built-in generator writes for it.
 */
export async function seedPlans(
  db: Executor,
  options: {
    userId: string;
    clients: ClientRow[];
    count: number;
    everyHours: number;
    offsetHours?: number;
    now?: number;
  },
) {
  const now = options.now ?? Date.now();
  const rows = Array.from({ length: options.count }, (_, i) => {
    const createdAt = new Date(now - ((i + 1) * options.everyHours + (options.offsetHours ?? 0)) * HOUR);
    const ref = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth() + 1, 1));
    const month = MONTH_VALUES[ref.getUTCMonth()]!;
    const year = String(ref.getUTCFullYear());
    const client = pick(options.clients, i);
    const request = planRequest(client, month, year, i);
    const content = generated(request, client);
    return {
      userId: options.userId,
      clientId: client.id,
      mesReferencia: month,
      anoReferencia: year,
      status: pick(PLAN_STATUSES, i),
      gerador: "interno",
      solicitacao: request,
      insightsGerais: content.insights_gerais,
      contentPillars: content.content_pillars,
      calendarioEditorial: content.calendario_editorial,
      experimentos: content.experimentos,
      insightsCount: content.insights_gerais.length,
      hasCalendar: content.calendario_editorial.semanas.some((week) => week.posts.length > 0),
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertInBatches(rows, (batch) => db.insert(contentPlans).values(batch));
}

// ---- job openings ------------------------------------------------------------------------

/**
 * `count` openings, opening `i` (i + 1) × `everyHours` old, by the creators in
 * turn (null: the creator is gone). Their texts are a generated plan's: a
 * post's description, titles, pillars' aims and insights, as long as an
 * opening's usually are.
 */
export async function seedJobOpenings(
  db: Executor,
  options: {
    creatorIds: (string | null)[];
    client: ClientRow;
    count: number;
    everyHours: number;
    now?: number;
  },
) {
  const now = options.now ?? Date.now();
  const texts = MONTH_VALUES.map((month, m) => {
    const content = generated(planRequest(options.client, month, "2026", m), options.client);
    const posts = content.calendario_editorial.semanas.flatMap((week) => week.posts);
    return {
      descriptions: posts.map((post) => post.descricao_completa),
      titles: posts.map((post) => post.titulo),
      aims: content.content_pillars.pillars.map((pillar) => pillar.objetivo),
      insights: content.insights_gerais,
    };
  });
  const rows = Array.from({ length: options.count }, (_, i) => {
    const text = pick(texts, i);
    const department = pick(JOB_OPENING_DEPARTMENT_OPTIONS, i);
    const seniority = pick(SENIORITY_OPTIONS, i + Math.floor(i / 9));
    const createdAt = new Date(now - (i + 1) * options.everyHours * HOUR);
    const few = <T>(items: T[], n: number) => Array.from({ length: n }, (_, j) => pick(items, i + j));
    return {
      userId: pick(options.creatorIds, i),
      titulo: `${department.label} ${seniority.label}`,
      departamento: department.value,
      senioridade: seniority.value,
      regime: seniority.value === "estagio" ? "estagio" : pick(REGIME_VALUES, i),
      modeloTrabalho: pick(WORK_MODEL_VALUES, i),
      descricao: pick(text.descriptions, i),
      atividades: few(text.titles, 4 + (i % 3)),
      requisitos: few(text.aims, 4 + ((i + 1) % 3)),
      diferenciais: few(text.insights, 2 + (i % 3)),
      beneficios: few(text.titles, 4 + ((i + 2) % 3)),
      dataCriacao: createdAt,
      updatedAt: createdAt,
    };
  });
  await insertInBatches(rows, (batch) => db.insert(jobOpenings).values(batch));
}

/**
 * After rows were written with raw SQL (benches, tests that set a state by hand): each request's
 * `aberta` as the moves keep it, from its kind's workflow (docs/decisions/037).
 */
export async function syncOpenFlags(db: Executor) {
  const byKind = sql.join(
    REQUEST_KINDS.map((kind) => {
      const closed = requestKind(kind).workflow.closed;
      return sql`when ${kind} then status not in (${sql.join(
        closed.map((state) => sql`${state}`),
        sql`, `,
      )})`;
    }),
    sql` `,
  );
  await db.execute(sql`update requests set aberta = case kind ${byKind} else aberta end`);
}
