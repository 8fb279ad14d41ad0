/**
 * Debian's nginx in front of the two instances, configured from deploy/nginx.conf itself: the
 * test changes only what a loopback run must (ports, no TLS) and fails if the file no longer has
 * the shape it changes, so the rules it proves are the ones operators copy (docs/decisions/044).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CheckFailed, type Child, check, note, spawnLogged, waitFor } from "./harness";

/** Where Debian puts it; PATH first. */
function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/usr/local/sbin"]) {
    if (dir && existsSync(path.join(dir, "nginx"))) return path.join(dir, "nginx");
  }
  return null;
}

function apt(args: string[]) {
  execFileSync("apt-get", args, {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** nginx's path, installing Debian's `nginx-light` when there is none. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  note("nginx is not installed: apt-get install -y nginx-light");
  try {
    apt(["install", "-y", "-q", "nginx-light"]);
  } catch {
    try {
      apt(["update", "-q"]);
      apt(["install", "-y", "-q", "nginx-light"]);
    } catch (err) {
      const stderr = String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim();
      throw new CheckFailed(
        `nginx is needed and could not be installed (apt-get install -y nginx-light, as root on Debian): ${stderr.split("\n").at(-1)}`,
      );
    }
  }
  const installed = findNginx();
  check(installed, "apt-get installed nginx-light, but no nginx binary was found afterwards");
  return installed;
}

/** Replaces `from` in `text`, failing when deploy/nginx.conf no longer contains it. */
function replaceIn(text: string, from: string | RegExp, to: string, what: string): string {
  const changed = text.replace(from, to);
  check(
    changed !== text,
    `deploy/nginx.conf changed shape: ${what} not found; update scripts/test-deploy/nginx.ts`,
  );
  return changed;
}

/**
 * deploy/nginx.conf for a loopback run: the upstream's two servers become the instances' ports,
 * the port-80 redirect goes, the TLS server listens on `listenPort` without TLS. One line is
 * added: which instance answered (`X-Balcao-Upstream`), so the test can tell A from B.
 */
export function deriveSite(source: string, ports: { listen: number; a: number; b: number }): string {
  let site = replaceIn(source, "127.0.0.1:3001", `127.0.0.1:${ports.a}`, "upstream server 127.0.0.1:3001");
  site = replaceIn(site, "127.0.0.1:3002", `127.0.0.1:${ports.b}`, "upstream server 127.0.0.1:3002");
  site = replaceIn(site, /server \{\s*listen 80;[\s\S]*?\n\}\n/, "", "the port-80 redirect server");
  site = replaceIn(site, /listen 443 ssl;/, `listen 127.0.0.1:${ports.listen};`, "listen 443 ssl");
  site = replaceIn(site, /^\s*http2 on;\n/m, "", "http2 on");
  site = replaceIn(site, /^\s*ssl_[a-z_]+ .*\n/gm, "", "the ssl_ lines");
  return replaceIn(
    site,
    /(server_name [^;]+;\n)(?![\s\S]*server_name)/,
    "$1    add_header X-Balcao-Upstream $upstream_addr always;\n",
    "server_name in the TLS server",
  );
}

/** The main configuration: everything nginx writes stays in `dir`; it runs as a child, not a daemon. */
function mainConf(dir: string, site: string): string {
  const tmp = path.join(dir, "tmp");
  mkdirSync(tmp, { recursive: true });
  writeFileSync(path.join(dir, "balcao.conf"), site);
  // As root nginx's workers would switch to `nobody`, who cannot enter the private temporary folder.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${tmp}/body;
    proxy_temp_path ${tmp}/proxy;
    include ${dir}/balcao.conf;
}
`;
}

export type RunningNginx = { url: string; child: Child; siteFile: string };

/** Writes the configuration into `dir`, checks it with `nginx -t`, starts nginx and waits for its port. */
export async function startNginx(
  binary: string,
  dir: string,
  ports: { listen: number; a: number; b: number },
): Promise<RunningNginx> {
  mkdirSync(dir, { recursive: true });
  const site = deriveSite(
    readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx.conf"), "utf8"),
    ports,
  );
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, mainConf(dir, site));
  const args = ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")];
  try {
    execFileSync(binary, [...args, "-t", "-q"], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (err) {
    throw new CheckFailed(
      `nginx -t refused the derived configuration: ${(err as { stderr?: Buffer }).stderr}`,
    );
  }
  const child = spawnLogged(binary, args, { logFile: path.join(dir, "stdout.log") });
  const url = `http://127.0.0.1:${ports.listen}`;
  // Any answer will do (the instances may not be up yet): nginx is listening.
  const up = await waitFor(10_000, async () => (await fetch(`${url}/healthz`)).status > 0);
  check(up && child.running(), `nginx did not start:\n${readFileSync(path.join(dir, "error.log"), "utf8")}`);
  return { url, child, siteFile: path.join(dir, "balcao.conf") };
}

/** A configuration's proxy rules (from client_max_body_size on), without comments and indentation. */
function proxyRules(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf("client_max_body_size");
  check(start >= 0, `${file} has no client_max_body_size: not a Balcão proxy configuration`);
  return text
    .slice(start)
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}

/** compose.yaml's nginx copies deploy/nginx.conf's rules: the proof of one stands for the other. */
export function composeRulesMatch(): string {
  const deploy = path.resolve(import.meta.dirname, "../../deploy");
  const proven = proxyRules(path.join(deploy, "nginx.conf"));
  const compose = proxyRules(path.join(deploy, "compose/nginx.conf"));
  const at = proven.findIndex((line, i) => compose[i] !== line);
  check(
    at === -1 && proven.length === compose.length,
    `deploy/compose/nginx.conf differs from deploy/nginx.conf at rule ${at + 1}: "${compose[at] ?? "(none)"}" instead of "${proven[at] ?? "(none)"}"`,
  );
  return `${proven.length} lines of proxy rules identical`;
}
