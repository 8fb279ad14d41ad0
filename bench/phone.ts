// The first page on a phone (decisions 021, 025, 027, 068): /login signed out and, signed in, /,
// 'Minhas solicitações', 'Caixa de entrada' (a reviewer with requests in the queue) and a request's
// page, each opened cold (a new browser context: empty cache, no service worker) in Chromium at
// 390×844 with 4× CPU slowdown and DevTools' 'Slow 4G' network, through the DevTools protocol, in
// turn (one round of every page, three rounds), so that every page is set against the same run's
// /login: the machine drifts within minutes. It records
//  - every response's bytes as they crossed the (throttled) wire: `encodedDataLength` of
//    Network.loadingFinished, headers included, grouped by the resource type Chromium gives it;
//  - Largest Contentful Paint: the browser's own `largest-contentful-paint` entries, read from a
//    PerformanceObserver once the network has been quiet for a while; the last one counts.
// The splash is skipped with `?nosplash`, as the end-to-end tests do: it is a fixed 3 s on purpose.
import { type BrowserContext, type CDPSession, chromium } from "playwright-core";
import { CHROMIUM_ARGS, resolveChromium } from "../e2e/chromium";
import { log, sleep } from "./lib";
import { type PhonePage, phonePages } from "./phone-pages";
import { budgets, details, fmtKb, fmtMs, median, table } from "./report";

export { LOGIN_JS_BUDGET_BYTES } from "./phone-pages";
export const LCP_BUDGET_MS = 2_500;
const RUNS = 3;

/**
 * DevTools' 'Slow 4G' preset (front_end/core/sdk/NetworkManager.ts, the values Puppeteer's
 * PredefinedNetworkConditions also carries): 1.6 Mbit/s down and 750 kbit/s up, each × 0.9,
 * and 150 ms × 3.75 of latency, added by Chromium to every request.
 */
export const SLOW_4G = {
  offline: false,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8, // 180,000 bytes/s
  uploadThroughput: (750 * 1000 * 0.9) / 8, // 84,375 bytes/s
  latency: 150 * 3.75, // 562.5 ms
  connectionType: "cellular4g",
} as const;
export const CPU_SLOWDOWN = 4;
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The network is quiet once nothing but the live-event stream has been in flight this long. */
const QUIET_MS = 1_500;
const PAGE_TIMEOUT_MS = 60_000;

/** `start` and `end`: ms from the document's request (CDP's monotonic timestamps). */
type Resource = { url: string; type: string; encoding: string; bytes: number; start: number; end: number };
type LcpEntry = { startTime: number; size: number; element: string; url: string };
type Visit = {
  status: number;
  resources: Resource[];
  lcp: LcpEntry | null;
  /** Every candidate the browser reported, in order; the last is the LCP. */
  candidates: LcpEntry[];
  apiMeCalls: number;
};

// Runs in the page before any of its scripts: keeps every LCP candidate the browser reports.
const OBSERVE_LCP = `
  window.__lcpEntries = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      const text = el && el.textContent ? el.textContent.trim().slice(0, 50) : "";
      window.__lcpEntries.push({
        startTime: e.startTime,
        size: e.size,
        element: el ? el.tagName.toLowerCase() + (text ? ' "' + text + '"' : "") : "(removed)",
        url: e.url || "",
      });
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
`;

async function throttle(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/** Opens `url` in a fresh context and measures it; `cookie` (a Cookie header) signs it in. */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  await page.addInitScript(OBSERVE_LCP);

  const seen = new Map<string, { url: string; type: string; encoding: string }>();
  const sentAt = new Map<string, number>();
  let origin: number | undefined;
  const resources: Resource[] = [];
  const inFlight = new Set<string>();
  let lastActivity = performance.now();
  cdp.on("Network.requestWillBeSent", (e) => {
    // The live-event stream stays open as long as the page does; it is not loading.
    if (e.type !== "EventSource") inFlight.add(e.requestId);
    origin ??= e.timestamp;
    sentAt.set(e.requestId, e.timestamp);
    lastActivity = performance.now();
  });
  cdp.on("Network.responseReceived", (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    seen.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: headers["content-encoding"] ?? "identity",
    });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const response = seen.get(e.requestId);
    const since = (t: number) => (t - (origin ?? t)) * 1000;
    if (response)
      resources.push({
        ...response,
        bytes: e.encodedDataLength,
        start: since(sentAt.get(e.requestId) ?? e.timestamp),
        end: since(e.timestamp),
      });
    inFlight.delete(e.requestId);
    lastActivity = performance.now();
  });
  cdp.on("Network.loadingFailed", (e) => {
    inFlight.delete(e.requestId);
    lastActivity = performance.now();
  });

  const document = await page.goto(url, { waitUntil: "load", timeout: PAGE_TIMEOUT_MS });
  const deadline = performance.now() + PAGE_TIMEOUT_MS;
  while (inFlight.size > 0 || performance.now() - lastActivity < QUIET_MS) {
    if (performance.now() > deadline) throw new Error(`${url}: the network never went quiet`);
    await sleep(100);
  }
  const entries = (await page.evaluate("window.__lcpEntries")) as LcpEntry[];
  await page.close();
  const apiMeCalls = resources.filter((r) => new URL(r.url).pathname === "/api/me").length;
  return {
    status: document?.status() ?? 0,
    resources,
    lcp: entries.at(-1) ?? null,
    candidates: entries,
    apiMeCalls,
  };
}

type PageResult = PhonePage & { runs: Visit[] };

type Browser = Awaited<ReturnType<typeof chromium.launch>>;

/** One cold visit of `page`: a new context, its cookie (if signed in) given to the browser. */
async function visitOnce(browser: Browser, baseUrl: string, page: PhonePage): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
  try {
    if (page.cookie) {
      await context.addCookies(
        page.cookie.split("; ").map((pair) => {
          const [cookieName, ...value] = pair.split("=");
          return { name: cookieName!, value: value.join("="), url: baseUrl };
        }),
      );
    }
    return await visit(context, `${baseUrl}${page.path}`);
  } finally {
    await context.close();
  }
}

/** RUNS rounds, each opening every page once in the same order: each page beside the same /login. */
async function measurePages(browser: Browser, baseUrl: string, pages: PhonePage[]): Promise<PageResult[]> {
  const results: PageResult[] = pages.map((page) => ({ ...page, runs: [] }));
  for (let i = 1; i <= RUNS; i++) {
    for (const result of results) {
      const run = await visitOnce(browser, baseUrl, result);
      result.runs.push(run);
      log(
        `phone ${result.name} ${i}/${RUNS}: LCP ${run.lcp ? fmtMs(run.lcp.startTime) : "none"}, ` +
          `JavaScript ${fmtKb(bytesOf(run, "Script"))}`,
      );
    }
  }
  return results;
}

const sameOrigin = (r: Resource, origin: string) => new URL(r.url).origin === origin;
function bytesOf(run: Visit, type: string) {
  return run.resources.filter((r) => r.type === type).reduce((sum, r) => sum + r.bytes, 0);
}

const lcpOf = (result: PageResult) =>
  median(result.runs.map((r) => r.lcp?.startTime ?? Number.POSITIVE_INFINITY));

function problemsOf(result: PageResult, origin: string) {
  return [
    ...new Set(
      result.runs.flatMap((r) => [
        r.status !== 200 ? `answered ${r.status}` : "",
        r.lcp === null ? "no LCP entry" : "",
        r.resources.some((x) => x.type === "Script" && !sameOrigin(x, origin))
          ? "a script from elsewhere"
          : "",
      ]),
    ),
  ].filter(Boolean);
}

/**
 * The page's budgets: its JavaScript where it has one (/login, /), and its LCP, /login's against
 * 2.5 s and every signed-in page's against the same run's /login (decision 068).
 */
function pushBudgets(result: PageResult, origin: string, login: PageResult) {
  const { name, runs } = result;
  const lcps = runs.map((r) => r.lcp?.startTime ?? Number.POSITIVE_INFINITY);
  const lcp = lcpOf(result);
  const problems = problemsOf(result, origin);
  const suffix = problems.length ? ` — ${problems.join("; ")}` : "";
  const scripts = runs[0]!.resources.filter((r) => r.type === "Script");
  const js = median(runs.map((r) => bytesOf(r, "Script")));
  if (result.jsBudget !== undefined) {
    const encodings = [...new Set(scripts.map((r) => r.encoding))].join(", ");
    budgets.push({
      budget: `JavaScript for ${name} on a phone (transferred)`,
      measured: `${fmtKb(js)}, ${scripts.length} files (${encodings})${suffix}`,
      target: `< ${fmtKb(result.jsBudget)}`,
      ok: problems.length === 0 && js < result.jsBudget,
    });
  }
  const isLogin = result === login;
  const loginLcp = lcpOf(login);
  budgets.push({
    budget: `LCP of ${name}, phone: 4× CPU, Slow 4G (median of ${RUNS})`,
    measured: `${fmtMs(lcp)} (${lcps.map((v) => fmtMs(v)).join(", ")})${isLogin ? "" : `, JavaScript ${fmtKb(js)}`}${suffix}`,
    target: isLogin ? `< ${fmtMs(LCP_BUDGET_MS)}` : `≤ /login's (${fmtMs(loginLcp)})`,
    ok: problems.length === 0 && (isLogin ? lcp < LCP_BUDGET_MS : lcp <= loginLcp),
  });
}

function report(result: PageResult) {
  const { name } = result;
  const first = result.runs[0]!;
  const byType = new Map<string, { count: number; bytes: number }>();
  for (const r of first.resources) {
    const t = byType.get(r.type) ?? { count: 0, bytes: 0 };
    byType.set(r.type, { count: t.count + 1, bytes: t.bytes + r.bytes });
  }
  const path = (r: Resource) => `\`${new URL(r.url).pathname}\``;
  return [
    `#### ${name} (\`${result.path}\`)`,
    "",
    `LCP element (first run): ${first.lcp ? `${first.lcp.element}${first.lcp.url ? ` ${first.lcp.url}` : ""}, ${first.lcp.size} px²` : "none"}. ` +
      `\`GET /api/me\` requests: ${first.apiMeCalls}. Candidates the browser reported before it: ` +
      (first.candidates
        .slice(0, -1)
        .map((c) => `${fmtMs(c.startTime)} ${c.element} (${c.size} px²)`)
        .join("; ") || "none") +
      ".",
    "",
    table(
      ["Resource type", "Responses", "Transferred"],
      [...byType]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([type, t]) => [type, String(t.count), fmtKb(t.bytes)]),
      ["l", "r", "r"],
    ),
    "",
    table(
      ["Request (first run)", "Type", "Asked at", "In at", "Transferred"],
      [...first.resources]
        .sort((a, b) => a.start - b.start)
        .map((r) => [path(r), r.type, fmtMs(r.start), fmtMs(r.end), fmtKb(r.bytes)]),
      ["l", "l", "r", "r", "r"],
    ),
    "",
    table(
      ["Script or font", "Transferred", "Encoding"],
      first.resources
        .filter((r) => r.type === "Script" || r.type === "Font")
        .sort((a, b) => b.bytes - a.bytes)
        .map((r) => [path(r), fmtKb(r.bytes), r.encoding]),
      ["l", "r", "l"],
    ),
  ].join("\n");
}

/**
 * Measures /login signed out and the signed-in first pages (phone-pages.ts) on one server, in turn;
 * pushes their budgets and one detail section.
 */
export async function phoneBudget() {
  log(
    "phone: /login signed out, /, 'Minhas solicitações', 'Caixa de entrada' and a request signed in, opened cold in turn, throttled",
  );
  const browser = await chromium.launch({
    executablePath: (await resolveChromium()).path,
    args: CHROMIUM_ARGS,
  });
  let results: PageResult[] = [];
  let origin = "";
  try {
    await phonePages(async (baseUrl, pages) => {
      origin = baseUrl;
      results = await measurePages(browser, baseUrl, pages);
    });
  } finally {
    await browser.close();
  }
  const login = results[0]!;
  for (const result of results) pushBudgets(result, origin, login);
  details.push(
    [
      "### The first page on a phone",
      "",
      `Each page opened ${RUNS} times, in turn (a round of every page, then the next), each in a new browser context (cold cache), in Chromium at ` +
        `${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height} (mobile, touch) through the DevTools protocol: ` +
        `\`Emulation.setCPUThrottlingRate\` ${CPU_SLOWDOWN}, \`Network.emulateNetworkConditions\` with ` +
        `DevTools' 'Slow 4G' (${SLOW_4G.downloadThroughput.toLocaleString("en-US")} bytes/s down, ` +
        `${SLOW_4G.uploadThroughput.toLocaleString("en-US")} up, ${SLOW_4G.latency} ms latency), cache disabled. ` +
        "Transferred is `encodedDataLength` of `Network.loadingFinished` (body as encoded on the wire plus " +
        "response headers). LCP is the last `largest-contentful-paint` entry of the page's own " +
        `PerformanceObserver once no request but the live-event stream has been in flight for ${QUIET_MS} ms. ` +
        "The splash is skipped (`?nosplash`). Each signed-in page's LCP is set against /login's in the same run.",
      "",
      ...results.flatMap((r) => [report(r), ""]),
    ].join("\n"),
  );
}
