// Budget: 'Minhas solicitações' (GET /api/solicitacoes?limit=20) for a user with 10,000
// requests, beside another user's 10,000, on PGlite and on PostgreSQL. The page is meant to
// read each of the five tables through its (user_id, created_at desc, id desc) index, so that
// it does not grow with the number of requests; this seeds many, measures one request at a
// time, and on PostgreSQL counts the rows each request read, which shows whether it does.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockDataDir } from "../src/server/data-dir";
import {
  type BalcaoServer,
  currentUserId,
  errorMessage,
  log,
  logIn,
  newCredentials,
  register,
  removeTempDir,
  sleep,
  startBalcao,
  stopBalcao,
} from "./lib";
import { type LoadResult, load } from "./load";
import { createBenchDatabase, dropBenchDatabase } from "./postgres";
import { budgets, details, fmtInt, fmtMs, noteCouldNotMeasure, table } from "./report";

export const LIST_P99_BUDGET_MS = 50;
const PER_TABLE = 2_000;
const PAGE = 20;
const LIST_PATH = `/api/solicitacoes?limit=${PAGE}`;
const LIST_DATABASE = `balcao_bench_list_${process.pid}`;

/** One statement on either backend; PGlite and node-postgres both answer `{ rows }`. */
export type Query = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

// ---- seeding -----------------------------------------------------------------------------

/*
 * Row `g` (1…2,000) of kind `k` (0…4) is (g·5 + k) × 105 minutes old: the five kinds
 * interleave, newest first, over the last two years (10,000 × 105 min ≈ 729 days), so every
 * page mixes them. The other user's rows sit 52 minutes off the same clock, between ours.
 */
const KINDS = [
  {
    table: "reembolso_solicitacoes",
    columns: "nome, valor, data, categoria, descricao, centro_custo",
    values:
      "'Bench Teste', (10 + g % 490)::numeric(12, 2), (created)::date, 'alimentacao', 'Reembolso ' || g, 'geral'",
  },
  {
    table: "bolsa_solicitacoes",
    columns: "titulo, tipo, valor, link_plataforma, chave_pix, valor_agregado, criado_por",
    values:
      "'Curso ' || g, 'Cursos', (100 + g % 900)::numeric(12, 2), 'https://cursos.example/' || g, " +
      "'bench@agencia.digital', 'Bench', 'Bench Teste'",
  },
  {
    table: "material_solicitacoes",
    columns: "nome, descricao, motivo, quantidade, urgencia",
    values: "'Bench Teste', 'Material ' || g, 'Bench', 1 + g % 5, 'media'",
  },
  {
    table: "suporte_solicitacoes",
    columns: "nome, email, departamento, assunto, descricao, prioridade",
    values: "'Bench Teste', 'bench@agencia.digital', 'RH', 'Assunto ' || g, 'Descrição ' || g, 'media'",
  },
  {
    table: "seo_solicitacoes",
    columns: "url, tipo_analise, nome, email",
    values: "'https://site.example/' || g, 'analise-conteudo', 'Bench Teste', 'bench@agencia.digital'",
  },
] as const;

/** 2,000 requests of each kind for `userId` and as many for a second user made here. */
async function seed(query: Query, userId: string) {
  const otherId = `bench-other-${randomBytes(8).toString("hex")}`;
  await query("begin");
  try {
    await query("insert into users (id, name, email, email_verified) values ($1, $2, $3, true)", [
      otherId,
      "Outra Pessoa",
      `${otherId}@agencia.digital`,
    ]);
    for (const [owner, offset] of [
      [userId, "0 minutes"],
      [otherId, "52 minutes"],
    ] as const) {
      for (const [k, kind] of KINDS.entries()) {
        await query(
          `insert into ${kind.table} (user_id, created_at, ${kind.columns})
           select $1, created, ${kind.values}
           from generate_series(1, ${PER_TABLE}) as g,
             lateral (select now() - (g * 5 + ${k}) * interval '105 minutes' - interval '${offset}' as created) as t`,
          [owner],
        );
      }
    }
    await query("commit");
  } catch (err) {
    await query("rollback").catch(() => undefined);
    throw err;
  }
}

/** Opens the PGlite database of a stopped server's DATA_DIR, holding the server's own lock meanwhile. */
export async function withStoppedPglite<T>(dataDir: string, fn: (query: Query) => Promise<T>): Promise<T> {
  // The server's lock on DATA_DIR: if a server still had it, this fails instead of corrupting the database.
  const release = await lockDataDir(dataDir);
  try {
    const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
    try {
      return await fn((sql, params) => db.query(sql, params));
    } finally {
      await db.close();
    }
  } finally {
    await release();
  }
}

/** Seeds the PGlite database of a stopped server's DATA_DIR. */
async function seedPglite(dataDir: string, userId: string) {
  await withStoppedPglite(dataDir, (query) => seed(query, userId));
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function seedPostgres(url: string, userId: string) {
  await withClient(url, async (client) => {
    await seed((sql, params) => client.query(sql, params), userId);
    // What autovacuum would do within a minute or so of 20,000 inserts; done now, so it does
    // not happen in the middle of the measurement.
    await client.query(`vacuum analyze ${KINDS.map((k) => k.table).join(", ")}`);
  });
}

/*
 * Table rows the five tables gave up since pg_stat_reset(): rows of sequential scans plus rows
 * fetched through indexes (index-only scans of all-visible pages fetch none). A page served
 * from the (user_id, created_at desc, id desc) indexes fetches about 5 × 21 rows; one that
 * reads every row of the user's and sorts them fetches thousands. Read once the server has
 * stopped: a backend flushes the last of its statistics as it exits.
 */
async function rowsRead(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const deadline = performance.now() + 5_000;
    const others =
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()";
    while (
      ((await client.query<{ n: number }>(others)).rows[0]?.n ?? 0) > 0 &&
      performance.now() < deadline
    ) {
      await sleep(50);
    }
    await sleep(300); // a backend leaves pg_stat_activity a moment before its statistics are flushed
    const { rows } = await client.query<{ rows: string }>(
      `select coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::text as rows
       from pg_stat_user_tables where relname = any($1)`,
      [KINDS.map((k) => k.table)],
    );
    return Number(rows[0]?.rows ?? 0);
  });
}

// ---- measuring ---------------------------------------------------------------------------

type FirstPage = { items: { tipo: string; createdAt: string }[]; total: number; nextCursor: string | null };

/** Checks the first page: 20 items, newest first, of every kind, and `total` = 10,000. */
async function checkFirstPage(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}${LIST_PATH}`, { headers: { cookie } });
  if (response.status !== 200) {
    throw new Error(`GET ${LIST_PATH} answered ${response.status}: ${await response.text()}`);
  }
  const page = (await response.json()) as FirstPage;
  const expected = KINDS.length * PER_TABLE;
  const times = page.items.map((item) => Date.parse(item.createdAt));
  const problems = [
    page.items.length !== PAGE ? `${page.items.length} items, not ${PAGE}` : "",
    page.total !== expected ? `total ${page.total}, not ${expected}` : "",
    times.some((t, i) => i > 0 && t > times[i - 1]!) ? "items not newest first" : "",
    new Set(page.items.map((item) => item.tipo)).size !== KINDS.length ? "not every kind on the page" : "",
    page.nextCursor ? "" : "no nextCursor",
  ].filter(Boolean);
  if (problems.length) throw new Error(`GET ${LIST_PATH}: ${problems.join("; ")}`);
  return page.total;
}

type Options = { duration: number; warmup: number };

type Measured = {
  result: LoadResult;
  seedMs: number;
  total: number;
  /** PostgreSQL only: table rows the five tables gave up per request (see rowsRead). */
  rowsPerRequest?: number;
};

async function measureList(server: BalcaoServer, cookie: string, options: Options) {
  const total = await checkFirstPage(server.baseUrl, cookie);
  const result = await load(`${server.baseUrl}${LIST_PATH}`, {
    connections: 1,
    duration: options.duration,
    warmup: options.warmup,
    headers: { cookie },
  });
  return { result, total };
}

/*
 * PGlite belongs to the server process while it runs, so: start a server, sign up, stop it
 * (keeping its DATA_DIR), seed the directory from here, start a new server on it, sign in.
 */
async function onPglite(options: Options): Promise<Measured> {
  const user = newCredentials("list");
  let server = await startBalcao("list-pglite");
  const { dataDir } = server;
  try {
    await register(server.baseUrl, user);
    const userId = await currentUserId(server.baseUrl, await logIn(server.baseUrl, user));
    const exit = await stopBalcao(server, { keepDataDir: true });
    if (exit !== "code 0") throw new Error(`the first server stopped with ${exit}; not seeding its database`);

    log("list: PGlite: seeding 20,000 requests into the stopped server's DATA_DIR");
    const seeding = performance.now();
    await seedPglite(dataDir, userId);
    const seedMs = performance.now() - seeding;

    server = await startBalcao("list-pglite-2", { dataDir });
    const cookie = await logIn(server.baseUrl, user);
    return { ...(await measureList(server, cookie, options)), seedMs };
  } finally {
    await stopBalcao(server);
    removeTempDir(dataDir);
  }
}

async function onPostgres(options: Options): Promise<Measured> {
  const url = await createBenchDatabase(LIST_DATABASE);
  try {
    const server = await startBalcao("list-postgres", { databaseUrl: url });
    let measured: Measured;
    try {
      const user = newCredentials("list");
      await register(server.baseUrl, user);
      const cookie = await logIn(server.baseUrl, user);
      const userId = await currentUserId(server.baseUrl, cookie);

      log(`list: PostgreSQL: seeding 20,000 requests into ${LIST_DATABASE}`);
      const seeding = performance.now();
      await seedPostgres(url, userId);
      const seedMs = performance.now() - seeding;
      await withClient(url, (client) => client.query("select pg_stat_reset()"));
      measured = { ...(await measureList(server, cookie, options)), seedMs };
    } finally {
      await stopBalcao(server);
    }
    // The first-page check, the warm-up and the recorded run.
    const requests = 1 + measured.result.warmupTotal + measured.result.total;
    return { ...measured, rowsPerRequest: (await rowsRead(url)) / requests };
  } finally {
    await dropBenchDatabase(LIST_DATABASE);
  }
}

// ---- the budget --------------------------------------------------------------------------

type Backend = { name: string; measured?: Measured; error?: string };

export async function listBudget(budget: string, target: string, options: Options) {
  const backends: Backend[] = [];
  const run = async (name: string, fn: (options: Options) => Promise<Measured>) => {
    log(`list: ${name}: 1 connection, ${options.warmup} s warm-up + ${options.duration} s`);
    try {
      const measured = await fn(options);
      backends.push({ name, measured });
      const r = measured.result;
      log(
        `list: ${name}: p50 ${fmtMs(r.p50Ms)}, p99 ${fmtMs(r.p99Ms)}, ${fmtInt(r.requestsPerSecond)} req/s`,
      );
    } catch (err) {
      noteCouldNotMeasure();
      log(`list: ${name}: could not measure: ${errorMessage(err)}`);
      backends.push({ name, error: errorMessage(err) });
    }
  };
  await run("PGlite", onPglite);
  await run("PostgreSQL", onPostgres);

  const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  const within = (b: Backend) =>
    b.measured !== undefined && clean(b.measured.result) && b.measured.result.p99Ms < LIST_P99_BUDGET_MS;
  const dirty = backends.filter((b) => b.measured && !clean(b.measured.result)).map((b) => b.name);
  budgets.push({
    budget,
    measured:
      backends.map((b) => `${b.name} ${b.measured ? fmtMs(b.measured.result.p99Ms) : "error"}`).join(" · ") +
      (dirty.length ? ` — non-2xx/errors: ${dirty.join(", ")}` : ""),
    target,
    ok: backends.length === 2 && backends.every(within),
  });

  const bad = (n: number) => (n === 0 ? "0" : `**${fmtInt(n)}** ⚠️`);
  const lines = [
    "### 'Minhas solicitações' with 10,000 requests",
    "",
    `\`GET ${LIST_PATH}\` for a user with ${fmtInt(KINDS.length * PER_TABLE)} requests (${fmtInt(PER_TABLE)} of each of the five kinds, ` +
      `spread over the last two years) while another user has as many; autocannon with 1 connection, so requests run one after another ` +
      `and p99 is a request's own latency, not queueing: ${options.duration} s after an unrecorded ${options.warmup} s warm-up ` +
      "(autocannon records latencies in whole milliseconds). " +
      `Before it, the first page was checked: ${PAGE} items, newest first, all five kinds, \`total\` 10,000.`,
    "",
    table(
      [
        "Backend",
        "p50",
        "p99",
        "max",
        "Requests/s",
        "Requests",
        "Non-2xx",
        "Errors / timeouts",
        "Seeding",
        "Rows read per request",
      ],
      backends.map((b) => {
        const m = b.measured;
        if (!m) return [b.name, `error: ${b.error?.split("\n")[0]}`, "", "", "", "", "", "", "", ""];
        const r = m.result;
        return [
          b.name,
          fmtMs(r.p50Ms),
          `**${fmtMs(r.p99Ms)}**`,
          fmtMs(r.maxMs),
          fmtInt(r.requestsPerSecond),
          fmtInt(r.total),
          bad(r.non2xx),
          `${bad(r.errors)} / ${bad(r.timeouts)}`,
          fmtMs(m.seedMs),
          m.rowsPerRequest === undefined ? "–" : fmtInt(m.rowsPerRequest),
        ];
      }),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
    "PGlite is seeded from the harness while the server is stopped (it holds the database exclusively), " +
      "then the server is started again on the same DATA_DIR; it is left as the server would have it: PGlite runs no autovacuum, " +
      "so the tables are neither analyzed nor vacuumed. PostgreSQL is seeded while the server runs, then `vacuum analyze`d, as autovacuum " +
      "would do shortly after, so that it does not run during the measurement. " +
      "Rows read per request (PostgreSQL only): rows of sequential scans plus rows fetched through indexes over the five tables " +
      "(`pg_stat_user_tables`, reset after seeding), divided by the requests of the check, the warm-up and the run. " +
      `A page served by the (user_id, created_at desc, id desc) indexes reads about ${KINDS.length} × ${PAGE + 1}; ` +
      `one that reads all of the user's ${fmtInt(KINDS.length * PER_TABLE)} rows and sorts them reads ${fmtInt(KINDS.length * PER_TABLE)} or more.`,
  ];
  for (const b of backends) {
    if (b.measured && !clean(b.measured.result))
      lines.push("", `⚠️ ${b.name}: status codes ${b.measured.result.statusCodes}`);
    if (b.error) lines.push("", `${b.name}: could not measure:`, "", "```", b.error, "```");
  }
  details.push(lines.join("\n"));
}
