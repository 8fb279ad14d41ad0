/**
 * A rolling restart under load (docs/operations.md, upgrades): SIGTERM A, start A, wait until it
 * is ready and the proxy sends it requests again, then the same for B, while a client keeps
 * submitting reimbursements with receipts, each under its own Idempotency-Key, retrying a failed
 * attempt with the same key, as the web app does when a form is sent again. Afterwards every
 * submission the client saw succeed must be in the database exactly once, with its receipt;
 * nothing else may be there.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { WRITE_RATE_RULES } from "../../src/server/auth/rate-limit";
import { type Person, receipt, submitReembolso, upstreamOf } from "./client";
import { CheckFailed, check, note, sleep, waitFor } from "./harness";
import type { Instance } from "./instances";

/** Attempts a person may still make when a new submission starts: room for its retries. */
const RETRY_RESERVE = 5;
const WORKERS = 2;
const PAUSE_MS = 300;
/**
 * Every this many submissions the client gives up on the first attempt after 10 ms, as a phone
 * losing its signal would, usually while the server is still saving it: the retry must then get
 * the request that attempt made (200), not a second one.
 */
const IMPATIENT_EVERY = 4;
const IMPATIENT_MS = 10;

type Outcome = {
  key: string;
  who: Person;
  id: string;
  via: string;
  attempts: number;
  alreadyCreated: boolean;
};

type Client = {
  outcomes: Outcome[];
  /** Failed attempts by what failed: a status (502) or a network error. */
  failures: Map<string, number>;
  stop(): Promise<void>;
};

/** Sends one submission until it succeeds; an answer other than 2xx or a proxy's 5xx stops the test. */
async function submitUntilDone(
  proxy: string,
  who: Person,
  impatient: boolean,
  spent: Map<string, number>,
  failures: Map<string, number>,
) {
  const key = `deploy-${randomUUID()}`;
  const file = receipt(key);
  const limit = WRITE_RATE_RULES.request.limit;
  for (let attempts = 1; ; attempts++) {
    check(attempts <= 60, `submission ${key} still failing after 60 attempts`);
    check(
      (spent.get(who.id) ?? 0) < limit,
      `${who.email} reached the write throttle (${limit}) while retrying`,
    );
    spent.set(who.id, (spent.get(who.id) ?? 0) + 1);
    let failure: string;
    try {
      const timeoutMs = impatient && attempts === 1 ? IMPATIENT_MS : undefined;
      const res = await submitReembolso(proxy, who, { key, file, ...(timeoutMs ? { timeoutMs } : {}) });
      const body = (await res.json().catch(() => ({}))) as { id?: string };
      if ((res.status === 201 || res.status === 200) && body.id)
        return { key, who, id: body.id, via: upstreamOf(res), attempts, alreadyCreated: res.status === 200 };
      if (![502, 503, 504].includes(res.status))
        throw new CheckFailed(`submission ${key}: ${res.status} ${JSON.stringify(body)}`);
      failure = String(res.status);
    } catch (err) {
      if (err instanceof CheckFailed) throw err;
      failure =
        (err as Error).name === "TimeoutError"
          ? "client gave up (impatient first attempt)"
          : `network error (${(err as Error).cause ?? (err as Error).message})`;
    }
    failures.set(failure, (failures.get(failure) ?? 0) + 1);
    await sleep(200);
  }
}

/** WORKERS loops submitting one after another, spreading the submissions over `people` under their throttle. */
function startClient(proxy: string, people: Person[]): Client {
  const outcomes: Outcome[] = [];
  const failures = new Map<string, number>();
  const spent = new Map<string, number>();
  const limit = WRITE_RATE_RULES.request.limit;
  let stopping = false;
  let next = 0;
  const pick = () => {
    for (let i = 0; i < people.length; i++) {
      const who = people[(next + i) % people.length]!;
      if ((spent.get(who.id) ?? 0) <= limit - RETRY_RESERVE) {
        next = (next + i + 1) % people.length;
        return who;
      }
    }
    return null;
  };
  const worker = async () => {
    while (!stopping) {
      const who = pick();
      check(who, `every test person used their ${limit} submissions an hour: sign up more`);
      const impatient = (outcomes.length + 1) % IMPATIENT_EVERY === 0;
      outcomes.push(await submitUntilDone(proxy, who, impatient, spent, failures));
      await sleep(PAUSE_MS);
    }
  };
  const running = Promise.all(Array.from({ length: WORKERS }, worker));
  // A failure is reported by stop(); meanwhile it must not count as unhandled.
  running.catch(() => {});
  return {
    outcomes,
    failures,
    async stop() {
      stopping = true;
      await running;
    },
  };
}

/** Stops and starts one instance, and waits until the proxy sends it requests again. */
async function restart(proxy: string, instance: Instance) {
  const stopping = performance.now();
  const code = await instance.stop();
  check(code === 0, `instance ${instance.name} stopped with ${code} (expected a clean exit 0 on SIGTERM)`);
  const stoppedMs = Math.round(performance.now() - stopping);
  const readyMs = await instance.start();
  const rejoining = performance.now();
  // nginx skips a server for fail_timeout (10 s in deploy/nginx.conf) after it failed a request.
  const used = await waitFor(
    30_000,
    async () => upstreamOf(await fetch(`${proxy}/readyz`)) === instance.name,
  );
  check(used, `the proxy did not send requests to instance ${instance.name} again within 30 s`);
  note(
    `instance ${instance.name}: SIGTERM → exit 0 in ${stoppedMs} ms; started, /readyz in ${readyMs} ms; ` +
      `proxy using it again after ${Math.round(performance.now() - rejoining)} ms`,
  );
}

type Row = { key: string; id: string; files: number };

/** Every outcome once in the database with its receipt, and nothing the client did not see succeed. */
async function verify(db: pg.Client, people: Person[], outcomes: Outcome[]) {
  const { rows } = await db.query<Row>(
    `select r.idempotency_key as key, r.id, count(a.id)::int as files
       from requests r left join anexos a on a.solicitacao_id = r.id
      where r.user_id = any($1) and r.kind = 'reembolso'
      group by r.id`,
    [people.map((p) => p.id)],
  );
  const byKey = new Map<string, Row[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  const lost = outcomes.filter((o) => !byKey.has(o.key));
  const duplicated = [...byKey.values()].filter((list) => list.length > 1);
  const unknown = rows.filter((r) => !outcomes.some((o) => o.key === r.key));
  const wrongId = outcomes.filter((o) => byKey.get(o.key)?.[0]?.id !== o.id);
  const withoutReceipt = rows.filter((r) => r.files !== 1);
  note(
    `database: ${rows.length} requests for ${outcomes.length} submissions seen to succeed; ` +
      `lost ${lost.length}, duplicated ${duplicated.length}, unknown ${unknown.length}, ` +
      `other id ${wrongId.length}, without exactly one receipt ${withoutReceipt.length}`,
  );
  check(lost.length === 0, `lost: ${lost.map((o) => o.key).join(", ")}`);
  check(duplicated.length === 0, `duplicated: ${duplicated.map((list) => list[0]!.key).join(", ")}`);
  check(
    unknown.length === 0,
    `in the database but never seen to succeed: ${unknown.map((r) => r.key).join(", ")}`,
  );
  check(
    wrongId.length === 0,
    `answered with another id than stored: ${wrongId.map((o) => o.key).join(", ")}`,
  );
  check(
    withoutReceipt.length === 0,
    `requests without exactly one receipt: ${withoutReceipt.map((r) => r.id).join(", ")}`,
  );
  return rows.length;
}

export async function rollingRestart(
  proxy: string,
  instances: readonly [Instance, Instance],
  people: Person[],
  db: pg.Client,
): Promise<string> {
  const client = startClient(proxy, people);
  try {
    await sleep(1000);
    for (const instance of instances) await restart(proxy, instance);
    await sleep(1000);
  } finally {
    await client.stop();
  }
  const { outcomes, failures } = client;
  const retried = outcomes.filter((o) => o.attempts > 1);
  const answeredBy = new Map<string, number>();
  for (const o of outcomes) answeredBy.set(o.via, (answeredBy.get(o.via) ?? 0) + 1);
  const via = [...answeredBy].map(([name, n]) => `${n} via ${name}`);
  note(
    `client: ${outcomes.length} submissions succeeded (${via.join(", ")}); ${retried.length} needed a retry`,
  );
  note(
    `failed attempts: ${failures.size ? [...failures].map(([k, n]) => `${n} × ${k}`).join(", ") : "none"}`,
  );
  note(
    `retries answered 200 with the request an earlier attempt made: ${outcomes.filter((o) => o.alreadyCreated).length}`,
  );
  check(outcomes.length > 0, "the client made no submission");
  const stored = await verify(db, people, outcomes);
  return `${stored} submissions during the restart, each stored exactly once with its receipt`;
}
