/**
 * What the image must do (docs/decisions/045), each check returning its one-line summary: run the
 * server as `balcao` with the code read-only, keep everything in /data across a new container, and
 * carry the operator's commands (bin/balcao backup --verify, bin/balcao doctor) and a HEALTHCHECK
 * that work inside it.
 */
import type { SmtpSink } from "../../src/server/testing/smtp-sink";
import { PASSWORD, type Person, receipt, signUp, submitReembolso } from "../test-deploy/client";
import { check } from "../test-deploy/harness";
import type { Container } from "./container";
import type { Podman } from "./podman";

const ARCHIVE = /^balcao-\d{8}-\d{6}\.tar\.gz$/;

async function execOk(c: Container, args: string[], what: string): Promise<string> {
  const result = await c.exec(args);
  check(
    result.code === 0,
    `${what} (podman exec ${c.name} ${args.join(" ")}): exit ${result.code}\n${result.stderr}`,
  );
  return result.stdout.trim();
}

const BALCAO_UID = 999;

/** The server (pid 1) and `podman exec` both run as balcao; the code is not theirs to change. */
export async function runsAsBalcao(podman: Podman, c: Container, image: string): Promise<string> {
  const user = await podman.ok(["image", "inspect", "--format", "{{.Config.User}}", image], "inspect");
  check(user === "balcao", `the image's USER is "${user}", expected balcao`);
  const status = await execOk(c, ["cat", "/proc/1/status"], "reading pid 1's status");
  const uids = /^Uid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/).map(Number) ?? [];
  // The Dockerfile fixes balcao's uid, which operators chown a host directory to (docs/operations.md).
  check(
    uids.length === 4 && uids.every((uid) => uid === BALCAO_UID),
    `pid 1 runs with uids ${uids.join(" ")}`,
  );
  const command = (await execOk(c, ["cat", "/proc/1/cmdline"], "reading pid 1's command")).split("\0");
  check(command.includes("dist/server/server.js"), `pid 1 is not the server: ${command.join(" ")}`);
  const [name, uid] = (await execOk(c, ["sh", "-c", "id -un; id -u"], "id")).split("\n");
  check(
    name === "balcao" && Number(uid) === uids[0],
    `exec runs as ${name} (${uid}), the server as ${uids[0]}`,
  );
  const write = await c.exec(["touch", "/opt/balcao/dist/server/written-by-the-server"]);
  check(write.code !== 0, "the server's user can write its own code in /opt/balcao");
  const data = await execOk(c, ["stat", "-c", "%U %a", "/data"], "stat /data");
  check(data === "balcao 700", `/data is "${data}", expected owned by balcao, mode 700`);
  const ids = await execOk(c, ["stat", "-c", "%u:%g", "/data"], "stat /data");
  check(
    ids === `${BALCAO_UID}:${BALCAO_UID}`,
    `/data is owned by ${ids}, expected ${BALCAO_UID}:${BALCAO_UID}`,
  );
  return `pid 1 is node dist/server/server.js as balcao (uid ${uids[0]}); /opt/balcao read-only to it; /data balcao 0700`;
}

export type Written = { person: Person; requestId: string; file: Buffer; secrets: string };

/** The generated secrets in DATA_DIR, as digests: compared across containers, never printed. */
export const secretsDigest = (c: Container) =>
  execOk(c, ["sha256sum", "/data/auth-secret", "/data/webhook-secret"], "digesting DATA_DIR's secrets");

/** A person signs up and sends a reimbursement with a receipt: rows in PGlite, a file in uploads. */
export async function writeData(c: Container): Promise<Written> {
  const person = await signUp(c.url, "ana.container@agencia.digital", "Ana Contêiner");
  const file = receipt(`recibo do contêiner ${Date.now()}`);
  const created = await submitReembolso(c.url, person, { file });
  const body = (await created.json()) as { id?: string };
  check(
    created.status === 201 && body.id,
    `POST /api/solicitacoes/reembolso: ${created.status} ${JSON.stringify(body)}`,
  );
  return { person, requestId: body.id, file, secrets: await secretsDigest(c) };
}

/** In the new container: the same secrets, the old session, the request and its receipt byte for byte. */
export async function dataSurvived(c: Container, written: Written): Promise<string> {
  check(
    (await secretsDigest(c)) === written.secrets,
    "auth-secret or webhook-secret changed with the new container",
  );
  const { person } = written;
  const detail = await fetch(`${c.url}/api/solicitacoes/reembolso/${written.requestId}`, {
    headers: { cookie: person.cookie },
  });
  const request = (await detail.json()) as { anexos?: { url: string }[] };
  check(
    detail.status === 200 && request.anexos?.length === 1,
    `the request with the old session's cookie: ${detail.status} ${JSON.stringify(request)}`,
  );
  const download = await fetch(new URL(request.anexos[0]!.url, c.url), {
    headers: { cookie: person.cookie },
  });
  const bytes = Buffer.from(await download.arrayBuffer());
  check(
    download.status === 200 && bytes.equals(written.file),
    `the receipt read back: ${download.status}, ${bytes.length} bytes`,
  );
  const login = await fetch(`${c.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: c.url },
    body: JSON.stringify({ email: person.email, password: PASSWORD }),
  });
  check(login.status === 200, `signing in again as ${person.email}: ${login.status} ${await login.text()}`);
  return "same generated secrets, the old session still valid, the request and its receipt byte for byte, sign-in works";
}

/** `bin/balcao backup --verify`: the running server writes the archive under /data/backups, then it is restored and checked. */
export async function backupInside(c: Container): Promise<{ file: string; verified: string }> {
  const result = await c.exec(["bin/balcao", "backup", "--verify"], 300_000);
  const output = `${result.stdout}${result.stderr}`;
  const file = /Backup written.*?(\/data\/backups\/\S+\.tar\.gz)/.exec(output)?.[1];
  const verified = /^Verified: .*$/m.exec(output)?.[0];
  check(
    result.code === 0 && file && verified,
    `bin/balcao backup --verify: exit ${result.code}\n${output.trim()}`,
  );
  check(ARCHIVE.test(file.split("/").at(-1)!), `unexpected archive name ${file}`);
  return { file, verified };
}

/** The archive written in the first container is still in /data/backups in the second. */
export async function backupKept(c: Container, archive: string): Promise<void> {
  const listing = await execOk(c, ["ls", "/data/backups"], "listing /data/backups");
  check(listing.split("\n").includes(archive.split("/").at(-1)!), `${archive} is gone: ${listing}`);
}

/** `bin/balcao doctor --mail …`: every check OK, exit 0, and the test e-mail reaches the SMTP sink. */
export async function doctorInside(c: Container, sink: SmtpSink): Promise<string> {
  const to = "operador.container@agencia.digital";
  const result = await c.exec(["bin/balcao", "doctor", "--mail", to], 120_000);
  const lines = result.stdout.split("\n").filter((line) => /^(OK|XX) /.test(line));
  const failed = lines.filter((line) => line.startsWith("XX"));
  check(
    result.code === 0 && lines.length > 0 && failed.length === 0,
    `bin/balcao doctor: exit ${result.code}\n${result.stdout.trim()}\n${result.stderr.trim()}`,
  );
  await sink.waitFor(to, { timeoutMs: 10_000 });
  const names = lines.map(
    (line) =>
      line
        .slice(4)
        .trim()
        .split(/\s{2,}/)[0],
  );
  return `${lines.length} checks OK (${names.join(", ")}); its test e-mail arrived`;
}

/** The image kept its HEALTHCHECK (podman's default OCI format drops it) and `podman healthcheck run` passes. */
export async function healthcheckPasses(podman: Podman, c: Container, image: string): Promise<string> {
  const test = await podman.ok(
    ["image", "inspect", "--format", "{{json .Config.Healthcheck.Test}}", image],
    "inspect",
  );
  check(test.includes("/readyz"), `the image has no HEALTHCHECK on /readyz: ${test}`);
  const run = await podman.run(["healthcheck", "run", c.name]);
  check(run.code === 0, `podman healthcheck run: exit ${run.code} ${run.stdout}${run.stderr}`);
  const status = await podman.ok(["inspect", "--format", "{{.State.Health.Status}}", c.name], "inspect");
  check(status === "healthy", `the container's health is "${status}"`);
  return `HEALTHCHECK on /readyz kept in the image; podman healthcheck run: ${status}`;
}
