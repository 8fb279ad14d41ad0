import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { startBitrixReceiver } from "../src/server/modules/planning/testing/bitrix-receiver";
import { startOidcProvider } from "../src/server/testing/oidc-provider";
import { startSmtpSink } from "../src/server/testing/smtp-sink";
import { e2eDatabase } from "./database";

export const E2E_DIR = path.resolve(".e2e");
export const MAIL_DIR = path.join(E2E_DIR, "mail");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitUntilReady(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not become ready in time");
}

async function startFirstTimeGoneReceiver() {
  const seen = new Set<string>();
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"] ?? "");
      const first = !seen.has(id);
      seen.add(id);
      res.writeHead(first ? 410 : 200, { connection: "close" }).end(first ? "gone" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/material` };
}

/**
 * The real built server (`dist/server/server.js`, which `npm start` runs, there with the start
 * script's memory settings: docs/decisions/070) on a
 * fresh PGlite directory, with its e-mails going to a real SMTP sink; the sink
 * writes each message to .e2e/mail so the test workers can read them.
 */
export default async function globalSetup() {
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  const sink = await startSmtpSink();
  let count = 0;
  const original = sink.mails.push.bind(sink.mails);
  sink.mails.push = (...mails) => {
    // Written aside, then renamed: a reader never sees half a message. The zero-padded counter
    // sorts in the order the sink took them (readMails in support.ts).
    for (const mail of mails) {
      const name = `${String(++count).padStart(8, "0")}.json`;
      writeFileSync(path.join(MAIL_DIR, `${name}.part`), JSON.stringify(mail));
      renameSync(path.join(MAIL_DIR, `${name}.part`), path.join(MAIL_DIR, name));
    }
    return original(...mails);
  };

  // 'Criar Tarefa' goes to a receiver that answers like Bitrix24 (tasks.task.add).
  const bitrix = await startBitrixReceiver();
  // Material requests go to an automation that is gone (410) the first time it sees a webhook-id,
  // so the worker gives up and the author can send it again from the request's page.
  const materialHook = await startFirstTimeGoneReceiver();

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // 'Entrar com Agência SSO' (sso.spec.ts): a real OpenID provider on loopback, whose development
  // login page takes any e-mail address as a verified one.
  const database = await e2eDatabase();
  const idp = await startOidcProvider({
    redirectUris: [`${baseURL}/api/auth/callback/oidc`],
    anyAddress: true,
  });
  const child = spawn(process.execPath, ["dist/server/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(E2E_DIR, "data"),
      BACKUP_DIR: path.join(E2E_DIR, "backups"),
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      // One allow-listed address per spec that needs one, so parallel workers never share a user.
      VAGAS_MANAGERS: "vagas@agencia.digital,vagas.lista@agencia.digital,vagas.form@agencia.digital",
      PLANNING_MANAGERS:
        "planejamento@agencia.digital,planejamento.clientes@agencia.digital,planejamento.plano@agencia.digital,planejamento.lista@agencia.digital,planejamento.exportar@agencia.digital,planejamento.cliente@agencia.digital",
      // 'Equipes e permissões' (decision 011): the one administrator the specs sign in as.
      ADMIN_EMAILS: "admin@agencia.digital",
      BITRIX24_WEBHOOK_URL: bitrix.url,
      WEBHOOK_MATERIAL_URL: materialHook.url,
      // No PLAN_GENERATOR_URL: plans come from the built-in generator.
      // Each test is its own client IP (fixtures.ts sends X-Forwarded-For), as each office would be:
      // otherwise the whole suite shares one address and meets the per-IP sign-up limit (30 an hour).
      TRUST_PROXY: "true",
      // Administrators and Financeiro would have to enrol in every spec; e2e/two-factor.spec.ts starts its own server with it on.
      REQUIRE_SECOND_FACTOR: "false",
      LOG_LEVEL: "warn",
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: "Agência SSO",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitUntilReady(baseURL, child);
  process.env.E2E_BASE_URL = baseURL;

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await sink.close();
    await bitrix.close();
    await new Promise((r) => materialHook.server.close(r));
    await idp.close();
    await database.drop();
  };
}
