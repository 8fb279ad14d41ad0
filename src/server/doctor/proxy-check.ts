import { check } from "./check";
import { probeToken } from "./probe-token";
import { PROBE_GAP_MS, PROBE_HEADER, PROBE_PATH } from "./proxy-probe.routes";

type Seen = { ip: string; encaminhado: boolean; confiaNoProxy: boolean };

/** Reads the probe's stream: when its first event came, and what the server saw. */
async function readProbe(url: string, token: string, fetcher: typeof fetch) {
  const started = performance.now();
  const response = await fetcher(url, { headers: { [PROBE_HEADER]: token } });
  if (response.status === 404) return { status: 404 as const };
  if (!response.ok || !response.body) return { status: response.status };
  const decoder = new TextDecoder();
  let text = "";
  let firstAt: number | null = null;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (firstAt === null && text.includes("event: diagnostico")) firstAt = performance.now() - started;
  }
  const data = /event: diagnostico\ndata: (.*)\n/.exec(text)?.[1];
  return {
    status: 200 as const,
    firstAt: firstAt ?? Number.POSITIVE_INFINITY,
    seen: data ? (JSON.parse(data) as Seen) : null,
  };
}

/**
 * Through PUBLIC_URL, as a browser comes: the live stream's first event must
 * arrive at once (a buffering proxy holds it until the stream ends), and a
 * proxy that forwards the client's address needs TRUST_PROXY to be believed.
 */
export function proxyCheck(publicUrl: string, authSecret: string, fetcher: typeof fetch = fetch) {
  return check(
    "Proxy",
    async () => {
      const probe = await readProbe(`${publicUrl}${PROBE_PATH}`, probeToken(authSecret), fetcher);
      if (probe.status === 404)
        return {
          ok: false,
          detail: `${publicUrl} does not answer the probe`,
          fix: "PUBLIC_URL must reach this server, run with the same AUTH_SECRET (or DATA_DIR) as this command",
        };
      if (probe.status !== 200 || !("seen" in probe) || !probe.seen)
        return { ok: false, detail: `the probe answered ${probe.status}`, fix: "see the proxy's error log" };
      if (probe.firstAt >= PROBE_GAP_MS * 0.8)
        return {
          ok: false,
          detail: `live updates wait: the first event took ${(probe.firstAt / 1000).toFixed(1)} s (the proxy buffers /api/eventos)`,
          fix: "turn buffering off for /api/eventos (nginx: proxy_buffering off; see deploy/nginx.conf)",
        };
      if (probe.seen.encaminhado && !probe.seen.confiaNoProxy)
        return {
          ok: false,
          detail: `the proxy sends X-Forwarded-For, but the server takes every client for ${probe.seen.ip}`,
          fix: "set TRUST_PROXY to the proxy's address (or the number of proxies), so the rate limits see each person",
        };
      return {
        ok: true,
        detail: `live events pass at once; the server sees this machine as ${probe.seen.ip}${probe.seen.encaminhado ? " (forwarded by the proxy)" : ""}`,
      };
    },
    () => `start the server, then check that PUBLIC_URL (${publicUrl}) reaches it`,
  );
}
