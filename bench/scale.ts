// The `scale` measurement: the one requests table (docs/decisions/034-one-requests-table.md) at the
// size of a 5,000-person company's five years, 500,000 requests (bench/scale-seed.ts), with
// 'Minhas solicitações', 'Caixa de entrada', 'Buscar' on both and the Painel measured as the other
// list budgets are (bench/scenario.ts), on PGlite and on PostgreSQL: p99 under 50 ms each.
import { budgets, details, fmtInt, fmtMs } from "./report";
import { SCALE_PEOPLE, SCALE_REQUESTS, SCALE_TEAMS, SCALE_YEARS, seedScale } from "./scale-seed";
import { BACKENDS, clean, listsTable, measureLists, type Setup, type Target } from "./scenario";

export const SCALE_P99_BUDGET_MS = 50;

const TARGETS = {
  mine: { page: "'Minhas solicitações'", path: "/api/solicitacoes?limit=20", as: "me", items: 20 },
  // A word of some of the person's reimbursements ('Hotel na visita ao cliente').
  mineSearch: {
    page: "'Minhas solicitações', Buscar 'hotel'",
    path: "/api/solicitacoes?limit=20&busca=hotel",
    as: "me",
  },
  caixa: { page: "'Caixa de entrada'", path: "/api/caixa", as: "reviewer", items: 30 },
  // A requester by name, as a reviewer looks one up: two words, each a prefix of many ('ana' of 'análise').
  caixaSearch: {
    page: "'Caixa de entrada', Buscar 'ana silva'",
    path: "/api/caixa?busca=ana%20silva",
    as: "reviewer",
  },
  painel: { page: "'Painel'", path: "/api/painel", as: "reviewer" },
} satisfies Record<string, Target>;

const scale: Setup<void> = {
  name: "scale",
  users: ["me", "reviewer"],
  // Each call runs the query (decision 022's first-page cache would answer 'Minhas solicitações' from memory).
  env: () => ({ LIST_CACHE_SECONDS: "0" }),
  tables: ["users", "teams", "team_members", "service_levels", "requests"],
  async seed(db, users) {
    const me = users.me!;
    await seedScale(db, {
      me: { id: me.id, name: me.name, email: me.email },
      reviewerEmail: users.reviewer!.email,
    });
  },
};

export async function scaleBudget(options: { duration: number; warmup: number }) {
  const targets = Object.values(TARGETS);
  const outcome = await measureLists(scale, targets, options);
  for (const target of targets) {
    for (const backend of BACKENDS) {
      const r = outcome.runs.find((run) => run.backend === backend)?.targets[target.path]?.result;
      budgets.push({
        budget: `Scale ${fmtInt(SCALE_REQUESTS / 1_000)}k: ${target.page} p99 [${backend.toLowerCase()}]`,
        measured: r
          ? `${fmtMs(r.p99Ms)}${clean(r) ? "" : " — non-2xx/errors"}`
          : `error: ${outcome.errors[backend]?.split("\n")[0]}`,
        target: `< ${fmtMs(SCALE_P99_BUDGET_MS)}`,
        ok: r !== undefined && clean(r) && r.p99Ms < SCALE_P99_BUDGET_MS,
      });
    }
  }
  details.push(
    [
      `### Scale: ${fmtInt(SCALE_REQUESTS)} requests, ${fmtInt(SCALE_PEOPLE)} people, ${SCALE_YEARS} years`,
      "",
      `The one \`requests\` table as a ${fmtInt(SCALE_PEOPLE)}-person company fills it in ${SCALE_YEARS} years: ` +
        `${fmtInt(SCALE_REQUESTS)} requests of every kind, ${SCALE_TEAMS + 1} teams. The measured requester ` +
        "has about 100 requests, as everyone; the measured reviewer's team handles every kind, and its Painel " +
        "covers the last 12 months (about 100,000 requests). What is seeded and why: [docs/bench.md](../docs/bench.md). " +
        `Budget: p99 under ${fmtMs(SCALE_P99_BUDGET_MS)} for each page on each backend.`,
      "",
      listsTable(outcome, targets),
    ].join("\n"),
  );
}
