// The list budgets: 'Minhas solicitações' with 10,000 requests, /planejamento/lista with 1,000
// plans and /vagas with 1,000 openings, 'Caixa de entrada' with 10,000 open requests. Each is a
// setup (who signs up, what is seeded) and the pages measured, run by bench/scenario.ts on PGlite
// and on PostgreSQL. What each page holds is checked by src/server/list-statements.test.ts.
import { REQUEST_KINDS } from "@/domain/requests/kinds";
import {
  seedClients,
  seedJobOpenings,
  seedPeople,
  seedPlans,
  seedRequests,
  seedReviewTeam,
} from "../src/server/testing/seed";
import { budgets, details, fmtInt, fmtMs } from "./report";
import { listsTable, measureLists, p99Row, type Setup, statementsRow, type Target } from "./scenario";

export const LIST_P99_BUDGET_MS = 50;
export const STAFF_LISTS_P99_BUDGET_MS = 50;
export const CAIXA_P99_BUDGET_MS = 50;

type Options = { duration: number; warmup: number };
const REQUEST_TABLES = ["requests"];
const method = "Method and seeding: [docs/bench.md](../docs/bench.md).";

// ---- 'Minhas solicitações' ----------------------------------------------------------------

const PER_KIND = 2_000;
const MY_REQUESTS: Target = {
  page: "'Minhas solicitações'",
  path: "/api/solicitacoes?limit=20",
  as: "me",
  items: 20,
};

const myRequests: Setup<void> = {
  name: "list",
  users: ["me"],
  // The query over 10,000 requests is what this budget measures: without the first-page cache
  // (decision 022), which would answer every call after the first from memory (the signed-in
  // measurement shows that path).
  env: () => ({ LIST_CACHE_SECONDS: "0" }),
  tables: ["users", ...REQUEST_TABLES],
  async seed(db, users) {
    const me = { id: users.me!.id, name: users.me!.name, email: users.me!.email };
    const [other] = await seedPeople(db, "outra", 1);
    // Over the last two years (10,000 × 105 min), the other person's between ours.
    await seedRequests(db, {
      owners: [
        { person: me, offsetMinutes: 0 },
        { person: other!, offsetMinutes: 52 },
      ],
      perKind: PER_KIND,
      everyMinutes: 105,
    });
  },
};

export async function listBudget(budget: string, target: string, options: Options) {
  const outcome = await measureLists(myRequests, [MY_REQUESTS], options);
  budgets.push({ budget, target, ...p99Row(outcome, MY_REQUESTS, LIST_P99_BUDGET_MS) });
  details.push(
    [
      `### 'Minhas solicitações' with ${fmtInt(PER_KIND * REQUEST_KINDS.length)} requests`,
      "",
      `\`GET ${MY_REQUESTS.path}\` for a user with ${fmtInt(PER_KIND)} requests of each kind while another has as many. ` +
        "The first page sends two statements of its own (the page and the total); later pages one. " +
        method,
      "",
      listsTable(outcome, [MY_REQUESTS]),
    ].join("\n"),
  );
}

// ---- /planejamento/lista and /vagas --------------------------------------------------------

const PLANS = 1_000;
const OPENINGS = 1_000;
const STAFF_TARGETS: Target[] = [
  { page: "/planejamento/lista", path: "/api/planejamentos", as: "me", items: 30 },
  { page: "/vagas", path: "/api/vagas", as: "me", items: 30 },
];

const staff: Setup<void> = {
  name: "staff-lists",
  users: ["me"],
  env: (users) => ({ PLANNING_MANAGERS: users.me!.email, VAGAS_MANAGERS: users.me!.email }),
  tables: ["users", "clients", "planejamentos_conteudo", "vagas"],
  async seed(db, users) {
    const me = users.me!.id;
    const [other, ...creators] = await seedPeople(db, "staff", 4);
    const clients = await seedClients(db, 20);
    // One plan every 7 hours (about 9½ months), the other person's between.
    await seedPlans(db, { userId: me, clients, count: PLANS, everyHours: 7 });
    await seedPlans(db, { userId: other!.id, clients, count: PLANS, everyHours: 7, offsetHours: 3.5 });
    // One opening every 9 hours, by four creators in turn, one in five whose creator is gone.
    await seedJobOpenings(db, {
      creatorIds: [me, ...creators.map((c) => c.id), null],
      client: clients[0]!,
      count: OPENINGS,
      everyHours: 9,
    });
  },
};

export async function staffListsBudget(
  names: { plans: string; jobOpenings: string; roundTrips: string },
  target: string,
  options: Options,
) {
  const outcome = await measureLists(staff, STAFF_TARGETS, options);
  const [plans, openings] = STAFF_TARGETS as [Target, Target];
  budgets.push({ budget: names.plans, target, ...p99Row(outcome, plans, STAFF_LISTS_P99_BUDGET_MS) });
  budgets.push({
    budget: names.jobOpenings,
    target,
    ...p99Row(outcome, openings, STAFF_LISTS_P99_BUDGET_MS),
  });
  budgets.push({ budget: names.roundTrips, target: "1 each", ...statementsRow(outcome, STAFF_TARGETS, 1) });
  details.push(
    [
      `### Staff lists: /planejamento/lista with ${fmtInt(PLANS)} plans, /vagas with ${fmtInt(OPENINGS)} openings`,
      "",
      `${fmtInt(PLANS)} plans of the user and as many of another, as the built-in generator writes them; ` +
        `${fmtInt(OPENINGS)} openings. Both pages open with a keyset page of 30. ${method}`,
      "",
      listsTable(outcome, STAFF_TARGETS),
    ].join("\n"),
  );
}

// ---- 'Caixa de entrada' --------------------------------------------------------------------

const REQUESTERS = 20;
const QUEUED_PER_KIND = 100;
const CAIXA: Target = { page: "'Caixa de entrada'", path: "/api/caixa", as: "reviewer", items: 30 };

const caixa: Setup<void> = {
  name: "caixa",
  users: ["reviewer"],
  tables: ["users", "teams", "team_members", ...REQUEST_TABLES],
  async seed(db, users) {
    await seedReviewTeam(db, "Mesa de revisão", [users.reviewer!.email]);
    const requesters = await seedPeople(db, "solicitante", REQUESTERS);
    // 10,000 open requests, one every 3 minutes on the whole (about three weeks).
    await seedRequests(db, {
      owners: requesters.map((person, i) => ({ person, offsetMinutes: 3 * i })),
      perKind: QUEUED_PER_KIND,
      everyMinutes: 3 * REQUESTERS,
    });
  },
};

export async function caixaBudget(
  names: { p99: string; statements: string },
  target: string,
  options: Options,
) {
  const outcome = await measureLists(caixa, [CAIXA], options);
  budgets.push({ budget: names.p99, target, ...p99Row(outcome, CAIXA, CAIXA_P99_BUDGET_MS) });
  // The page, the flags of each paid kind on it (decision 015: one each, whatever the page's size) and the
  // service-level targets: a first page holds every kind.
  budgets.push({
    budget: names.statements,
    target: "≤ 4 (page, targets, flags of each paid kind on it)",
    ...statementsRow(outcome, [CAIXA], { atMost: 4 }),
  });
  details.push(
    [
      `### 'Caixa de entrada' with ${fmtInt(REQUESTERS * QUEUED_PER_KIND * REQUEST_KINDS.length)} open requests`,
      "",
      `\`GET ${CAIXA.path}\` (its first page, the 30 oldest) for a member of a team that handles every kind; ` +
        `${fmtInt(REQUESTERS)} requesters with ${fmtInt(QUEUED_PER_KIND)} open requests of each kind. ${method} ` +
        `Budget: p99 under ${fmtMs(CAIXA_P99_BUDGET_MS)} on both backends, one statement.`,
      "",
      listsTable(outcome, [CAIXA]),
    ].join("\n"),
  );
}
