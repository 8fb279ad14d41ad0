/**
 * One container of the image, as an operator starts it: the image's own command, its settings as
 * environment variables, /data on a named volume (docs/decisions/045). The host's network, so no
 * user-mode network is needed; the server listens on loopback at a port nothing else uses.
 */
import { CheckFailed, check, waitFor } from "../test-deploy/harness";
import type { Podman, Result } from "./podman";

export type Container = {
  name: string;
  url: string;
  /** `podman exec` as the image's user, in its WORKDIR; the result whatever the exit code. */
  exec(args: string[], timeoutMs?: number): Promise<Result>;
  /** The container's last log lines, for a failure's message. */
  logs(lines?: number): Promise<string>;
};

export type RunOptions = { image: string; volume: string; port: number; env: Record<string, string> };

function container(podman: Podman, name: string, port: number): Container {
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    exec: (args, timeoutMs) => podman.run(["exec", name, ...args], timeoutMs ? { timeoutMs } : {}),
    async logs(lines = 20) {
      const result = await podman.run(["logs", "--tail", String(lines), name]);
      return `${result.stdout}${result.stderr}`.trim();
    },
  };
}

async function readyz(url: string): Promise<boolean> {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
  return res.status === 200;
}

/** Starts a container and waits for GET /readyz to answer 200; it and the milliseconds that took. */
export async function startContainer(
  podman: Podman,
  name: string,
  options: RunOptions,
): Promise<{ container: Container; readyMs: number }> {
  const env = Object.entries({ ...options.env, PORT: String(options.port) }).flatMap(([k, v]) => [
    "-e",
    `${k}=${v}`,
  ]);
  const started = performance.now();
  await podman.ok(
    [
      "run",
      "-d",
      "--name",
      name,
      "--network",
      "host",
      ...env,
      "-v",
      `${options.volume}:/data`,
      options.image,
    ],
    `starting container ${name}`,
  );
  const self = container(podman, name, options.port);
  const up = await waitFor(120_000, async () => {
    const state = await podman.run(["inspect", "--format", "{{.State.Running}}", name]);
    if (state.stdout.trim() === "false")
      throw new CheckFailed(`container ${name} exited before it was ready:\n${await self.logs()}`);
    return readyz(self.url);
  });
  check(
    up,
    `container ${name}: GET ${self.url}/readyz did not answer 200 within 120 s:\n${await self.logs()}`,
  );
  return { container: self, readyMs: Math.round(performance.now() - started) };
}

/** `podman stop` (SIGTERM, then SIGKILL after 30 s) and `podman rm`; the server's exit code. */
export async function stopContainer(podman: Podman, name: string): Promise<number> {
  await podman.ok(["stop", "-t", "30", name], `stopping container ${name}`);
  const code = Number(await podman.ok(["inspect", "--format", "{{.State.ExitCode}}", name], "inspect"));
  await podman.ok(["rm", name], `removing container ${name}`);
  return code;
}
