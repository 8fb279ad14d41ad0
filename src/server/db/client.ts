import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PGlite } from "@electric-sql/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { migrationsDir } from "../paths";
import * as schema from "./schema";

/*
 * One Drizzle type for both drivers: the query builder is the same Postgres
 * dialect, only the transport differs, so the PGlite instance is typed as the
 * node-postgres one.
 */
export type Db = NodePgDatabase<typeof schema>;

/** A transaction of `Db`, for the query functions that must run inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a query function runs on: the database itself or one of its transactions. */
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite instance, for backups; null on PostgreSQL. */
  pglite: PGlite | null;
  /** PostgreSQL's address, for what needs a connection of its own (LISTEN); null on PGlite. */
  url: string | null;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now (for /metrics); absent on PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
};

type Logger = { error(obj: unknown, msg?: string): void };

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number; logger?: Logger }
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

const PGLITE_SHARED_BUFFERS = "16MB";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { database, opened } = await connect(options, null);
  await opened;
  return database;
}

/**
 * The server's start (decision 024): the database is handed out at once, while PGlite
 * compiles its WebAssembly and starts Postgres, so the app is built meanwhile; the
 * migrations run as soon as it is open. Every query made through `database.db` before
 * they have run waits for them (and fails if they fail), so nothing can read a table
 * the migrations have not made yet, whatever the app does while it is built.
 */
export type StartingDatabase = {
  database: Database;
  /** PGlite has started (PostgreSQL: at once). */
  opened: Promise<void>;
  /** The migrations have run; `database.db`'s queries are held until then. */
  migrated: Promise<void>;
};

export async function startDatabase(options: DatabaseOptions): Promise<StartingDatabase> {
  let release!: (done: Promise<void>) => void;
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { database, opened, migrate } = await connect(options, hold);
  const migrated = opened.then(migrate);
  release(migrated);
  return { database, opened, migrated };
}

/**
 * The client Drizzle queries through, holding its calls until `hold` settles: once it has,
 * a call goes straight through (one boolean's cost). The migrations use the client itself.
 */
function holding<C extends object, K extends keyof C & string>(
  client: C,
  hold: Promise<void>,
  methods: K[],
): C {
  let through = false;
  hold.then(
    () => {
      through = true;
    },
    () => {},
  );
  // Built on the client (drizzle tells a pg.Pool by its prototype), with the held methods of its own.
  const held = Object.create(client) as C;
  for (const name of methods) {
    const method = (client[name] as (...args: unknown[]) => unknown).bind(client);
    Object.defineProperty(held, name, {
      value: (...args: unknown[]) => (through ? method(...args) : hold.then(() => method(...args))),
    });
  }
  return held;
}

/**
 * PostgreSQL's driver is loaded only when it is used: pg's first load costs tens of ms (it tries a
 * fetch Response, which loads Node's undici), which a PGlite start does not need to pay.
 */
const postgresDriver = async () => {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  return { Pool: pg.Pool, drizzle, migrate };
};

async function connect(
  options: DatabaseOptions,
  hold: Promise<void> | null,
): Promise<{ database: Database; opened: Promise<void>; migrate: () => Promise<void> }> {
  if (options.kind === "postgres") {
    const { Pool, drizzle: drizzleNodePg } = await postgresDriver();
    const pool = new Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener, an idle client's error (say, a database restart) kills the process.
    pool.on("error", (err) => options.logger?.error({ err }, "PostgreSQL pool client error"));
    const db = drizzleNodePg(hold ? holding(pool, hold, ["query", "connect"]) : pool, { schema });
    return {
      database: {
        db,
        kind: "postgres",
        pglite: null,
        url: options.url,
        ping: async () => void (await pool.query("select 1")),
        close: () => pool.end(),
        poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      },
      opened: Promise.resolve(),
      migrate: () => migratePostgres(pool),
    };
  }
  // Not PGlite.create: the constructor returns at once and its queries wait until it is ready.
  const { release, ...artifacts } = await pgliteArtifacts();
  const client = new PGlite({
    ...artifacts,
    // PostgreSQL's 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never
    // shrinks: 16 MB (2,048 pages) hold the working set of a year of requests (the Painel reads
    // ~9 MB) and take the idle server from about 420 MB to about 210–250 MB (decision 023); other
    // pages are read through the OS's cache.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  client.waitReady.then(release, release);
  const db = drizzlePglite(hold ? holding(client, hold, ["query", "transaction"]) : client, {
    schema,
  }) as unknown as Db;
  return {
    database: {
      db,
      kind: "pglite",
      pglite: client,
      url: null,
      ping: async () => void (await client.query("select 1")),
      close: () => client.close(),
    },
    opened: client.waitReady,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir }),
  };
}

/**
 * PGlite's WebAssembly (9 MB) and file-system bundle (6 MB), read at once here. Left to PGlite,
 * they are read with `fs.promises.readFile`, 512 KB per turn of the event loop, and loading the
 * app's modules and `buildApp()` (which never yield to it) held those turns back, so Postgres only
 * began to start once the app was built (decision 024). The compiled module is kept, as PGlite
 * keeps its own, for the next database of the process (tests open many); the bundle is not.
 */
async function pgliteArtifacts(): Promise<{
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
  release: () => void;
}> {
  const resolve = createRequire(import.meta.url).resolve;
  compiledPglite ??= WebAssembly.compile(readFileSync(resolve("@electric-sql/pglite/pglite.wasm")));
  const { fsBundle, release } = releasable(readFileSync(resolve("@electric-sql/pglite/pglite.data")));
  return { pgliteWasmModule: await compiledPglite, fsBundle, release };
}

/**
 * The bundle as PGlite reads it, with `arrayBuffer()`: once when it opens a database, twice when it
 * makes a new cluster. PGlite keeps the options it was given for the database's life: a Blob there
 * held a second copy of the 6 MB bundle beside the one PGlite unpacked (decision 070). The first
 * read takes the bytes as they were read from disk, a second one a copy; once the database is
 * open, they are let go.
 */
function releasable(bytes: Buffer): { fsBundle: Blob; release: () => void } {
  let held: Buffer | null = bytes;
  let given = false;
  const fsBundle = {
    async arrayBuffer(): Promise<ArrayBuffer> {
      if (!held) throw new Error("PGlite's file bundle was read after the database opened");
      const { buffer, byteOffset, byteLength } = held;
      const whole = byteOffset === 0 && byteLength === buffer.byteLength;
      if (whole && !given) {
        given = true;
        return buffer as ArrayBuffer;
      }
      return buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
    },
  } as unknown as Blob;
  const release = () => {
    held = null;
  };
  return { fsBundle, release };
}

let compiledPglite: Promise<WebAssembly.Module> | undefined;

// An arbitrary constant: instances starting together take turns applying migrations.
const MIGRATION_LOCK_ID = 7_215_303;

/** Migrates a database from openDatabase() (startDatabase() migrates its own). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: migrationsDir });
    return;
  }
  await migratePostgres((database.db as unknown as { $client: pg.Pool }).$client);
}

async function migratePostgres(pool: pg.Pool): Promise<void> {
  const { drizzle: drizzleNodePg, migrate: migrateNodePg } = await postgresDriver();
  // A session lock on one connection: the migrator opens its own transaction on that same connection.
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
