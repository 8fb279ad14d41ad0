// Budget (issue 4): "/planejamento/lista with 1,000 plans of one user, and /vagas with 1,000
// openings: one database round trip each; p99 under 50 ms on PGlite and on PostgreSQL, side
// by side." Both pages load their list a keyset page at a time (GET /api/planejamentos, GET
// /api/vagas, 30 a page), so these measure those two APIs' first page with realistic rows behind
// them: plans carry their full jsonb content (which the list must not read), openings their full
// texts (which the list does return); every page is walked once to check the pages hold the whole
// list. Round trips are counted on the wire (bench/pg-proxy.ts), not assumed.
import { randomBytes } from "node:crypto";
import type {
  JOB_OPENING_DEPARTMENT_VALUES,
  REGIME_VALUES,
  SENIORITY_VALUES,
  WORK_MODEL_VALUES,
} from "@/domain/job-openings/options";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import {
  type Credentials,
  currentUserId,
  errorMessage,
  log,
  logIn,
  newCredentials,
  register,
  removeTempDir,
  startBalcao,
  stopBalcao,
} from "./lib";
import { type Query, withClient, withStoppedPglite } from "./list";
import { type LoadResult, load } from "./load";
import { type PgProxy, type RoundTrip, type Statement, startPgProxy } from "./pg-proxy";
import { createBenchDatabase, dropBenchDatabase, POSTGRES_URL } from "./postgres";
import { budgets, details, fmtInt, fmtKb, fmtMs, noteCouldNotMeasure, table } from "./report";

export const STAFF_LISTS_P99_BUDGET_MS = 50;
const PLANS = 1_000;
const CLIENTS = 20;
const OPENINGS = 1_000;
/** Sequential requests of each kind whose round trips are counted (after 3 uncounted ones). */
const COUNTED_REQUESTS = 100;
const DATABASE = `balcao_bench_staff_${process.pid}`;

const LISTS = {
  plans: { page: "/planejamento/lista", path: "/api/planejamentos", table: "planejamentos_conteudo" },
  jobOpenings: { page: "/vagas", path: "/api/vagas", table: "vagas" },
} as const;
type List = keyof typeof LISTS;
const LIST_NAMES = Object.keys(LISTS) as List[];

// ---- realistic rows ----------------------------------------------------------------------

/** mulberry32: the same texts on both backends and in every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
type Random = ReturnType<typeof random>;

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const between = (rand: Random, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const pickSome = <T>(rand: Random, items: readonly T[], count: number): T[] =>
  [...items].sort(() => rand() - 0.5).slice(0, count);

const SUBJECTS = [
  "O público",
  "A marca",
  "A equipe de conteúdo",
  "O cliente",
  "Cada publicação",
  "A campanha",
  "A comunidade",
  "O time comercial",
  "A audiência",
  "O novo posicionamento",
];
const VERBS = [
  "reforça",
  "aproxima",
  "apresenta",
  "destaca",
  "explica",
  "convida a conhecer",
  "mostra",
  "amplia",
  "conecta",
  "organiza",
];
const OBJECTS = [
  "os diferenciais do produto",
  "a história da empresa",
  "os bastidores da produção",
  "as dúvidas mais frequentes",
  "os resultados de clientes reais",
  "a proposta de valor",
  "as novidades do mês",
  "o lançamento da coleção",
  "os benefícios do serviço",
  "a rotina da equipe",
  "as condições especiais da semana",
  "o atendimento pelo WhatsApp",
];
const COMPLEMENTS = [
  "com linguagem próxima e direta",
  "em formato de carrossel",
  "com depoimentos curtos",
  "para gerar conversas nos comentários",
  "com chamada clara para o site",
  "usando dados da última campanha",
  "com foco em quem ainda não conhece a marca",
  "em vídeos de até trinta segundos",
  "antes das datas comemorativas",
  "sem perder o tom de voz definido",
];

const sentence = (rand: Random) =>
  `${pick(rand, SUBJECTS)} ${pick(rand, VERBS)} ${pick(rand, OBJECTS)} ${pick(rand, COMPLEMENTS)}.`;

/** Sentences up to about `chars` characters (cut at a word). */
function prose(rand: Random, chars: number): string {
  let text = "";
  while (text.length < chars) text += `${text ? " " : ""}${sentence(rand)}`;
  if (text.length <= chars) return text;
  const cut = text.lastIndexOf(" ", chars - 1);
  return `${text.slice(0, cut > 0 ? cut : chars).replace(/[,.]$/, "")}.`;
}

const TITLE_OPENERS = [
  "5 motivos para conhecer",
  "Por dentro de",
  "Tudo sobre",
  "Como aproveitar",
  "Perguntas e respostas sobre",
  "O que muda com",
];
const CHANNELS = ["Instagram", "Facebook", "LinkedIn", "TikTok", "YouTube", "Blog/Site"] as const;
const POST_TYPES = ["Carrossel", "Reels", "Story", "Post estático", "Vídeo curto", "Artigo"];
const CTAS = [
  "Saiba mais no link da bio",
  "Fale conosco pelo WhatsApp",
  "Comente sua dúvida",
  "Salve este post",
];
const KPIS = ["Alcance", "Salvamentos", "Cliques no link", "Comentários", "Mensagens recebidas"];

const CLIENT_WORDS = [
  [
    "Padaria",
    "Clínica",
    "Academia",
    "Escritório",
    "Loja",
    "Pet Shop",
    "Restaurante",
    "Studio",
    "Ótica",
    "Escola",
  ],
  ["Aurora", "Bela Vista", "Horizonte", "Ipê", "Jardim", "Maré", "Norte", "Raízes", "Sol", "Vila Nova"],
] as const;

/** 20 clients with distinct names (clients_name_lower_key). */
function clientRows() {
  return Array.from({ length: CLIENTS }, (_, i) => {
    const name = `${CLIENT_WORDS[0][i % 10]} ${CLIENT_WORDS[1][(i * 3 + Math.floor(i / 10)) % 10]}`;
    const rand = random(1_000 + i);
    return {
      name,
      segment: pick(rand, ["Alimentação", "Saúde", "Educação", "Varejo", "Serviços"]),
      market_type: pick(rand, ["B2C", "B2B"]),
      voice_tone: pick(rand, ["Profissional", "Descontraído", "Acolhedor"]),
      persona_brief: prose(rand, 240),
      website: `https://${name
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z]+/g, "")}.example`,
    };
  });
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const ddmm = (date: Date) => `${isoDay(date).slice(8, 10)}/${isoDay(date).slice(5, 7)}`;

/** A plan as the built-in generator would leave it: 6 ± 1 insights, 4 pillars, 5 weeks × 4 posts. */
function planContent(rand: Random, month: number, year: number): PlanContent {
  const first = Date.UTC(year, month - 1, 1);
  const day = 24 * 60 * 60 * 1000;
  return {
    insights_gerais: Array.from({ length: between(rand, 5, 7) }, () => prose(rand, 160)),
    content_pillars: {
      pillars: Array.from({ length: 4 }, (_, i) => ({
        pilar: `${pick(rand, ["Educação", "Bastidores", "Prova social", "Oferta", "Comunidade"])} ${i + 1}`,
        loop_resumido: prose(rand, 160),
        objetivo: prose(rand, 70),
        cac_reducao: rand() < 0.5,
      })),
    },
    calendario_editorial: {
      semanas: Array.from({ length: 5 }, (_, w) => {
        const start = new Date(first + 7 * w * day);
        const end = new Date(first + (7 * w + 6) * day);
        return {
          semana: `Semana ${w + 1} (${ddmm(start)} a ${ddmm(end)})`,
          data_inicio: isoDay(start),
          data_fim: isoDay(end),
          posts: Array.from({ length: 4 }, () => ({
            id: randomUUIDFrom(rand),
            canal: pick(rand, CHANNELS),
            tipo_post: pick(rand, POST_TYPES),
            titulo: `${pick(rand, TITLE_OPENERS)} ${pick(rand, OBJECTS)}`,
            cta: pick(rand, CTAS),
            descricao_completa: prose(rand, 320),
            meta_primaria: prose(rand, 60),
            kpi: pick(rand, KPIS),
            gancho: prose(rand, 80),
            observacoes_producao: prose(rand, 140),
            ab_test: rand() < 0.3 ? "Carrossel x Reels" : "",
            bitrix_created: false,
            bitrix_task_id: null,
          })),
        };
      }),
    },
    experimentos: {
      testes: Array.from({ length: 3 }, () => ({
        nome: `Teste de ${pick(rand, ["horário", "formato", "chamada", "capa"])}`,
        hipotese: prose(rand, 150),
        metrica: pick(rand, KPIS),
        periodo: "4 semanas",
      })),
    },
  };
}

/** A version-4-shaped UUID from the seeded generator (post ids only need to be unique in a plan). */
function randomUUIDFrom(rand: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function planRequest(rand: Random, clientId: string, month: string, year: string): PlanRequestInput {
  return {
    clienteId: clientId,
    mesReferencia: month as PlanRequestInput["mesReferencia"],
    anoReferencia: year,
    objetivoPrincipal: pickSome(
      rand,
      ["Reconhecimento de marca", "Geração de leads", "Engajamento"] as const,
      2,
    ),
    publicoAlvo: prose(rand, 180),
    canaisPlataformas: pickSome(rand, CHANNELS, 3),
    temasPilares: prose(rand, 150),
    eventosDatasComemorativas: prose(rand, 100),
    principaisProdutosServicos: prose(rand, 150),
    tomVoz: pickSome(rand, ["Profissional", "Acolhedor", "Educativo"] as const, 2),
    tomVozPersonalizado: null,
    observacoesAdicionais: prose(rand, 200),
  };
}

const PLAN_STATUSES = ["gerado", "editado", "aprovado"] as const;

/**
 * Plan `i` (0…999) of an owner is (i + 1) × 7 hours old — about 9½ months for 1,000 — and is
 * for the month after it was made; the other owner's sit 3½ hours off the same clock, between.
 */
function planRow(
  owner: { id: string; offsetHours: number; seed: number },
  i: number,
  clientIds: string[],
  now: number,
) {
  const rand = random(owner.seed + i);
  const created = new Date(now - ((i + 1) * 7 + owner.offsetHours) * 3_600_000);
  const ref = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 1, 1));
  const month = String(ref.getUTCMonth() + 1).padStart(2, "0");
  const year = String(ref.getUTCFullYear());
  const clientId = clientIds[i % clientIds.length]!;
  const content = planContent(rand, ref.getUTCMonth() + 1, ref.getUTCFullYear());
  return {
    user_id: owner.id,
    client_id: clientId,
    mes_referencia: month,
    ano_referencia: year,
    status: PLAN_STATUSES[i % 3],
    solicitacao: planRequest(rand, clientId, month, year),
    ...content,
    // What contentColumns() in planning.queries.ts stores beside the content.
    insights_count: content.insights_gerais.length,
    has_calendar: content.calendario_editorial.semanas.some((week) => week.posts.length > 0),
    created_at: created.toISOString(),
  };
}

type JobOpening = {
  user_id: string | null;
  titulo: string;
  departamento: (typeof JOB_OPENING_DEPARTMENT_VALUES)[number];
  senioridade: (typeof SENIORITY_VALUES)[number];
  regime: (typeof REGIME_VALUES)[number];
  modelo_trabalho: (typeof WORK_MODEL_VALUES)[number];
  descricao: string;
  atividades: string[];
  requisitos: string[];
  diferenciais: string[];
  beneficios: string[];
  data_criacao: string;
};

const ROLES = [
  ["Designer Gráfico", "criacao"],
  ["Social Media", "redes-sociais"],
  ["Redator Publicitário", "conteudo"],
  ["Analista de Mídia Paga", "performance-dados"],
  ["Editor de Vídeo", "audiovisual"],
  ["Executivo de Contas", "comercial"],
  ["Desenvolvedor Front-end", "tecnologia"],
  ["Analista de Marketing", "marketing"],
  ["Assistente Administrativo", "administrativo"],
] as const;
const SENIORITIES = ["junior", "pleno", "senior", "especialista", "estagio"] as const;
const REGIMES = ["clt", "pj", "estagio", "temporario"] as const;
const WORK_MODELS = ["remoto", "hibrido", "presencial"] as const;
const BENEFITS = [
  "Vale-refeição de R$ 40 por dia útil",
  "Plano de saúde e odontológico sem coparticipação",
  "Auxílio home office de R$ 150 por mês",
  "Bolsa de estudos para cursos e certificações",
  "Day off no mês do aniversário",
  "Horário flexível com núcleo das 10h às 16h",
  "Gympass",
];

const items = (rand: Random, min: number, max: number, chars: number) =>
  Array.from({ length: between(rand, min, max) }, () => prose(rand, chars));

/** Opening `i` is (i + 1) × 9 hours old; one in 25 lost its creator (users.id set null). */
function openingRow(i: number, creatorIds: string[], now: number): JobOpening {
  const rand = random(50_000 + i);
  const [role, departamento] = pick(rand, ROLES);
  const senioridade = pick(rand, SENIORITIES);
  return {
    user_id: i % 25 === 24 ? null : creatorIds[i % creatorIds.length]!,
    titulo: `${role} ${senioridade === "estagio" ? "(Estágio)" : senioridade[0]!.toUpperCase() + senioridade.slice(1)}`,
    departamento,
    senioridade,
    regime: senioridade === "estagio" ? "estagio" : pick(rand, REGIMES),
    modelo_trabalho: pick(rand, WORK_MODELS),
    descricao: prose(rand, 300),
    atividades: items(rand, 4, 6, 90),
    requisitos: items(rand, 4, 6, 80),
    diferenciais: items(rand, 2, 4, 70),
    beneficios: pickSome(rand, BENEFITS, between(rand, 4, 6)),
    data_criacao: new Date(now - (i + 1) * 9 * 3_600_000).toISOString(),
  };
}

// ---- seeding -----------------------------------------------------------------------------

type Seeded = {
  /** The measured user's plans and every opening, to check the first answers against. */
  planIds: Set<string>;
  openingIds: Set<string>;
  openingsWithCreator: number;
  /** planejamentos_conteudo as stored: heap and TOAST bytes, the four content parts per plan. */
  plansHeapBytes: number;
  plansToastBytes: number;
  contentJsonBytes: number;
  contentStoredBytes: number;
};

const PLAN_BATCH = 50;

/** Inserts `rows` (objects with the columns' names) through one jsonb parameter per batch. */
async function insertJson(query: Query, rows: object[], batch: number, insert: string) {
  for (let i = 0; i < rows.length; i += batch) {
    await query(insert, [JSON.stringify(rows.slice(i, i + batch))]);
  }
}

/**
 * 20 clients; 1,000 plans of `userId` and 1,000 of a second user made here; three more
 * openings' creators besides `userId`, and 1,000 openings. One transaction.
 */
async function seed(query: Query, userId: string): Promise<Seeded> {
  const now = Date.now();
  const tag = randomBytes(6).toString("hex");
  const otherId = `bench-other-${tag}`;
  const creators = ["Carla Mendes", "Rafael Souza", "Juliana Prado"].map((name, i) => ({
    id: `bench-creator-${i}-${tag}`,
    name,
  }));
  await query("begin");
  try {
    for (const { id, name } of [{ id: otherId, name: "Outra Pessoa" }, ...creators]) {
      await query("insert into users (id, name, email, email_verified) values ($1, $2, $3, true)", [
        id,
        name,
        `${id}@agencia.digital`,
      ]);
    }

    const { rows: clients } = (await query(
      `insert into clients (name, segment, market_type, voice_tone, persona_brief, website)
       select r->>'name', r->>'segment', r->>'market_type', r->>'voice_tone', r->>'persona_brief', r->>'website'
       from jsonb_array_elements($1::jsonb) as r
       returning id`,
      [JSON.stringify(clientRows())],
    )) as { rows: { id: string }[] };
    const clientIds = clients.map((c) => c.id);

    const plans = [
      { id: userId, offsetHours: 0, seed: 0 },
      { id: otherId, offsetHours: 3.5, seed: 10_000 },
    ].flatMap((owner) => Array.from({ length: PLANS }, (_, i) => planRow(owner, i, clientIds, now)));
    await insertJson(
      query,
      plans,
      PLAN_BATCH,
      `insert into planejamentos_conteudo (user_id, client_id, mes_referencia, ano_referencia, status, gerador,
         solicitacao, insights_gerais, content_pillars, calendario_editorial, experimentos,
         insights_count, has_calendar, created_at, updated_at)
       select r->>'user_id', (r->>'client_id')::uuid, r->>'mes_referencia', r->>'ano_referencia', r->>'status',
         'interno', r->'solicitacao', r->'insights_gerais', r->'content_pillars', r->'calendario_editorial',
         r->'experimentos', (r->>'insights_count')::int, (r->>'has_calendar')::boolean,
         (r->>'created_at')::timestamptz, (r->>'created_at')::timestamptz
       from jsonb_array_elements($1::jsonb) as r`,
    );

    const openings = Array.from({ length: OPENINGS }, (_, i) =>
      openingRow(i, [userId, ...creators.map((c) => c.id)], now),
    );
    const list = (column: string) => `array(select jsonb_array_elements_text(r->'${column}'))`;
    await insertJson(
      query,
      openings,
      250,
      `insert into vagas (user_id, titulo, departamento, senioridade, regime, modelo_trabalho, descricao,
         atividades, requisitos, diferenciais, beneficios, data_criacao, updated_at)
       select r->>'user_id', r->>'titulo', r->>'departamento', r->>'senioridade', r->>'regime',
         r->>'modelo_trabalho', r->>'descricao', ${list("atividades")}, ${list("requisitos")},
         ${list("diferenciais")}, ${list("beneficios")}, (r->>'data_criacao')::timestamptz,
         (r->>'data_criacao')::timestamptz
       from jsonb_array_elements($1::jsonb) as r`,
    );
    await query("commit");
  } catch (err) {
    await query("rollback").catch(() => undefined);
    throw err;
  }

  const ids = async (sql: string, params: unknown[] = []) =>
    new Set(((await query(sql, params)).rows as { id: string }[]).map((row) => row.id));
  const [size] = (
    await query(
      `select pg_relation_size(c.oid)::float8 as heap,
         coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::float8 as toast,
         (select avg(octet_length(insights_gerais::text) + octet_length(content_pillars::text)
            + octet_length(calendario_editorial::text) + octet_length(experimentos::text))::float8
          from planejamentos_conteudo) as json,
         (select avg(pg_column_size(insights_gerais) + pg_column_size(content_pillars)
            + pg_column_size(calendario_editorial) + pg_column_size(experimentos))::float8
          from planejamentos_conteudo) as stored
       from pg_class c where c.relname = 'planejamentos_conteudo'`,
    )
  ).rows as { heap: number; toast: number; json: number; stored: number }[];
  return {
    planIds: await ids("select id from planejamentos_conteudo where user_id = $1", [userId]),
    openingIds: await ids("select id from vagas"),
    openingsWithCreator: (
      (await query("select count(user_id)::int as n from vagas")).rows[0] as { n: number }
    ).n,
    plansHeapBytes: size?.heap ?? 0,
    plansToastBytes: size?.toast ?? 0,
    contentJsonBytes: size?.json ?? 0,
    contentStoredBytes: size?.stored ?? 0,
  };
}

// ---- checking the first answers ----------------------------------------------------------

type PlanItem = {
  id: string;
  cliente_nome: string | null;
  created_at: string;
  insights_count: number;
  has_calendar: boolean;
};
/** GET /api/vagas and GET /api/planejamentos answer keyset pages of this many (their default). */
const PAGE_SIZE = 30;
type JobOpeningItem = { id: string; data_criacao: string; users: { name: string; email: string } | null };

const newestFirst = (times: string[]) =>
  times.map(Date.parse).every((t, i, all) => i === 0 || (!Number.isNaN(t) && t <= all[i - 1]!));

function sameIds(items: { id: string }[], expected: Set<string>) {
  return items.length === expected.size && items.every((item) => expected.has(item.id));
}

/** GETs `list` once, checks it against what was seeded; returns the answer's size in bytes. */
async function checkFirstAnswer(baseUrl: string, cookie: string, list: List, seeded: Seeded) {
  const { path } = LISTS[list];
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
  const problems: string[] = [];
  // The page the budget measures is the first; walking the rest proves the pages hold the whole list.
  let page = JSON.parse(body) as { items: unknown[]; nextCursor: string | null };
  if (page.items.length !== PAGE_SIZE) problems.push(`first page of ${page.items.length}, not ${PAGE_SIZE}`);
  const all = [...page.items];
  for (let guard = 0; page.nextCursor && guard < Math.max(PLANS, OPENINGS); guard++) {
    const next = await fetch(`${baseUrl}${path}?cursor=${encodeURIComponent(page.nextCursor)}`, {
      headers: { cookie },
    });
    if (next.status !== 200) throw new Error(`GET ${path} (next page) answered ${next.status}`);
    page = (await next.json()) as typeof page;
    all.push(...page.items);
  }
  if (list === "plans") {
    const items = all as PlanItem[];
    if (items.length !== PLANS) problems.push(`${items.length} plans, not ${fmtInt(PLANS)}`);
    if (!sameIds(items, seeded.planIds)) problems.push("not exactly the user's own plans");
    if (!newestFirst(items.map((item) => item.created_at))) problems.push("not newest first");
    if (items.some((item) => !item.cliente_nome || item.insights_count < 5 || !item.has_calendar))
      problems.push("a plan without its client name, insights count or calendar flag");
  } else {
    const items = all as JobOpeningItem[];
    if (items.length !== OPENINGS) problems.push(`${items.length} openings, not ${fmtInt(OPENINGS)}`);
    if (!sameIds(items, seeded.openingIds)) problems.push("not exactly the seeded openings");
    if (!newestFirst(items.map((item) => item.data_criacao))) problems.push("not newest first");
    const joined = items.filter((item) => item.users?.name && item.users.email).length;
    if (joined !== seeded.openingsWithCreator)
      problems.push(`${joined} openings with their creator joined, not ${seeded.openingsWithCreator}`);
  }
  if (problems.length) throw new Error(`GET ${path}: ${problems.join("; ")}`);
  return Buffer.byteLength(body);
}

// ---- counting round trips (PostgreSQL) ----------------------------------------------------

type Counted = {
  /** Round trips of each of the counted requests. */
  counts: number[];
  /** The statements of a request with the median count. */
  typical: Statement[];
  /** Each request's time as the harness saw it (through the proxy). */
  requestMs: number[];
  /** Each request's round trips, for the time they took. */
  windows: RoundTrip[][];
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const medianOf = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/**
 * Requests `url` COUNTED_REQUESTS times, one after another, and attributes to each the round
 * trips the proxy saw between sending it and reading its answer. The outbox worker's poll
 * (once a second) can fall inside one of them; the median is not moved by that.
 */
async function countRoundTrips(proxy: PgProxy, url: string, cookie: string): Promise<Counted> {
  const get = async () => {
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  };
  // Uncounted: the pool opens its connections on first use.
  for (let i = 0; i < 3; i++) await get();
  const windows: RoundTrip[][] = [];
  const requestMs: number[] = [];
  for (let i = 0; i < COUNTED_REQUESTS; i++) {
    const from = proxy.roundTrips.length;
    const started = performance.now();
    await get();
    requestMs.push(performance.now() - started);
    windows.push(proxy.roundTrips.slice(from));
  }
  const counts = windows.map((w) => w.length);
  const median = medianOf(counts);
  const typical = windows.find((w) => w.length === median)!.flatMap((trip) => trip.statements);
  return { counts, typical, requestMs, windows };
}

type ListTrips = Counted & {
  /** The statements of a typical request that the session lookup does not send. */
  own: Statement[];
  /** Per request: milliseconds and bytes of those statements' round trips, on the wire. */
  ownMs: number[];
  ownBytes: number[];
};

type RoundTrips = {
  me: Counted & { ms: number[] };
  lists: Record<List, ListTrips>;
  connectionsOpened: number;
};

/**
 * A second server on the same database, connected through the proxy (the latency runs go
 * direct): GET /api/me does only the session lookup every authenticated route does, so a
 * list's own round trips are its count minus that one.
 */
async function roundTripsOnPostgres(databaseName: string, user: Credentials, env: Record<string, string>) {
  const proxy = await startPgProxy(POSTGRES_URL);
  try {
    const server = await startBalcao("staff-lists-proxied", { databaseUrl: proxy.url(databaseName), env });
    try {
      const cookie = await logIn(server.baseUrl, user);
      const counted = await countRoundTrips(proxy, `${server.baseUrl}/api/me`, cookie);
      const me = { ...counted, ms: counted.windows.map((w) => sum(w.map((trip) => trip.ms ?? 0))) };
      const openedBefore = proxy.connections();
      const sessionSql = new Set(me.typical.map((s) => s.sql));
      const isOwn = (trip: RoundTrip) => trip.statements.some((s) => !sessionSql.has(s.sql));
      const lists = {} as RoundTrips["lists"];
      for (const list of LIST_NAMES) {
        const counted = await countRoundTrips(proxy, `${server.baseUrl}${LISTS[list].path}`, cookie);
        const own = counted.windows.map((w) => w.filter(isOwn));
        lists[list] = {
          ...counted,
          own: counted.typical.filter((s) => !sessionSql.has(s.sql)),
          ownMs: own.map((trips) => sum(trips.map((trip) => trip.ms ?? 0))),
          ownBytes: own.map((trips) => sum(trips.map((trip) => trip.bytes))),
        };
      }
      return { me, lists, connectionsOpened: proxy.connections() - openedBefore } satisfies RoundTrips;
    } finally {
      await stopBalcao(server);
    }
  } finally {
    await proxy.close();
  }
}

// ---- query plans -------------------------------------------------------------------------

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
};

function describePlan(node: PlanNode): string {
  const loops = node["Actual Loops"] ?? 1;
  const rows = (node["Actual Rows"] ?? 0) * loops;
  const removed = (node["Rows Removed by Filter"] ?? 0) * loops;
  const what = [
    node["Node Type"],
    node["Index Name"] ? `using ${node["Index Name"]}` : "",
    node["Relation Name"] ? `on ${node["Relation Name"]}` : "",
    `(${fmtInt(rows)} rows${removed ? `, ${fmtInt(removed)} filtered out` : ""})`,
  ]
    .filter(Boolean)
    .join(" ");
  const children = (node.Plans ?? []).map(describePlan);
  return children.length ? `${what} ← [${children.join("; ")}]` : what;
}

/** EXPLAIN ANALYZE of the list's own statement, as the server sent it: the plan's nodes and time. */
async function explain(query: Query, statement: Statement): Promise<string> {
  const { rows } = await query(`explain (analyze, format json) ${statement.sql}`, statement.params);
  const raw = (rows[0] as Record<string, unknown>)["QUERY PLAN"];
  const [result] = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    Plan: PlanNode;
    "Execution Time": number;
  }[];
  if (!result) throw new Error("EXPLAIN returned no plan");
  return `${describePlan(result.Plan)}; executed in ${result["Execution Time"].toFixed(1)} ms`;
}

/** The own statement of `list` that reads its table, with `userId` for the PostgreSQL user's id. */
function explainable(own: Statement[], list: List, pgUserId: string, userId: string): Statement | undefined {
  const statement = own.find((s) => s.sql.includes(`"${LISTS[list].table}"`));
  return statement && { ...statement, params: statement.params.map((p) => (p === pgUserId ? userId : p)) };
}

// ---- the two backends --------------------------------------------------------------------

type Options = { duration: number; warmup: number };

type Measured = {
  seedMs: number;
  seeded: Seeded;
  userId: string;
  lists: Record<List, { result: LoadResult; bytes: number; plan?: string }>;
  roundTrips?: RoundTrips;
};

const managersEnv = (user: Credentials) => ({ PLANNING_MANAGERS: user.email, VAGAS_MANAGERS: user.email });

async function measureLists(baseUrl: string, cookie: string, seeded: Seeded, options: Options) {
  const lists = {} as Measured["lists"];
  for (const list of LIST_NAMES) {
    const bytes = await checkFirstAnswer(baseUrl, cookie, list, seeded);
    const result = await load(`${baseUrl}${LISTS[list].path}`, {
      connections: 1,
      duration: options.duration,
      warmup: options.warmup,
      headers: { cookie },
    });
    lists[list] = { result, bytes };
    log(
      `staff-lists: ${list}: p50 ${fmtMs(result.p50Ms)}, p99 ${fmtMs(result.p99Ms)}, ${fmtInt(result.requestsPerSecond)} req/s`,
    );
  }
  return lists;
}

async function onPostgres(options: Options): Promise<Measured> {
  const url = await createBenchDatabase(DATABASE);
  try {
    const user = newCredentials("staff");
    const env = managersEnv(user);
    const server = await startBalcao("staff-lists-postgres", { databaseUrl: url, env });
    let measured: Omit<Measured, "roundTrips">;
    try {
      await register(server.baseUrl, user);
      const cookie = await logIn(server.baseUrl, user);
      const userId = await currentUserId(server.baseUrl, cookie);
      log(`staff-lists: PostgreSQL: seeding 2,000 plans and 1,000 openings into ${DATABASE}`);
      const seeding = performance.now();
      const seeded = await withClient(url, async (client) => {
        const result = await seed((sql, params) => client.query(sql, params), userId);
        // What autovacuum would do shortly after; done now, so it does not run during the measurement.
        await client.query("vacuum analyze users, clients, planejamentos_conteudo, vagas");
        return result;
      });
      const seedMs = performance.now() - seeding;
      measured = {
        seedMs,
        seeded,
        userId,
        lists: await measureLists(server.baseUrl, cookie, seeded, options),
      };
    } finally {
      await stopBalcao(server);
    }

    log(`staff-lists: PostgreSQL: counting round trips of ${COUNTED_REQUESTS} requests of each kind`);
    const roundTrips = await roundTripsOnPostgres(DATABASE, user, env);
    await withClient(url, async (client) => {
      for (const list of LIST_NAMES) {
        const statement = explainable(roundTrips.lists[list].own, list, measured.userId, measured.userId);
        if (statement) measured.lists[list].plan = await explain((sql, p) => client.query(sql, p), statement);
      }
    });
    return { ...measured, roundTrips };
  } finally {
    await dropBenchDatabase(DATABASE);
  }
}

/**
 * PGlite belongs to the server process while it runs: sign up on a first server, stop it
 * (keeping DATA_DIR), seed the directory under the server's lock, measure on a second server,
 * then EXPLAIN the statements PostgreSQL's run captured, once that one has stopped too.
 */
async function onPglite(options: Options, captured: Measured | undefined): Promise<Measured> {
  const user = newCredentials("staff");
  const env = managersEnv(user);
  let server = await startBalcao("staff-lists-pglite", { env });
  const { dataDir } = server;
  try {
    await register(server.baseUrl, user);
    const userId = await currentUserId(server.baseUrl, await logIn(server.baseUrl, user));
    const exit = await stopBalcao(server, { keepDataDir: true });
    if (exit !== "code 0") throw new Error(`the first server stopped with ${exit}; not seeding its database`);

    log("staff-lists: PGlite: seeding 2,000 plans and 1,000 openings into the stopped server's DATA_DIR");
    const seeding = performance.now();
    const seeded = await withStoppedPglite(dataDir, (query) => seed(query, userId));
    const seedMs = performance.now() - seeding;

    server = await startBalcao("staff-lists-pglite-2", { dataDir, env });
    const cookie = await logIn(server.baseUrl, user);
    const lists = await measureLists(server.baseUrl, cookie, seeded, options);
    const stopped = await stopBalcao(server, { keepDataDir: true });

    if (captured?.roundTrips && stopped === "code 0") {
      await withStoppedPglite(dataDir, async (query) => {
        for (const list of LIST_NAMES) {
          const own = captured.roundTrips!.lists[list].own;
          const statement = explainable(own, list, captured.userId, userId);
          if (statement) lists[list].plan = await explain(query, statement);
        }
      });
    }
    return { seedMs, seeded, userId, lists };
  } finally {
    await stopBalcao(server);
    removeTempDir(dataDir);
  }
}

// ---- the budget --------------------------------------------------------------------------

type Backend = { name: "PGlite" | "PostgreSQL"; measured?: Measured; error?: string };

const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
const shortSql = (sql: string) => {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
};
/** Tenths below 10 ms: a session lookup takes well under one. */
const fmtFineMs = (ms: number) => (ms < 10 ? `${ms.toFixed(1)} ms` : fmtMs(ms));
const cell = (text: string) => text.replace(/\|/g, "\\|");

export async function staffListsBudget(
  names: Record<List | "roundTrips", string>,
  target: string,
  options: Options,
) {
  const backends: Backend[] = [];
  const run = async (name: Backend["name"], fn: () => Promise<Measured>) => {
    log(`staff-lists: ${name}: 1 connection, ${options.warmup} s warm-up + ${options.duration} s per list`);
    try {
      backends.push({ name, measured: await fn() });
    } catch (err) {
      noteCouldNotMeasure();
      log(`staff-lists: ${name}: could not measure: ${errorMessage(err)}`);
      backends.push({ name, error: errorMessage(err) });
    }
  };
  // PostgreSQL first: its proxied run captures the statements PGlite's EXPLAIN then reuses.
  await run("PostgreSQL", () => onPostgres(options));
  const postgres = backends[0]?.measured;
  await run("PGlite", () => onPglite(options, postgres));
  const ordered = ["PGlite", "PostgreSQL"].map((name) => backends.find((b) => b.name === name)!);

  for (const list of LIST_NAMES) {
    const results = ordered.map((b) => b.measured?.lists[list].result);
    const dirty = ordered.filter((_, i) => results[i] && !clean(results[i]!)).map((b) => b.name);
    budgets.push({
      budget: names[list],
      measured:
        ordered.map((b, i) => `${b.name} ${results[i] ? fmtMs(results[i]!.p99Ms) : "error"}`).join(" · ") +
        (dirty.length ? ` — non-2xx/errors: ${dirty.join(", ")}` : ""),
      target,
      ok: results.every((r) => r !== undefined && clean(r) && r.p99Ms < STAFF_LISTS_P99_BUDGET_MS),
    });
  }

  const trips = postgres?.roundTrips;
  const own = (list: List) => (trips ? medianOf(trips.lists[list].counts) - medianOf(trips.me.counts) : NaN);
  budgets.push({
    budget: names.roundTrips,
    measured: trips
      ? `${LIST_NAMES.map((list) => `${LISTS[list].path} ${own(list)}`).join(" · ")} (PostgreSQL, beyond the session lookup's ${medianOf(trips.me.counts)})`
      : "error",
    target: "1 each",
    ok: trips !== undefined && LIST_NAMES.every((list) => own(list) === 1),
  });

  const bad = (n: number) => (n === 0 ? "0" : `**${fmtInt(n)}** ⚠️`);
  const latencyRows = LIST_NAMES.flatMap((list) =>
    ordered.map((b) => {
      const m = b.measured?.lists[list];
      const name = `${LISTS[list].page} (\`GET ${LISTS[list].path}\`)`;
      if (!m) return [name, b.name, `error: ${b.error?.split("\n")[0]}`, "", "", "", "", "", "", ""];
      const r = m.result;
      return [
        name,
        b.name,
        fmtMs(r.p50Ms),
        `**${fmtMs(r.p99Ms)}**`,
        fmtMs(r.maxMs),
        fmtInt(r.requestsPerSecond),
        fmtInt(r.total),
        bad(r.non2xx),
        `${bad(r.errors)} / ${bad(r.timeouts)}`,
        fmtKb(m.bytes),
      ];
    }),
  );
  const seedNotes = ordered
    .filter((b) => b.measured)
    .map((b) => {
      const s = b.measured!.seeded;
      return (
        `${b.name}: seeded in ${fmtMs(b.measured!.seedMs)}; planejamentos_conteudo ${fmtKb(s.plansHeapBytes)} of heap ` +
        `and ${fmtKb(s.plansToastBytes)} of TOAST, each plan's four content parts ${fmtKb(s.contentJsonBytes)} as JSON text ` +
        `(${fmtKb(s.contentStoredBytes)} stored, compressed)`
      );
    });

  const lines = [
    "### Staff lists: /planejamento/lista with 1,000 plans, /vagas with 1,000 openings",
    "",
    "Issue budget: “/planejamento/lista with 1,000 plans of one user, and /vagas with 1,000 openings: one database round trip each; " +
      "p99 under 50 ms on PGlite and on PostgreSQL, side by side.”",
    "",
    `Seeded: ${CLIENTS} clients; ${fmtInt(PLANS)} plans of the measured user (one every 7 hours, round the clients) and as many of another ` +
      "user between them, each with what the built-in generator stores (6 ± 1 insights, 4 pillars, 5 weeks × 4 posts of 11 text fields, " +
      "3 experiments, the request as made), which the list must not read: it reads `insights_count` and `has_calendar`; " +
      `${fmtInt(OPENINGS)} openings (one every 9 hours) by four creators, one in 25 whose creator is gone, each with a 300-character ` +
      "description and 4–6 activities, requirements and benefits, 2–4 nice-to-haves, all of which the list returns. " +
      `Both pages show keyset pages of ${PAGE_SIZE} ('Carregar mais planejamentos', 'Carregar mais vagas' bring the next), so what is ` +
      "measured is the page the screen opens with; the answer's size below is that page's. " +
      `Each list was checked by walking its pages to the end: ${fmtInt(PLANS)} plans, exactly the measured user's, newest first, with ` +
      `client name and counts; ${fmtInt(OPENINGS)} openings, newest first, the creator joined where there is one. Then autocannon with 1 connection ` +
      `(requests one after another, so p99 is a request's own latency, not queueing): ${options.duration} s after an unrecorded ` +
      `${options.warmup} s warm-up; latencies in whole milliseconds.`,
    "",
    table(
      [
        "Page (API)",
        "Backend",
        "p50",
        "p99",
        "max",
        "Requests/s",
        "Requests",
        "Non-2xx",
        "Errors / timeouts",
        "Answer",
      ],
      latencyRows,
      ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
    ...seedNotes.map((note) => `- ${note}.`),
    "",
    "PGlite is seeded from the harness while its server is stopped (it holds the database exclusively), then a server is started " +
      "again on the same DATA_DIR; PGlite runs no autovacuum, so its tables are neither analyzed nor vacuumed. PostgreSQL is seeded " +
      "while the server runs, then `vacuum analyze`d, as autovacuum would do shortly after.",
    "",
    "**Round trips.** Counted on the wire, on PostgreSQL: a second server on the same database connects through a TCP proxy in " +
      "the harness that reads the protocol the server sends; each simple Query, and each extended-protocol batch closed by Sync " +
      "(node-postgres sends Parse/Bind/Describe/Execute/Sync at once and waits for ReadyForQuery), is one round trip. " +
      `${COUNTED_REQUESTS} sequential requests of each kind (after 3 uncounted), each credited with the round trips the proxy read ` +
      "between sending it and reading its answer; the median is taken, since the outbox worker's once-a-second poll can land inside " +
      "one. `GET /api/me` does only the session lookup every authenticated route does, so a list's own round trips are its median " +
      "minus /api/me's. (PostgreSQL's `pg_stat_database.xact_commit` was not used: a backend flushes its statistics at most once a " +
      "second, ten seconds when idle, and the outbox poll commits in the same database.) PGlite runs in the server's process, so " +
      "it has no wire to count; the server sends it the same statements, built by the same code.",
    "",
  ];
  if (trips) {
    const spread = (c: Counted) =>
      `${medianOf(c.counts)} (min ${Math.min(...c.counts)}, max ${Math.max(...c.counts)})`;
    const statements = (list: Statement[]) =>
      list.map((s) => `\`${cell(shortSql(s.sql))}\``).join("<br>") || "none";
    lines.push(
      table(
        [
          "Request",
          "Round trips per request: median (min, max)",
          "The list's own",
          "Request, through the proxy",
          "Database: the own round trips",
          "Statements beyond the session lookup",
        ],
        [
          [
            "`GET /api/me`",
            spread(trips.me),
            "–",
            fmtFineMs(medianOf(trips.me.requestMs)),
            `(session lookup: ${fmtFineMs(medianOf(trips.me.ms))})`,
            `(the session lookup)<br>${statements(trips.me.typical)}`,
          ],
          ...LIST_NAMES.map((list) => {
            const t = trips.lists[list];
            return [
              `\`GET ${LISTS[list].path}\``,
              spread(t),
              `**${own(list)}**`,
              fmtFineMs(medianOf(t.requestMs)),
              `${fmtFineMs(medianOf(t.ownMs))}, ${fmtKb(medianOf(t.ownBytes))} answered`,
              statements(t.own),
            ];
          }),
        ],
        ["l", "r", "r", "r", "r", "l"],
      ),
      "",
      "Times are medians over the counted requests: the request as the harness saw it (fetch, through the proxy), and on the " +
        "wire the list's own round trips from the message that closes them to ReadyForQuery (the rows' transfer included); " +
        "the difference is the server's own work: the session lookup, turning rows into objects, and JSON.",
      "",
      `Connections the pool opened while the lists were counted: ${trips.connectionsOpened} (each would add round trips of its own).`,
      "",
    );
  }
  const planRows = LIST_NAMES.flatMap((list) =>
    ordered
      .filter((b) => b.measured?.lists[list].plan)
      .map((b) => [`\`GET ${LISTS[list].path}\``, b.name, cell(b.measured!.lists[list].plan!)]),
  );
  if (planRows.length) {
    lines.push(
      "Query plans: `EXPLAIN (ANALYZE)` of each list's own statement as the proxy read it (SQL and parameters; on PGlite with " +
        "its own user's id), run after the measurements. The other user's 1,000 plans make the filter visible: through " +
        "`planejamentos_user_created_idx` (an index or bitmap scan) it reads the user's 1,000 rows; without it, a sequential scan " +
        "reads all 2,000 and filters 1,000 out. (A sort sits on top in these plans: a hash join with `clients` does not keep an " +
        "index's order.)",
      "",
      table(["List", "Backend", "Plan (node ← [children]) and execution time"], planRows),
    );
  }
  for (const b of ordered) {
    for (const list of LIST_NAMES) {
      const r = b.measured?.lists[list].result;
      if (r && !clean(r)) lines.push("", `⚠️ ${b.name}, ${LISTS[list].path}: status codes ${r.statusCodes}`);
    }
    if (b.error) lines.push("", `${b.name}: could not measure:`, "", "```", b.error, "```");
  }
  details.push(lines.join("\n"));
}
