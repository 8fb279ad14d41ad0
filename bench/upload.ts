// Budget: uploading a 30 MB PDF must not make the server hold the file in memory. One server
// on PGlite takes UPLOAD_RUNS uploads of a generated 30 MB PDF, streamed from disk by hand as
// multipart/form-data, while the server's RSS is sampled from /proc; a plain copy of the same
// file on the same disk is the yardstick for the throughput.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { copyFile, open, readdir, rm, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { log, makeTempDir, removeTempDir, signIn, sleep, startBalcao, stopBalcao } from "./lib";
import { budgets, details, fmtMb, fmtMbPerS, fmtMs, MB, median, table } from "./report";
import { rssBytes, sampleRss } from "./rss";

const UPLOAD_BYTES = 30 * MB;
const UPLOAD_RUNS = 3;
/*
 * One more upload first, as the load runs have their warm-up: a new server's first upload also
 * compiles the multipart parser's and the streams' code and runs the request's statements for the
 * first time. Its memory counts towards the budget; its time is shown but not in the median.
 */
const WARM_UP_RUNS = 1;
const COPY_RUNS = 3;
const SAMPLE_INTERVAL_MS = 10;
/** Sampling goes on this long after the answer, for work the upload left behind (or GC). */
const TAIL_MS = 500;
const UPLOAD_SHARE_TARGET = 0.5;
export const UPLOAD_GROWTH_BUDGET_BYTES = 64 * MB;

// ---- the file ----------------------------------------------------------------------------

/** `%PDF-1.4\n`, then random filler up to `bytes`, written 1 MB at a time. */
async function writeTestPdf(file: string, bytes: number) {
  const filler = randomBytes(MB);
  const handle = await open(file, "wx");
  try {
    let written = 0;
    const write = async (chunk: Buffer) => {
      for (let offset = 0; offset < chunk.length; ) {
        offset += (await handle.write(chunk, offset, chunk.length - offset)).bytesWritten;
      }
      written += chunk.length;
    };
    await write(Buffer.from("%PDF-1.4\n", "latin1"));
    while (written < bytes) await write(filler.subarray(0, Math.min(filler.length, bytes - written)));
  } finally {
    await handle.close();
  }
  const { size } = await stat(file);
  if (size !== bytes) throw new Error(`the test PDF has ${size} bytes, not ${bytes}`);
}

// ---- the upload --------------------------------------------------------------------------

type Answer = { status: number; body: string; ms: number };

/**
 * POSTs text fields, then one file streamed from disk, as multipart/form-data with an exact
 * Content-Length; only the part headers are ever in memory here.
 */
async function postMultipart(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: { field: string; name: string; contentType: string; path: string },
): Promise<Answer> {
  const boundary = `balcao-bench-${randomBytes(12).toString("hex")}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
    "utf8",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8");
  const { size } = await stat(file.path);

  const startedAt = performance.now();
  const request = http.request(url, {
    method: "POST",
    agent: false,
    timeout: 120_000,
    headers: {
      ...headers,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + size + tail.length),
    },
  });
  request.once("timeout", () => request.destroy(new Error(`no answer from ${url} within 120 s`)));
  const answered = new Promise<Answer>((resolve, reject) => {
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - startedAt,
        }),
      );
      response.once("error", reject);
    });
    request.once("error", reject);
  });
  const sent = pipeline(async function* () {
    yield head;
    yield* createReadStream(file.path);
    yield tail;
  }, request);

  const [send, answer] = await Promise.allSettled([sent, answered]);
  // A server that answered (say 413) before taking the whole body may have cut the upload short.
  if (answer.status === "fulfilled") return answer.value;
  throw send.status === "rejected" ? send.reason : answer.reason;
}

/** Every file under `dir` (recursively) with its size; an absent `dir` has none. */
async function filesUnder(dir: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  const walk = async (current: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.set(full, (await stat(full)).size);
    }
  };
  await walk(dir);
  return files;
}

function todayInSaoPaulo(): string {
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

// ---- the yardstick: copying the same file on the same disk --------------------------------

type CopyTimes = { copyFileMs: number; streamMs: number; streamFsyncMs: number };

async function timeCopies(source: string, dir: string): Promise<CopyTimes> {
  const runs: CopyTimes[] = [];
  const target = path.join(dir, "copy.pdf");
  const timed = async (copy: () => Promise<unknown>) => {
    await rm(target, { force: true });
    const startedAt = performance.now();
    await copy();
    const ms = performance.now() - startedAt;
    if ((await stat(target)).size !== UPLOAD_BYTES) throw new Error("the copy has the wrong size");
    await rm(target, { force: true });
    return ms;
  };
  for (let i = 0; i < COPY_RUNS; i++) {
    runs.push({
      copyFileMs: await timed(() => copyFile(source, target)),
      streamMs: await timed(() => pipeline(createReadStream(source), createWriteStream(target))),
      // What the server's local storage does: the same stream, fsync'ed before close.
      streamFsyncMs: await timed(() =>
        pipeline(createReadStream(source), createWriteStream(target, { flush: true })),
      ),
    });
  }
  return {
    copyFileMs: median(runs.map((r) => r.copyFileMs)),
    streamMs: median(runs.map((r) => r.streamMs)),
    streamFsyncMs: median(runs.map((r) => r.streamFsyncMs)),
  };
}

// ---- the budget --------------------------------------------------------------------------

type UploadRun = {
  before: number;
  /** From just before the request until its answer. */
  peakDuring: number;
  /** Until TAIL_MS after the answer. */
  peak: number;
  after: number;
  ms: number;
  samples: number;
  maxGapMs: number;
  warmUp: boolean;
};

export async function uploadBudget(budget: string, target: string) {
  const dir = makeTempDir("upload-file");
  try {
    const pdf = path.join(dir, "bench-30mb.pdf");
    log(`upload: writing a ${fmtMb(UPLOAD_BYTES)} test PDF`);
    await writeTestPdf(pdf, UPLOAD_BYTES);
    log(`upload: copying it ${COPY_RUNS}× with copyFile, a stream, and a stream + fsync`);
    const copies = await timeCopies(pdf, dir);

    log("upload: starting a server on a fresh PGlite DATA_DIR");
    const server = await startBalcao("upload");
    const runs: UploadRun[] = [];
    try {
      const cookie = await signIn(server.baseUrl);
      const uploads = path.join(server.dataDir, "uploads");
      for (let i = 1; i <= WARM_UP_RUNS + UPLOAD_RUNS; i++) {
        await sleep(250); // let the previous upload's garbage settle before "before"
        const stored = await filesUnder(uploads);
        const before = rssBytes(server.pid);
        const sampler = sampleRss(server.pid, SAMPLE_INTERVAL_MS);
        let answer: Answer;
        let peakDuring: number;
        let memory: ReturnType<ReturnType<typeof sampleRss>["stop"]>;
        try {
          answer = await postMultipart(
            `${server.baseUrl}/api/solicitacoes/reembolso`,
            { cookie },
            {
              nome: "Bench Teste",
              data: todayInSaoPaulo(),
              tipo: "alimentacao",
              valor: "R$ 10,00",
              centroCusto: "geral",
              chavePix: "",
              descricao: "Bench upload",
            },
            { field: "anexo", name: "bench-30mb.pdf", contentType: "application/pdf", path: pdf },
          );
          peakDuring = sampler.peakNow();
          await sleep(TAIL_MS);
        } finally {
          memory = sampler.stop();
        }
        const after = rssBytes(server.pid);
        if (answer.status !== 201) {
          throw new Error(
            `upload ${i}: POST /api/solicitacoes/reembolso answered ${answer.status}: ${answer.body}`,
          );
        }
        const added = [...(await filesUnder(uploads))].filter(([file]) => !stored.has(file));
        const [file, size] = added[0] ?? [];
        if (added.length !== 1 || file === undefined || size !== UPLOAD_BYTES) {
          const found = added.map(([f, s]) => `${path.relative(uploads, f)} (${s} bytes)`).join(", ");
          throw new Error(
            `upload ${i}: expected one new file of ${UPLOAD_BYTES} bytes under DATA_DIR/uploads, found: ${found || "none"}`,
          );
        }
        runs.push({ before, peakDuring, after, ms: answer.ms, ...memory, warmUp: i <= WARM_UP_RUNS });
        log(
          `upload ${i}/${WARM_UP_RUNS + UPLOAD_RUNS}${i <= WARM_UP_RUNS ? " (warm-up)" : ""}: 201 in ${fmtMs(answer.ms)} (${fmtMbPerS(UPLOAD_BYTES, answer.ms)}); ` +
            `RSS ${fmtMb(before)} → peak ${fmtMb(peakDuring)} during, ${fmtMb(memory.peak)} until ${fmtMs(TAIL_MS)} after ` +
            `(+${fmtMb(memory.peak - before)}), ${memory.samples} samples`,
        );
      }
    } finally {
      await stopBalcao(server);
    }

    const growths = runs.map((r) => r.peak - r.before);
    const worst = Math.max(...growths);
    const medianMs = median(runs.filter((r) => !r.warmUp).map((r) => r.ms));
    budgets.push({
      budget,
      measured:
        `${fmtMb(worst)} (throughput ${fmtMbPerS(UPLOAD_BYTES, medianMs)} ` +
        `vs file copy ${fmtMbPerS(UPLOAD_BYTES, copies.streamMs)})`,
      target,
      ok: worst < UPLOAD_GROWTH_BUDGET_BYTES,
    });
    // The upload at half the speed, or more, of the same bytes streamed to disk with fsync.
    const share = copies.streamFsyncMs / medianMs;
    budgets.push({
      budget: "Upload of a 30 MB PDF: throughput as a share of a streamed copy with fsync (median of 3)",
      measured: `${Math.round(100 * share)} % (${fmtMbPerS(UPLOAD_BYTES, medianMs)} vs ${fmtMbPerS(UPLOAD_BYTES, copies.streamFsyncMs)})`,
      target: `≥ ${100 * UPLOAD_SHARE_TARGET} %`,
      ok: share >= UPLOAD_SHARE_TARGET,
    });
    details.push(
      [
        "### Upload of a 30 MB PDF",
        "",
        `\`POST /api/solicitacoes/reembolso\` with the text fields, then a generated ${UPLOAD_BYTES.toLocaleString("en-US")}-byte PDF in \`anexo\`, ` +
          "streamed from disk as multipart/form-data (one connection, exact Content-Length); one server on a fresh PGlite DATA_DIR, signed in. " +
          `The server's VmRSS is read from \`/proc/<pid>/status\` every ${SAMPLE_INTERVAL_MS} ms from just before the request until ${fmtMs(TAIL_MS)} after its answer; ` +
          "growth is the peak of that whole window minus the RSS just before (the budget takes the worst upload, the warm-up included). " +
          `The first ${WARM_UP_RUNS} upload warms the new server up (its first multipart parse, its first statements); the throughput is the median of the ${UPLOAD_RUNS} after it. ` +
          "Each answer was 201 and left exactly one new file of that size under DATA_DIR/uploads. MB = 1024 × 1024 bytes.",
        "",
        table(
          [
            "Upload",
            "RSS before",
            "Peak until the answer",
            `Peak until ${fmtMs(TAIL_MS)} after`,
            "Growth",
            "RSS after",
            "Time",
            "Throughput",
            "Samples (max gap)",
          ],
          [
            ...runs.map((r, i) => [
              r.warmUp ? `${i + 1} (warm-up, not in the median)` : String(i + 1),
              fmtMb(r.before),
              fmtMb(r.peakDuring),
              fmtMb(r.peak),
              fmtMb(r.peak - r.before),
              fmtMb(r.after),
              fmtMs(r.ms),
              fmtMbPerS(UPLOAD_BYTES, r.ms),
              `${r.samples} (${fmtMs(r.maxGapMs)})`,
            ]),
            [
              "**worst / median**",
              "",
              "",
              "",
              `**${fmtMb(worst)}**`,
              "",
              `**${fmtMs(medianMs)}**`,
              `**${fmtMbPerS(UPLOAD_BYTES, medianMs)}**`,
              "",
            ],
          ],
          ["l", "r", "r", "r", "r", "r", "r", "r", "r"],
        ),
        "",
        `The same file copied on the same disk (median of ${COPY_RUNS}; the source is in the page cache, as it is for the uploads):`,
        "",
        table(
          ["Copy", "Time", "Throughput"],
          [
            ["`fs.promises.copyFile`", fmtMs(copies.copyFileMs), fmtMbPerS(UPLOAD_BYTES, copies.copyFileMs)],
            [
              "stream pipeline (read stream → write stream)",
              fmtMs(copies.streamMs),
              fmtMbPerS(UPLOAD_BYTES, copies.streamMs),
            ],
            [
              "stream pipeline, fsync before close (as the server's local storage writes)",
              fmtMs(copies.streamFsyncMs),
              fmtMbPerS(UPLOAD_BYTES, copies.streamFsyncMs),
            ],
          ],
          ["l", "r", "r"],
        ),
        "",
        "The budget row compares with the plain stream copy; `copyFile` may let the kernel copy (copy_file_range, " +
          "or a reflink on filesystems that have them) without the bytes passing through user space, so it is an upper bound, not a like-for-like.",
      ].join("\n"),
    );
  } finally {
    removeTempDir(dir);
  }
}
