/**
 * npm run test:deploy: the deployment recipe, proven (docs/decisions/044). Packs the release,
 * unpacks it in an empty folder, starts two instances from it with its own start script on a
 * scratch PostgreSQL database and one S3 bucket, puts Debian's nginx in front with
 * deploy/nginx.conf, and checks through the proxy: sign-in and a submission with a file, a live
 * event across instances, the service worker and the manifest, rate limits per client address, and
 * a rolling restart under load that loses and duplicates nothing. Exits 1 on any failure; always stops and removes what it started.
 *
 * DEPLOY_TEST_POSTGRES_URL: a database on the server to create the scratch one from
 * (default postgres://postgres@127.0.0.1:5432/postgres; the user needs CREATEDB).
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { installableFiles, liveEvent, rateLimitsSeeClients, submissionWithFile } from "./test-deploy/checks";
import { nameUpstream, signUp } from "./test-deploy/client";
import { CheckFailed, check, cleanups, freePort, note, spawnLogged, step } from "./test-deploy/harness";
import {
  devPackagesInstalled,
  type Instance,
  instance,
  lastStartLine,
  sharedEnv,
  unpack,
} from "./test-deploy/instances";
import { composeRulesMatch, ensureNginx, startNginx } from "./test-deploy/nginx";
import { releaseCommands } from "./test-deploy/release-commands";
import { rollingRestart } from "./test-deploy/rolling-restart";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Memory (/dev/shm) when it has room, else the temporary folder: the release's node_modules is
 * some 20,000 files, which this project's shared disks took 25–55 s to delete.
 */
function scratchRoot(): string {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    accessSync("/dev/shm", constants.W_OK);
    if (bavail * bsize > 2 * 1024 ** 3) return "/dev/shm";
  } catch {}
  return tmpdir();
}
const ROLLING_PEOPLE = 16;
/** A step whose result is already its summary line. */
const same = (line: string) => line;
const clean = cleanups();
const work = mkdtempSync(path.join(scratchRoot(), "balcao-deploy-"));
clean.add("the temporary folder", () => rmSync(work, { recursive: true, force: true }));

async function packageRelease(): Promise<string> {
  const child = spawnLogged("npm", ["run", "package"], {
    cwd: root,
    logFile: path.join(work, "package.log"),
  });
  const code = await child.exited;
  check(code === 0, `npm run package failed (${code}):\n${child.tail()}`);
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  note(child.tail(2).split("\n")[0]!);
  return path.join(root, `balcao-${version}.tar.gz`);
}

async function scratchDatabase(): Promise<{ url: string; db: pg.Client }> {
  const admin = process.env.DEPLOY_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `balcao_deploy_${process.pid}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`).catch((err: Error) => {
    throw new CheckFailed(`could not create a scratch database on ${admin}: ${err.message}`);
  });
  clean.add(`database ${name}`, () => run(`drop database if exists ${name} with (force)`));
  const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  clean.add("the test's database connection", () => db.end());
  return { url, db };
}

/** One bucket both instances use: s3rver, an S3-compatible server the storage tests use too. */
async function s3Store() {
  const directory = path.join(work, "s3");
  mkdirSync(directory);
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "balcao" }],
  });
  const { port } = await server.run();
  clean.add("the S3 store", () => server.close());
  // s3rver's fixed credentials.
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "balcao",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
}

async function startBoth(a: Instance, b: Instance, release: string) {
  await step(
    "instance A: bin/balcao from the release (its first start installs the production dependencies)",
    async () => {
      const ms = await a.start();
      const dev = devPackagesInstalled(release);
      check(dev.length === 0, `the release installed dev-only packages: ${dev.join(", ")}`);
      return ms;
    },
    (ms) => `ready in ${ms} ms (${lastStartLine(work, "A")}); no dev-only package installed`,
  );
  await step(
    "instance B: bin/balcao from the same folder",
    () => b.start(),
    (ms) => `ready in ${ms} ms (${lastStartLine(work, "B")})`,
  );
}

/** The release unpacked, two instances started from it, nginx in front: what the checks go through. */
async function setUp() {
  await step("compose.yaml's nginx keeps deploy/nginx.conf's rules", async () => composeRulesMatch(), same);
  const archive = await step("npm run package", packageRelease, (file) => path.basename(file));
  const nginx = await step(
    "nginx",
    async () => {
      const binary = ensureNginx();
      // nginx -v writes to stderr.
      return { binary, version: spawnSync(binary, ["-v"], { encoding: "utf8" }).stderr.trim() };
    },
    (n) => `${n.version} (${n.binary})`,
  );
  const { url: databaseUrl, db } = await step("scratch PostgreSQL database", scratchDatabase, (d) =>
    new URL(d.url).pathname.slice(1),
  );
  const s3 = await step("S3 store (s3rver), one bucket for both instances", s3Store, (s) => s.endpoint);
  const release = await step(
    "unpack the release into an empty folder",
    () => unpack(archive, path.join(work, "release")),
    same,
  );
  const ports = { listen: await freePort(), a: await freePort(), b: await freePort() };
  const env = sharedEnv({ databaseUrl, publicUrl: `http://127.0.0.1:${ports.listen}`, s3 });
  const a = instance("A", { release, port: ports.a, env, workDir: work });
  const b = instance("B", { release, port: ports.b, env, workDir: work });
  nameUpstream(`127.0.0.1:${ports.a}`, "A");
  nameUpstream(`127.0.0.1:${ports.b}`, "B");
  clean.add("instance A", () => a.stop());
  clean.add("instance B", () => b.stop());
  await startBoth(a, b, release);
  const proxy = await step(
    "nginx in front of both, configured from deploy/nginx.conf",
    async () => {
      const started = await startNginx(nginx.binary, path.join(work, "nginx"), ports);
      clean.add("nginx", () => started.child.stop(5000));
      return started;
    },
    (p) => `${p.url} → A 127.0.0.1:${ports.a}, B 127.0.0.1:${ports.b}`,
  );
  return { proxy: proxy.url, instances: [a, b] as const, db, release, env };
}

/** Everything a person and an operator rely on, through the proxy. */
async function checkThroughProxy({ proxy, instances, db, release, env }: Awaited<ReturnType<typeof setUp>>) {
  const ana = await step(
    "sign-up and sign-in through the proxy",
    () => signUp(proxy, "ana.deploy@agencia.digital", "Ana Implantação"),
    (p) => `${p.email} signed in`,
  );
  await step(
    "a reimbursement with its receipt (multipart) through the proxy",
    () => submissionWithFile(proxy, ana),
    same,
  );
  await step("the service worker and the manifest through the proxy", () => installableFiles(proxy), same);
  await step(
    "a live event reaches open streams through the proxy within 1 s",
    () => liveEvent(proxy, ana),
    same,
  );
  await step(
    "rate limits see the client's address, not the proxy's",
    () => rateLimitsSeeClients(proxy, db),
    same,
  );
  const people = await step(
    `${ROLLING_PEOPLE} people sign up for the rolling restart`,
    async () => {
      const list = [];
      for (let i = 1; i <= ROLLING_PEOPLE; i++)
        list.push(await signUp(proxy, `pessoa${i}.deploy@agencia.digital`, `Pessoa ${i}`));
      return list;
    },
    (list) => `${list.length} signed in`,
  );
  await step(
    "rolling restart (A, then B) while a client keeps submitting",
    () => rollingRestart(proxy, instances, people, db),
    same,
  );
  await step(
    "the release's commands: bin/balcao doctor, bin/balcao backup --verify",
    () => releaseCommands({ release, env, workDir: work }),
    same,
  );
}

async function printLogs() {
  for (const [name, file] of [
    ["instance A", "instance-A.log"],
    ["instance B", "instance-B.log"],
    ["nginx", "nginx/error.log"],
  ]) {
    try {
      const lines = readFileSync(path.join(work, file!), "utf8").trimEnd().split("\n").slice(-8);
      console.error(`\n--- ${name}, last lines ---\n${lines.join("\n")}`);
    } catch {}
  }
}

const started = performance.now();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up`);
    void clean.runAll().finally(() => process.exit(130));
  });
}
let passed = false;
try {
  await checkThroughProxy(await setUp());
  passed = true;
} catch (err) {
  console.error(`\n✗ ${err instanceof CheckFailed ? err.message : (err as Error).stack}`);
  await printLogs();
} finally {
  console.log("");
  await clean.runAll();
}
const total = `${((performance.now() - started) / 1000).toFixed(0)} s`;
if (passed) console.log(`Deploy test passed in ${total}`);
else console.error(`Deploy test FAILED after ${total}`);
process.exitCode = passed ? 0 : 1;
