import { sql } from "drizzle-orm";
import { seedPeople, seedReviewTeam } from "../src/server/testing/seed";
import { errorMessage, log } from "./lib";
import { budgets, details, fmtInt, fmtMb, fmtMs, MB, noteCouldNotMeasure, table } from "./report";
import { rssBytes } from "./rss";
import { BACKENDS, type Backend, runScenario, type Setup } from "./scenario";

export const EXPORT_ROWS = 20_000;
export const EXPORT_GROWTH_BUDGET_BYTES = 64 * MB;
const FORMATS = ["csv", "xlsx"] as const;
type Format = (typeof FORMATS)[number];

const exportSetup: Setup<void> = {
  name: "export",
  users: ["reviewer"],
  tables: ["users", "teams", "team_members", "requests", "anexos"],
  async seed(db, users) {
    await seedReviewTeam(db, "Mesa de exportação", [users.reviewer!.email]);
    const [requester] = await seedPeople(db, "solicitante", 1);
    // A year of open reimbursements (one every 26 minutes), each with one receipt's row.
    await db.execute(sql`insert into requests
        (kind, user_id, dados, valor, data_despesa, tipo_despesa, centro_custo, chave_pix, created_at, status_changed_at)
      select 'reembolso', ${requester!.id}, jsonb_build_object('nome', ${requester!.name}::text,
          'descricao', 'Despesa nº ' || g || ' — táxi, almoço ou hotel com o cliente', 'anexoUrl', null),
        10 + (g % 5000) * 1.37, current_date - (g % 365),
        (array['alimentacao','transporte','hospedagem','material','outros'])[1 + g % 5],
        (array['geral','ti','comercial','marketing','financeiro'])[1 + g % 5], ${requester!.email},
        now() - make_interval(mins => 26 * g), now() - make_interval(mins => 26 * g)
      from generate_series(1, ${EXPORT_ROWS}) g`);
    await db.execute(sql`insert into anexos
        (user_id, solicitacao_tipo, solicitacao_id, storage_key, nome_original, nome_arquivo, content_type, tamanho)
      select r.user_id, 'reembolso', r.id, 'bench/' || r.id, 'recibo.pdf', 'recibo.pdf', 'application/pdf', 48213
      from requests r`);
  },
};

type Run = { format: Format; ms: number; bytes: number; lines: number; before: number; peak: number };

async function exportOnce(
  baseUrl: string,
  pid: number,
  cookie: string,
  format: Format,
  query = "",
): Promise<Run> {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 10);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/caixa/exportar.${format}${query}`, { headers: { cookie } });
    if (response.status !== 200 || !response.body)
      throw new Error(`export.${format} answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === "csv") for (const b of chunk) if (b === 0x0a) lines++;
    }
    const ms = performance.now() - started;
    peak = Math.max(peak, rssBytes(pid));
    return { format, ms, bytes, lines, before, peak };
  } finally {
    clearInterval(timer);
  }
}

export async function exportBudget() {
  const results: Partial<Record<Backend, Run[]>> = {};
  const firstLoads: Partial<Record<Backend, number>> = {};
  const errors: Partial<Record<Backend, string>> = {};
  for (const backend of BACKENDS) {
    try {
      const { measured } = await runScenario(
        backend,
        exportSetup,
        async ({ server, users }) => {
          const cookie = users.reviewer!.cookie;
          // One unmeasured CSV first: the code paths and the database's caches warm, as in a running server.
          await exportOnce(server.baseUrl, server.pid, cookie, "csv");
          // And an empty XLSX: exceljs is loaded by the process's first XLSX (about 30 MB, once), which
          // is the module's cost, not the rows'. Its growth is printed in the details.
          const firstXlsx = await exportOnce(
            server.baseUrl,
            server.pid,
            cookie,
            "xlsx",
            "?de=2000-01-01&ate=2000-01-01",
          );
          firstLoads[backend] = firstXlsx.peak - firstXlsx.before;
          const runs: Run[] = [];
          for (const format of FORMATS) {
            const run = await exportOnce(server.baseUrl, server.pid, cookie, format);
            if (format === "csv" && run.lines !== EXPORT_ROWS + 1)
              throw new Error(`the CSV has ${run.lines} lines, not ${EXPORT_ROWS + 1}`);
            log(
              `export: ${backend}: ${format}: ${fmtMs(run.ms)}, ${fmtMb(run.bytes)}, RSS +${fmtMb(run.peak - run.before)}`,
            );
            runs.push(run);
          }
          return runs;
        },
        async () => undefined,
      );
      results[backend] = measured;
    } catch (err) {
      errors[backend] = errorMessage(err);
      log(`export: ${backend}: could not measure: ${errors[backend]}`);
      noteCouldNotMeasure();
    }
  }

  for (const format of FORMATS) {
    const cells = BACKENDS.map((backend) => {
      const run = results[backend]?.find((r) => r.format === format);
      return run ? { backend, run } : { backend, error: errors[backend] ?? "not measured" };
    });
    budgets.push({
      budget: `Export of ${fmtInt(EXPORT_ROWS)} requests as ${format.toUpperCase()}: time, server's peak RSS growth`,
      measured: cells
        .map((c) =>
          "run" in c && c.run
            ? `${c.backend} ${fmtMs(c.run.ms)}, +${fmtMb(c.run.peak - c.run.before)}`
            : `${c.backend}: ${c.error}`,
        )
        .join("; "),
      target: `< ${fmtMb(EXPORT_GROWTH_BUDGET_BYTES)}`,
      ok: cells.every((c) => "run" in c && c.run && c.run.peak - c.run.before < EXPORT_GROWTH_BUDGET_BYTES),
    });
  }
  details.push(
    [
      `### Export of ${fmtInt(EXPORT_ROWS)} requests`,
      "",
      `\`GET /api/caixa/exportar.csv\` and \`.xlsx\` for a member of a team that handles every kind; ` +
        `${fmtInt(EXPORT_ROWS)} open reimbursements of one requester over a year, each with one receipt's row ` +
        "(the bytes are not read: the ZIP is not measured). Time is the whole download, read as it arrives; " +
        "memory is the server's RSS sampled every 10 ms from the start of the request to its last byte, " +
        "after one unmeasured CSV export and one empty XLSX export, which loads exceljs " +
        `(RSS growth of that first, empty XLSX: ${BACKENDS.map((b) => `${b} +${fmtMb(firstLoads[b] ?? 0)}`).join(", ")}). Budget: growth under 64 MB on both backends.`,
      "",
      table(
        ["Backend", "Format", "Time", "Size", "RSS before", "Peak growth"],
        BACKENDS.flatMap((backend) =>
          (results[backend] ?? []).map((r) => [
            backend,
            r.format.toUpperCase(),
            fmtMs(r.ms),
            fmtMb(r.bytes),
            fmtMb(r.before),
            `+${fmtMb(r.peak - r.before)}`,
          ]),
        ),
        ["l", "l", "r", "r", "r", "r"],
      ),
    ].join("\n"),
  );
}
