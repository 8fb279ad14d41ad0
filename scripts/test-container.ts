/**
 * npm run test:container: the image, built and run (docs/decisions/045). Packs the release, builds
 * the repository's Dockerfile with rootful podman (installed from Debian when missing) on the FROM
 * image, or on a stand-in of it made from debootstrap and the npm registry where no registry is
 * reachable, then runs it on the embedded database with /data on a named volume and checks: the
 * server runs as `balcao`, /readyz answers, a person, a request and its receipt written through the
 * API are all there in a new container on the same volume (and the generated secrets unchanged),
 * `bin/balcao backup --verify` and `bin/balcao doctor` pass inside, and so does the HEALTHCHECK.
 * Exits 1 on any failure; always removes its containers, volume and temporary folder. Kept for the
 * next run: the base images and the Debian tarball (CONTAINER_TEST_CACHE, default
 * /var/cache/balcao-container), and the last test image, whose layers the next build reuses (the
 * PostgreSQL client; the dependencies while the release's lockfile is the same).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpSink } from "../src/server/testing/smtp-sink";
import { ensureBaseImage } from "./test-container/base-image";
import {
  backupInside,
  backupKept,
  dataSurvived,
  doctorInside,
  healthcheckPasses,
  runsAsBalcao,
  writeData,
} from "./test-container/checks";
import { type RunOptions, startContainer, stopContainer } from "./test-container/container";
import { ensureTools, podman as makePodman } from "./test-container/podman";
import { CheckFailed, check, cleanups, freePort, note, spawnLogged, step } from "./test-deploy/harness";

const root = path.resolve(import.meta.dirname, "..");
const IMAGE = "localhost/balcao-container-test:latest";
const cacheDir = process.env.CONTAINER_TEST_CACHE ?? "/var/cache/balcao-container";
const run = `balcao-test-${process.pid}`;
/** A step whose result is already its summary line. */
const same = (line: string) => line;
const clean = cleanups();
const work = mkdtempSync(path.join(tmpdir(), "balcao-container-"));
clean.add("the temporary folder", () => rmSync(work, { recursive: true, force: true }));
const podman = makePodman(work);
/** The containers that may be running, for the logs of a failure. */
const live = new Set<string>();

async function packageRelease(): Promise<string> {
  const child = spawnLogged("npm", ["run", "package"], {
    cwd: root,
    logFile: path.join(work, "package.log"),
  });
  const code = await child.exited;
  check(code === 0, `npm run package failed (${code}):\n${child.tail()}`);
  note(child.tail(2).split("\n")[0]!);
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  return `balcao-${version}.tar.gz`;
}

/**
 * Where TLS to the npm registry is re-signed by this machine's egress (npm's `cafile`, or
 * NODE_EXTRA_CA_CERTS), the build's `npm ci` gets that trust through mounts that exist during the
 * build only; the Dockerfile stays the operators'. None on a machine with plain access.
 */
function buildTrust(): string[] {
  let cafile = process.env.NODE_EXTRA_CA_CERTS ?? "";
  let source = "NODE_EXTRA_CA_CERTS";
  try {
    const configured = execFileSync("npm", ["config", "get", "cafile"], { encoding: "utf8" }).trim();
    if (configured && configured !== "null" && configured !== "undefined") {
      cafile = configured;
      source = "npm cafile";
    }
  } catch {}
  if (!cafile) return [];
  const dir = path.join(work, "build-trust");
  mkdirSync(dir);
  copyFileSync(cafile, path.join(dir, "ca.crt"));
  writeFileSync(path.join(dir, "npmrc"), "cafile=/run/balcao-build-trust/ca.crt\n");
  note(`npm in the build trusts ${cafile} (this machine's ${source}), mounted for the build only`);
  return ["-v", `${dir}:/run/balcao-build-trust:ro`, "-v", `${dir}/npmrc:/root/.npmrc:ro`];
}

/** Untagged images without children: what a build leaves behind (its first stage, the image it replaced). */
async function dangling(): Promise<Set<string>> {
  const { stdout } = await podman.run(["images", "-q", "--no-trunc", "--filter", "dangling=true"]);
  return new Set(stdout.split("\n").filter(Boolean));
}

/**
 * Builds the Dockerfile as it is, `--format docker` so the HEALTHCHECK is kept. What the build
 * leaves behind is removed; the layers of the last image stay, for the next build to reuse.
 */
async function buildImage(): Promise<string> {
  const before = await dangling();
  await podman.logged(
    ["build", "--format", "docker", "--isolation=chroot", "--pull=never", ...buildTrust(), "-t", IMAGE, root],
    path.join(work, "build.log"),
    "podman build of the Dockerfile",
  );
  for (const id of await dangling()) if (!before.has(id)) await podman.run(["rmi", id]);
  const reused = readFileSync(path.join(work, "build.log"), "utf8").match(/Using cache/g)?.length ?? 0;
  const size = await podman.ok(["image", "inspect", "--format", "{{.Size}}", IMAGE], "inspect");
  return `${IMAGE} (${(Number(size) / 1024 ** 2).toFixed(0)} MB, ${reused} cached steps)`;
}

async function setUp() {
  await step("podman, runc and debootstrap", async () => ensureTools(), same);
  await step("the Dockerfile's FROM image", () => ensureBaseImage(podman, { cacheDir, workDir: work }), same);
  await step("npm run package", packageRelease, same);
  await step("podman build of the Dockerfile (--pull=never)", buildImage, same);
  const sink = await startSmtpSink();
  clean.add("the SMTP sink", () => sink.close());
  const volume = `${run}-data`;
  await podman.ok(["volume", "create", volume], "podman volume create");
  clean.add(`volume ${volume}`, () => podman.run(["volume", "rm", "-f", volume]));
  const port = await freePort();
  const options: RunOptions = {
    image: IMAGE,
    volume,
    port,
    // The embedded database (no DATABASE_URL) and generated secrets: what /data must keep.
    env: {
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: sink.url,
      // Sign-up confirms by e-mail in production; the test signs in at once.
      REQUIRE_EMAIL_VERIFICATION: "false",
    },
  };
  return { sink, options };
}

async function start(name: string, options: RunOptions) {
  live.add(name);
  clean.add(`container ${name}`, () => podman.run(["rm", "-f", "-t", "5", name]));
  const { container, readyMs } = await startContainer(podman, name, options);
  note(`GET ${container.url}/readyz: 200 after ${readyMs} ms`);
  return container;
}

async function checkContainers({ sink, options }: Awaited<ReturnType<typeof setUp>>) {
  const first = await step(
    "first container: /data on a new named volume, embedded database",
    () => start(`${run}-1`, options),
    (c) => c.name,
  );
  await step("runs as balcao, not root", () => runsAsBalcao(podman, first, IMAGE), same);
  const written = await step(
    "sign-up, and a reimbursement with its receipt, through the API",
    () => writeData(first),
    (w) => `${w.person.email}, request ${w.requestId}`,
  );
  const backup = await step(
    "bin/balcao backup --verify inside",
    () => backupInside(first),
    (b) => `${b.file}; ${b.verified}`,
  );
  await step(
    "podman stop (SIGTERM) and rm",
    async () => {
      const code = await stopContainer(podman, first.name);
      live.delete(first.name);
      check(code === 0, `the server exited ${code} on SIGTERM, expected 0`);
      return code;
    },
    () => "the server stopped cleanly (exit 0)",
  );
  const second = await step(
    "second container on the same volume",
    () => start(`${run}-2`, options),
    (c) => c.name,
  );
  await step(
    "the data is still there",
    async () => {
      await backupKept(second, backup.file);
      return `${await dataSurvived(second, written)}; the backup archive kept`;
    },
    same,
  );
  await step("bin/balcao doctor inside", () => doctorInside(second, sink), same);
  await step("the Dockerfile's HEALTHCHECK", () => healthcheckPasses(podman, second, IMAGE), same);
}

async function printLogs() {
  for (const name of live) {
    const result = await podman.run(["logs", "--tail", "15", name]);
    console.error(`\n--- container ${name}, last lines ---\n${`${result.stdout}${result.stderr}`.trim()}`);
  }
  // The builds' logs only matter when no container got as far as starting.
  for (const file of live.size ? [] : ["build.log", "node-base.log"]) {
    try {
      const lines = readFileSync(path.join(work, file), "utf8").trimEnd().split("\n").slice(-10);
      console.error(`\n--- ${file}, last lines ---\n${lines.join("\n")}`);
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
  await checkContainers(await setUp());
  passed = true;
} catch (err) {
  console.error(`\n✗ ${err instanceof CheckFailed ? err.message : (err as Error).stack}`);
  await printLogs();
} finally {
  console.log("");
  await clean.runAll();
}
const total = `${((performance.now() - started) / 1000).toFixed(0)} s`;
if (passed) console.log(`Container test passed in ${total}`);
else console.error(`Container test FAILED after ${total}`);
process.exitCode = passed ? 0 : 1;
