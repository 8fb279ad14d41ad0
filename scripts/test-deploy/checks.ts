/**
 * What must hold through the proxy, in front of two instances (docs/decisions/044): a submission
 * with a file, a live event heard on both instances, and rate limits that see each client's own
 * address. Each returns a one-line summary for the step's output.
 */
import type pg from "pg";
import { AUTH_RATE_RULES } from "../../src/server/auth/rate-limit";
import {
  type LiveStream,
  openLiveStream,
  type Person,
  postFrom,
  receipt,
  submitReembolso,
  submitSuporte,
  upstreamOf,
} from "./client";
import { check, note, sleep } from "./harness";

/** A reimbursement with its receipt through the proxy, then its receipt read back through the other instance. */
export async function submissionWithFile(proxy: string, who: Person): Promise<string> {
  const file = receipt(`recibo ${Date.now()}`);
  const created = await submitReembolso(proxy, who, { file });
  const body = (await created.json()) as { id?: string };
  check(
    created.status === 201 && body.id,
    `POST /api/solicitacoes/reembolso: ${created.status} ${JSON.stringify(body)}`,
  );
  const uploadedVia = upstreamOf(created);
  note(`reembolso ${body.id} created via ${uploadedVia}`);
  const detail = await fetch(`${proxy}/api/solicitacoes/reembolso/${body.id}`, {
    headers: { cookie: who.cookie },
  });
  const request = (await detail.json()) as { anexos?: { url: string; tamanho: number }[] };
  check(
    detail.status === 200 && request.anexos?.length === 1,
    `GET the request: ${detail.status}, anexos ${JSON.stringify(request.anexos)}`,
  );
  // nginx takes the instances in turn: within a few reads one comes from the instance that did not store it.
  const link = new URL(request.anexos[0]!.url, proxy);
  for (let attempt = 1; attempt <= 4; attempt++) {
    const download = await fetch(link, { headers: { cookie: who.cookie } });
    const bytes = Buffer.from(await download.arrayBuffer());
    check(download.status === 200, `GET ${link.pathname}: ${download.status}`);
    check(bytes.equals(file), `the receipt read back differs from the one sent (${bytes.length} bytes)`);
    if (upstreamOf(download) !== uploadedVia)
      return `stored via ${uploadedVia}, read back byte for byte via ${upstreamOf(download)}`;
  }
  throw new Error(
    `every read of the receipt came from ${uploadedVia}: the proxy never used the other instance`,
  );
}

/** Opens streams through the proxy until one is held by each instance. */
async function streamOnEachInstance(proxy: string, who: Person): Promise<LiveStream[]> {
  const byInstance = new Map<string, LiveStream>();
  for (let attempt = 0; attempt < 8 && byInstance.size < 2; attempt++) {
    const stream = await openLiveStream(proxy, who);
    if (byInstance.has(stream.upstream)) stream.close();
    else byInstance.set(stream.upstream, stream);
  }
  const streams = [...byInstance.values()];
  check(
    streams.length === 2,
    `8 streams opened through the proxy all went to ${[...byInstance.keys()].join(", ")}`,
  );
  return streams;
}

/** A change made through one instance reaches the stream held by the other within a second. */
export async function liveEvent(proxy: string, who: Person): Promise<string> {
  const streams = await streamOnEachInstance(proxy, who);
  try {
    note(`streams open via ${streams.map((s) => s.upstream).join(" and ")}`);
    // Let each stream's LISTEN settle before the change: the test is about delivery, not subscription.
    await sleep(200);
    const sent = performance.now();
    const created = await submitSuporte(proxy, who);
    const { id } = (await created.json()) as { id?: string };
    check(created.status === 201 && id, `POST /api/solicitacoes/suporte: ${created.status}`);
    const madeVia = upstreamOf(created);
    const heard = (s: LiveStream) => s.events.find((e) => e.name === "request" && e.data.id === id);
    const deadline = sent + 1000;
    while (performance.now() < deadline && !streams.every(heard)) await sleep(10);
    const lines = streams.map((s) => {
      const event = heard(s);
      return `stream via ${s.upstream}: ${event ? `${Math.round(event.at - sent)} ms` : "nothing within 1 s"}`;
    });
    for (const line of lines) note(line);
    check(streams.every(heard), `the change made via ${madeVia} did not reach every stream within 1 s`);
    const other = streams.find((s) => s.upstream !== madeVia)!;
    return `change made via ${madeVia}, heard on ${other.upstream}'s stream in ${Math.round(heard(other)!.at - sent)} ms`;
  } finally {
    for (const s of streams) s.close();
  }
}

/**
 * One client address floods a per-IP limit (forging X-Forwarded-For each time, which nginx
 * replaces) until 429; another address is still served; the counters are keyed by the addresses
 * nginx saw, never by the proxy's own or a forged one.
 */
export async function rateLimitsSeeClients(proxy: string, db: pg.Client): Promise<string> {
  const rule = AUTH_RATE_RULES.magicLinkPerIp;
  const [flooder, bystander] = ["127.0.0.2", "127.0.0.3"] as const;
  const ask = (from: string, n: number) =>
    postFrom(
      from,
      `${proxy}/api/magic-link`,
      { email: `ninguem-${n}@agencia.digital` },
      `203.0.113.${n % 250}`,
    );
  let refusedAt = 0;
  for (let n = 1; n <= rule.limit + 5 && !refusedAt; n++) {
    const res = await ask(flooder, n);
    if (res.status === 429) refusedAt = n;
    else
      check(
        res.status === 404,
        `magic link for an unknown address from ${flooder}: ${res.status} ${res.body}`,
      );
  }
  check(
    refusedAt === rule.limit + 1,
    `${flooder} was refused at attempt ${refusedAt || "none"}, expected ${rule.limit + 1}`,
  );
  note(`${flooder}: ${rule.limit} answered, attempt ${refusedAt} got 429 (a forged X-Forwarded-For on each)`);
  const other = await ask(bystander, 1);
  check(
    other.status === 404,
    `${bystander} after ${flooder} was throttled: ${other.status} (expected 404, not 429)`,
  );
  note(`${bystander}: served (404 for an unknown address), not throttled`);
  const { rows } = await db.query<{ key: string; count: number }>(
    "select key, count from rate_limits where key like $1 order by key",
    [`${rule.name}:%`],
  );
  const counted = Object.fromEntries(rows.map((r) => [r.key.slice(rule.name.length + 1), r.count]));
  note(`counters in rate_limits: ${JSON.stringify(counted)}`);
  check(
    Object.keys(counted).sort().join() === [flooder, bystander].join(),
    `the per-IP counters should name ${flooder} and ${bystander} only`,
  );
  return `limits counted per client (${flooder}: ${counted[flooder]}, ${bystander}: ${counted[bystander]})`;
}

/**
 * The installable app through the proxy (docs/decisions/062): the service worker, uncached and
 * allowed the whole site, the manifest and its icons, and the pages' policy allowing both.
 */
export async function installableFiles(proxy: string): Promise<string> {
  const worker = await fetch(`${proxy}/sw.js`, { headers: { "accept-encoding": "br" } });
  check(worker.status === 200, `GET /sw.js: ${worker.status}`);
  check(
    worker.headers.get("cache-control") === "no-cache",
    `/sw.js cache-control: ${worker.headers.get("cache-control")}`,
  );
  check(worker.headers.get("service-worker-allowed") === "/", "/sw.js lacks Service-Worker-Allowed: /");
  check((await worker.text()).includes("index.html"), "/sw.js does not precache index.html");
  const manifest = await fetch(`${proxy}/manifest.webmanifest`);
  check(
    manifest.status === 200 &&
      /^application\/manifest\+json/.test(manifest.headers.get("content-type") ?? ""),
    `GET /manifest.webmanifest: ${manifest.status} ${manifest.headers.get("content-type")}`,
  );
  const icons = ((await manifest.json()) as { icons: { src: string }[] }).icons;
  for (const icon of icons) {
    const png = await fetch(`${proxy}${icon.src}`);
    check(
      png.status === 200 && png.headers.get("content-type") === "image/png",
      `GET ${icon.src}: ${png.status}`,
    );
  }
  const csp = (await fetch(`${proxy}/login`)).headers.get("content-security-policy") ?? "";
  check(/worker-src 'self'/.test(csp) && /manifest-src 'self'/.test(csp), `the pages' CSP: ${csp}`);
  return `/sw.js (no-cache, scope /), the manifest and its ${icons.length} icons`;
}
