// The Painel budget (decision 014): GET /api/painel for a year of 20,000 requests, p99 under 100 ms
// on PGlite and on PostgreSQL. Seeded as the lists are (bench/lists.ts), then most requests are
// decided and settled by SQL so every chart has data: per month, amounts, percentiles, open clocks.
import { sql } from "drizzle-orm";
import { REQUEST_KINDS, requestKind } from "@/domain/requests/kinds";
import { seedPeople, seedRequests, seedReviewTeam, syncOpenFlags } from "../src/server/testing/seed";
import { budgets, details, fmtInt, fmtMs } from "./report";
import { listsTable, measureLists, p99Row, type Setup, statementsRow, type Target } from "./scenario";

export const PAINEL_P99_BUDGET_MS = 100;

const REQUESTERS = 20;
// A year of about 20,000 requests whatever the number of kinds: 167 of each for 20 requesters and six kinds.
const PER_KIND = Math.round(20_000 / (REQUESTERS * REQUEST_KINDS.length));
const PAINEL: Target = { page: "'Painel'", path: "/api/painel", as: "reviewer" };

const painel: Setup<void> = {
  name: "painel",
  users: ["reviewer"],
  tables: ["users", "teams", "team_members", "service_levels", "requests"],
  async seed(db, users) {
    await seedReviewTeam(db, "Mesa do painel", [users.reviewer!.email]);
    const requesters = await seedPeople(db, "painel", REQUESTERS);
    // 20,000 requests over the last year: one every ~26 minutes on the whole.
    await seedRequests(db, {
      owners: requesters.map((person, i) => ({ person, offsetMinutes: 26 * i })),
      perKind: PER_KIND,
      everyMinutes: 26 * REQUESTERS,
    });
    for (const kind of REQUEST_KINDS) {
      // Where it ends in its workflow, from the kind's sample (<kind>/sample.ts).
      const end = requestKind(kind).sample.ends;
      // By a hash of the row's id: 1 in 10 open, 1 in 10 refused, the rest decided (and, where the
      // workflow settles, 7 in 10 settled); decisions after 1 to 64 hours, settlements 1 to 10 days later.
      // (Not by the minute of created_at: rows are seeded at even steps, so a few minutes held them all.)
      const bucket = sql.raw("(abs(hashtext(id::text)) % 10)");
      const money = Boolean(requestKind(kind).payment);
      await db.execute(sql`update requests set
        status = case when ${bucket} = 0 then 'pendente' when ${bucket} = 1 then ${end.refused}
          when ${bucket} <= 2 or ${end.settled}::text is null then ${end.decided} else coalesce(${end.settled}::text, ${end.decided}::text) end,
        decided_at = case when ${bucket} = 0 then null else created_at + make_interval(hours => 1 + (${bucket} * 7)::int) end,
        settled_at = case when ${bucket} >= 3 and ${end.settled}::text is not null
          then created_at + make_interval(days => 1 + ${bucket}::int) else null end
        ${money ? sql.raw(", valor_aprovado = valor") : sql``}
        where kind = ${kind}`);
      await db.execute(sql`insert into service_levels (kind, target_hours) values (${kind}, ${16 + 8 * REQUEST_KINDS.indexOf(kind)})
        on conflict (kind) do update set target_hours = excluded.target_hours`);
    }
    await syncOpenFlags(db);
  },
};

export async function painelBudget(
  names: { p99: string; statements: string },
  target: string,
  options: { duration: number; warmup: number },
) {
  const outcome = await measureLists(painel, [PAINEL], options);
  budgets.push({ budget: names.p99, target, ...p99Row(outcome, PAINEL, PAINEL_P99_BUDGET_MS) });
  budgets.push({ budget: names.statements, target: "2", ...statementsRow(outcome, [PAINEL], 2) });
  details.push(
    [
      `### 'Painel' for a year of ${fmtInt(REQUESTERS * PER_KIND * REQUEST_KINDS.length)} requests`,
      "",
      `\`GET ${PAINEL.path}\` (the last 12 months) for a member of a team that handles every kind; ` +
        `${fmtInt(REQUESTERS)} requesters with ${fmtInt(PER_KIND)} requests of each kind over a year, nine in ten ` +
        "decided, most reimbursements and grants paid, one in ten open, every kind with a service level. " +
        "One statement reads each kind's table once and groups every chart from what it read (per month, amounts, " +
        "percentiles, open clocks), and one reads the targets; the open requests are classified in TypeScript. " +
        `Budget: p99 under ${fmtMs(PAINEL_P99_BUDGET_MS)} on both backends.`,
      "",
      listsTable(outcome, [PAINEL]),
    ].join("\n"),
  );
}
