/**
 * Rootful podman as this project's machines allow it (docs/decisions/045): runc rather than crun,
 * which refuses their hybrid cgroups; cgroupfs rather than systemd; no default ulimits, since
 * raising RLIMIT_NOFILE or NPROC is not permitted there; builds with chroot isolation. Installs
 * podman, runc and debootstrap from Debian when they are missing, as test:deploy does nginx.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CheckFailed, check, note, spawnLogged } from "../test-deploy/harness";

const TOOLS = { podman: "podman", runc: "runc", debootstrap: "debootstrap" } as const;

/** A program's path: PATH first, then where Debian puts administrators' tools. */
function findBinary(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/sbin", "/usr/bin"]) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

function apt(args: string[]) {
  execFileSync("apt-get", args, {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Installs whichever of podman, runc and debootstrap is missing; their versions, one line. */
export function ensureTools(): string {
  check(process.getuid?.() === 0, "the container test needs root (rootful podman, debootstrap)");
  const missing = Object.entries(TOOLS)
    .filter(([binary]) => !findBinary(binary))
    .map(([, pkg]) => pkg);
  if (missing.length) {
    note(`not installed: apt-get install -y ${missing.join(" ")}`);
    try {
      apt(["install", "-y", "-q", ...missing]);
    } catch {
      try {
        apt(["update", "-q"]);
        apt(["install", "-y", "-q", ...missing]);
      } catch (err) {
        const stderr = String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim();
        throw new CheckFailed(
          `${missing.join(", ")} could not be installed (apt-get install -y, as root on Debian): ${stderr.split("\n").at(-1)}`,
        );
      }
    }
  }
  for (const binary of Object.keys(TOOLS))
    check(findBinary(binary), `${binary} is still missing after apt-get install`);
  const version = (binary: string, flag: string) =>
    execFileSync(findBinary(binary)!, [flag], { encoding: "utf8" }).split("\n")[0]!.trim();
  return [version("podman", "--version"), version("runc", "--version"), version("debootstrap", "--version")]
    .map((line) => line.replace(/ version/, ""))
    .join(", ");
}

export type Result = { code: number; stdout: string; stderr: string };

export type Podman = {
  /** Runs `podman <args>` to the end; its output, whatever the exit code. */
  run(args: string[], options?: { stdin?: string; timeoutMs?: number }): Promise<Result>;
  /** Like run, but fails the test unless it exits 0; its stdout, trimmed. */
  ok(args: string[], what: string): Promise<string>;
  /** Runs a long command (a build) with its output in `logFile`; fails with its last lines. */
  logged(args: string[], logFile: string, what: string): Promise<void>;
  /** Whether an image of that name is in podman's store. */
  imageExists(name: string): Promise<boolean>;
};

/** podman with this machine's settings; `workDir` holds the containers.conf it reads. */
export function podman(workDir: string): Podman {
  const conf = path.join(workDir, "containers.conf");
  writeFileSync(conf, "[containers]\ndefault_ulimits = []\n");
  const env = { ...process.env, CONTAINERS_CONF: conf };
  const global = ["--runtime", "runc", "--cgroup-manager=cgroupfs"];
  const self: Podman = {
    run(args, options = {}) {
      return new Promise((resolve) => {
        const child = spawn("podman", [...global, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
        });
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
          stderr += chunk;
        });
        const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 300_000);
        child.once("error", (err) => resolve({ code: -1, stdout, stderr: `${stderr}${err.message}` }));
        child.once("close", (code) => {
          clearTimeout(timer);
          resolve({ code: code ?? -1, stdout, stderr });
        });
        child.stdin.end(options.stdin ?? "");
      });
    },
    async ok(args, what) {
      const result = await self.run(args);
      check(
        result.code === 0,
        `${what} failed (podman ${args.join(" ")}, exit ${result.code}):\n${(result.stderr || result.stdout).trim().split("\n").slice(-15).join("\n")}`,
      );
      return result.stdout.trim();
    },
    async logged(args, logFile, what) {
      const child = spawnLogged("podman", [...global, ...args], { env, logFile });
      // A download that never ends must not hold CI until its own limit.
      const timer = setTimeout(() => void child.stop(10_000), 15 * 60_000);
      const code = await child.exited;
      clearTimeout(timer);
      check(code === 0, `${what} failed (exit ${code}); the end of ${logFile}:\n${child.tail(25)}`);
    },
    async imageExists(name) {
      return (await self.run(["image", "exists", name])).code === 0;
    },
  };
  return self;
}
