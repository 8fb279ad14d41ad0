import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { DataDirLockedError, loadOrCreateAuthSecret, lockDataDir, pgliteDir } from "./data-dir";
import { openDatabase } from "./db/client";
import { projectRoot } from "./paths";

const holderScript = path.join(import.meta.dirname, "testing", "lock-holder.ts");
const children = new Set<ChildProcess>();

afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
});

const newDataDir = () => mkdtempSync(path.join(tmpdir(), "balcao-lock-"));
const lockFile = (dir: string) => path.join(dir, "balcao.lock");

/** A separate process that takes the lock (as a server does) and answers with its first line. */
async function startHolder(dir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", holderScript, dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  let output = "";
  child.stdout!.setEncoding("utf8");
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: string) => {
      output += chunk;
      if (output.includes("\n")) resolve();
    });
    child.once("exit", () => resolve());
    child.once("error", reject);
  });
  return { child, line: output.split("\n")[0] };
}

async function killHard(child: ChildProcess) {
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

/** A lock file as another process would have written it. */
function writeLock(dir: string, owner: Record<string, unknown>, ageSeconds = 0) {
  const file = lockFile(dir);
  writeFileSync(
    file,
    JSON.stringify({
      pid: 999_999,
      hostname: hostname(),
      bootId: null,
      startTicks: null,
      startedAt: new Date().toISOString(),
      nonce: "0123456789abcdef01234567",
      ...owner,
    }),
  );
  const when = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(file, when, when);
}

const lockOwner = (dir: string) => JSON.parse(readFileSync(lockFile(dir), "utf8")) as { pid: number };

// These tests start real processes (node with tsx, about 0.4 s each here); a loaded CI machine makes that
// many times slower, so they get three times Vitest's default.
describe("DATA_DIR lock", { timeout: 60_000 }, () => {
  it("admits one server at a time, with a clear message for the second", async () => {
    const dir = newDataDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/is in use by another Balcão process/);
    await release();
    expect(existsSync(lockFile(dir))).toBe(false);
    const again = await lockDataDir(dir);
    await again();
  });

  it("refuses while another live process holds it, naming that process", async () => {
    const dir = newDataDir();
    const holder = await startHolder(dir);
    expect(holder.line).toBe("locked");
    await expect(lockDataDir(dir)).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another Balcão process (pid ${holder.child.pid}); stop it first or choose another DATA_DIR`,
    );
    // However long it has held it: a live server is never judged stale.
    const old = new Date(Date.now() - 3600_000);
    utimesSync(lockFile(dir), old, old);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
  });

  it("takes over at once the lock of a process killed with SIGKILL, then refuses the next one", async () => {
    const dir = newDataDir();
    const crashed = await startHolder(dir);
    expect(crashed.line).toBe("locked");
    await killHard(crashed.child);
    expect(existsSync(lockFile(dir))).toBe(true);

    const release = await lockDataDir(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    const second = await startHolder(dir);
    expect(second.line).toBe(
      `DATA_DIR ${dir} is in use by another Balcão process (pid ${process.pid}); stop it first or choose another DATA_DIR`,
    );
    const [code] =
      second.child.exitCode === null ? await once(second.child, "exit") : [second.child.exitCode];
    expect(code).toBe(3);
    await release();

    // And a supervisor's restart, a process in place of the one killed, takes it just the same.
    const crashedAgain = await startHolder(dir);
    await killHard(crashedAgain.child);
    const restarted = await startHolder(dir);
    expect(restarted.line).toBe("locked");
    expect(lockOwner(dir).pid).toBe(restarted.child.pid);
    // No leftovers beside the lock.
    expect(readdirSync(dir).filter((name) => name.startsWith("balcao.lock"))).toEqual(["balcao.lock"]);
  });

  it("takes over a lock of this very pid from an earlier process (a restarted container's pid 1)", async () => {
    const dir = newDataDir();
    writeLock(dir, { pid: process.pid });
    const release = await lockDataDir(dir);
    await release();
  });

  it.runIf(existsSync("/proc/self/stat"))(
    "takes over when the pid runs another process now, or the machine restarted since",
    async () => {
      const dir = newDataDir();
      // The parent of this test is alive, but did not start at tick 1: its pid was reused.
      writeLock(dir, { pid: process.ppid, startTicks: "1" });
      await (await lockDataDir(dir))();
      writeLock(dir, { pid: process.ppid, bootId: "00000000-0000-0000-0000-000000000000" });
      await (await lockDataDir(dir))();
      // Alive and no sign of reuse: held.
      writeLock(dir, { pid: process.ppid });
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    },
  );

  it("judges a lock from another host (a network disk) by its heartbeat: stale after 30 s", async () => {
    const dir = newDataDir();
    writeLock(dir, { hostname: "outra-maquina", pid: 4242 }, 5);
    await expect(lockDataDir(dir)).rejects.toThrow(
      /is in use by another Balcão process \(pid 4242 on outra-maquina, renewed \d+ s ago\)/,
    );
    writeLock(dir, { hostname: "outra-maquina", pid: 4242 }, 40);
    const release = await lockDataDir(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    await release();
  });

  it("renews its lock, and notices when another process took it", async () => {
    const dir = newDataDir();
    const compromised: Error[] = [];
    const release = await lockDataDir(dir, {
      heartbeatMs: 20,
      onCompromised: (err) => compromised.push(err),
    });
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile(dir), old, old);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Date.now() - statSync(lockFile(dir)).mtimeMs).toBeLessThan(5000);
    writeLock(dir, { hostname: "outra-maquina" });
    for (let i = 0; i < 100 && compromised.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(compromised[0]?.message).toMatch(/was taken by another process/);
    // Releasing leaves the other process's lock in place.
    await release();
    expect(existsSync(lockFile(dir))).toBe(true);
  });

  it("respects the lock directory of an older Balcão while it is renewed", async () => {
    const dir = newDataDir();
    mkdirSync(lockFile(dir));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile(dir), old, old);
    const release = await lockDataDir(dir);
    expect(statSync(lockFile(dir)).isFile()).toBe(true);
    await release();
  });

  it("keeps a new DATA_DIR private (0700)", async () => {
    const dir = path.join(newDataDir(), "dados");
    await (await lockDataDir(dir))();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("npm run backup takes over a crashed server's lock and writes a private backup", async () => {
    const dir = newDataDir();
    const backupDir = path.join(dir, "..", `${path.basename(dir)}-backups`);
    const database = await openDatabase({
      kind: "pglite",
      dataDir: pgliteDir(dir),
      loadDataDir: new Blob([readFileSync(inject("pgliteDumpFile"))]),
    });
    await database.close();
    const crashed = await startHolder(dir);
    await killHard(crashed.child);

    const backup = spawn(
      process.execPath,
      ["--import", "tsx", path.join(projectRoot, "scripts", "backup.ts")],
      {
        env: { ...process.env, DATA_DIR: dir, BACKUP_DIR: backupDir, DATABASE_URL: "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    children.add(backup);
    let output = "";
    backup.stdout!.on("data", (chunk) => {
      output += chunk;
    });
    backup.stderr!.on("data", (chunk) => {
      output += chunk;
    });
    const [code] = await once(backup, "exit");
    expect(output).toMatch(/^Backup written: .*balcao-\d{8}-\d{6}\.tar\.gz \(\d+\.\d MB, 0 files\)$/m);
    expect(code).toBe(0);
    const [file] = readdirSync(backupDir);
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(backupDir, file!)).mode & 0o777).toBe(0o600);
    expect(existsSync(lockFile(dir))).toBe(false);
  }, 120_000);
});

describe("DATA_DIR secrets", () => {
  it("generates AUTH_SECRET once, keeps it private and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "balcao-secret-"));
    const first = loadOrCreateAuthSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateAuthSecret(dir)).toBe(first);
    const file = path.join(dir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
