// The bank's budgets (docs/decisions/059): 'Gerar arquivo para o banco' with 1,000 payments and
// 'Conciliar extrato' with a statement of 5,000 entries, each under 2 s through the built server,
// on PGlite and on PostgreSQL. A payment's moves, the CNAB 240 file and the statement's matches
// are the real ones: the reimbursements are seeded approved, by SQL, as a team approves them.
import { sql } from "drizzle-orm";
import { todayInSaoPaulo } from "@/domain/dates";
import { paymentReference } from "@/domain/finance/finance-desk";
import { payingAccount, teamMembers, teams } from "../src/server/db/schema";
import { seedPeople, syncOpenFlags } from "../src/server/testing/seed";
import { errorMessage, log } from "./lib";
import { budgets, details, fmtInt, fmtMs, median, noteCouldNotMeasure, table } from "./report";
import { BACKENDS, type Backend, runScenario, type Setup } from "./scenario";

export const BANK_BUDGET_MS = 2_000;
export const REMITTANCE_PAYMENTS = 1_000;
export const STATEMENT_ENTRIES = 5_000;
const RUNS = 3;
const REQUESTERS = 50;

type Payment = { id: string; cents: number; name: string };

const bankSetup: Setup<Payment[]> = {
  name: "bank",
  users: ["finance"],
  // The second factor is the sign-in's business, measured elsewhere; this measures the files.
  env: () => ({ REQUIRE_SECOND_FACTOR: "false" }),
  tables: ["users", "teams", "team_members", "requests", "conta_pagadora"],
  async seed(db, users) {
    const [team] = await db
      .insert(teams)
      .values({ name: "Financeiro do bench", kinds: ["reembolso"], departamentos: [] })
      .returning({ id: teams.id });
    await db.insert(teamMembers).values({ teamId: team!.id, email: users.finance!.email.toLowerCase() });
    await db.insert(payingAccount).values({
      perfil: "itau",
      banco: "341",
      agencia: "0123",
      conta: "45678",
      contaDigito: "9",
      cnpj: "11222333000181",
      razaoSocial: "Agência Digital Ltda",
      convenio: "0",
    });
    await seedPeople(db, "banco", REQUESTERS);
    // One file's worth per measured run, approved yesterday, each with its requester's e-mail as PIX key.
    const result = await db.execute(sql`with p as (
        select id, name, email, row_number() over (order by id) - 1 as n from users where id like 'seed-banco-%')
      insert into requests
        (kind, user_id, dados, valor, valor_aprovado, data_despesa, tipo_despesa, centro_custo, chave_pix,
         status, created_at, status_changed_at, decided_at)
      select 'reembolso', p.id, jsonb_build_object('nome', p.name, 'descricao', 'Táxi nº ' || g, 'anexoUrl', null),
        v.amount, v.amount, current_date - 2, 'transporte', 'marketing', p.email, 'aprovado',
        now() - interval '2 days', now() - interval '1 day', now() - interval '1 day'
      from generate_series(1, ${RUNS * REMITTANCE_PAYMENTS}) g
        join p on p.n = g % ${REQUESTERS}
        cross join lateral (select (10 + (g % 490) + (g % 100) / 100.0)::numeric(12, 2) as amount) v
      returning id, round(valor * 100)::int as cents, dados->>'nome' as name`);
    await syncOpenFlags(db);
    return (result.rows as { id: string; cents: number; name: string }[]).map((r) => ({
      ...r,
      cents: Number(r.cents),
    }));
  },
};

const ofxDate = (iso: string) => `${iso.replaceAll("-", "")}120000[-3:BRT]`;

/**
 * An OFX 1.x statement of `STATEMENT_ENTRIES` entries over the last month: one debit per payment
 * of the first file, its txid in the memo; the rest salaries, card fees and customers' credits.
 */
function statementOf(paid: Payment[], today: string): Buffer {
  const entries: string[] = [];
  const day = (n: number) => {
    const d = new Date(`${today}T12:00:00-03:00`);
    d.setUTCDate(d.getUTCDate() - (n % 28));
    return d.toISOString().slice(0, 10);
  };
  const trn = (fitid: string, iso: string, cents: number, name: string, memo: string) =>
    `<STMTTRN><TRNTYPE>${cents < 0 ? "DEBIT" : "CREDIT"}<DTPOSTED>${ofxDate(iso)}<TRNAMT>${(cents / 100).toFixed(2)}` +
    `<FITID>${fitid}<NAME>${name}<MEMO>${memo}</STMTTRN>`;
  for (const [i, p] of paid.entries())
    entries.push(
      trn(`PIX${i}`, today, -p.cents, p.name.slice(0, 32), `PIX ENVIADO ${paymentReference(p.id)}`),
    );
  for (let i = entries.length; i < STATEMENT_ENTRIES; i++) {
    const cents = i % 3 ? -(1_000 + ((i * 7919) % 900_000)) : 50_000 + ((i * 104_729) % 5_000_000);
    const name = i % 3 ? `FORNECEDOR ${i % 97}` : `CLIENTE ${i % 53}`;
    entries.push(trn(`OUT${i}`, day(i), cents, name, i % 3 ? "PAGAMENTO DE BOLETO" : "TED RECEBIDA"));
  }
  return Buffer.from(
    [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "VERSION:102",
      "SECURITY:NONE",
      "ENCODING:USASCII",
      "CHARSET:1252",
      "COMPRESSION:NONE",
      "OLDFILEUID:NONE",
      "NEWFILEUID:NONE",
      "",
      "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL",
      "<BANKACCTFROM><BANKID>0341<ACCTID>45678-9<ACCTTYPE>CHECKING</BANKACCTFROM>",
      `<BANKTRANLIST><DTSTART>${ofxDate(day(27))}<DTEND>${ofxDate(today)}`,
      ...entries,
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
    ].join("\r\n"),
    "latin1",
  );
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; body: Record<string, unknown> }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`${init.method} ${new URL(url).pathname} answered ${response.status}: ${text}`);
  return { ms, body: JSON.parse(text) as Record<string, unknown> };
}

type Run = { remittances: number[]; statements: number[]; suggested: number; bytes: number };

async function measureBank(baseUrl: string, cookie: string, payments: Payment[]): Promise<Run> {
  const today = todayInSaoPaulo();
  const run: Run = { remittances: [], statements: [], suggested: 0, bytes: 0 };
  for (let i = 0; i < RUNS; i++) {
    const chosen = payments.slice(i * REMITTANCE_PAYMENTS, (i + 1) * REMITTANCE_PAYMENTS);
    const made = await timed(`${baseUrl}/api/caixa/remessas`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        dataPagamento: today,
        itens: chosen.map((p) => ({ tipo: "reembolso", id: p.id })),
      }),
    });
    if (made.body.quantidade !== REMITTANCE_PAYMENTS)
      throw new Error(
        `the file carries ${String(made.body.quantidade)} payments, not ${REMITTANCE_PAYMENTS}`,
      );
    run.remittances.push(made.ms);
  }
  const file = statementOf(payments.slice(0, REMITTANCE_PAYMENTS), today);
  run.bytes = file.length;
  for (let i = 0; i < RUNS; i++) {
    const form = new FormData();
    form.append("arquivo", new Blob([new Uint8Array(file)], { type: "application/x-ofx" }), "extrato.ofx");
    const read = await timed(`${baseUrl}/api/caixa/extratos`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    const suggestions = (read.body.sugestoes as unknown[]).length;
    if (suggestions !== REMITTANCE_PAYMENTS)
      throw new Error(`the statement suggested ${suggestions} matches, not ${REMITTANCE_PAYMENTS}`);
    run.suggested = suggestions;
    run.statements.push(read.ms);
  }
  return run;
}

export async function bankBudget(names: { remittance: string; statement: string }) {
  const results: Partial<Record<Backend, Run>> = {};
  const errors: Partial<Record<Backend, string>> = {};
  for (const backend of BACKENDS) {
    try {
      const { measured } = await runScenario(
        backend,
        bankSetup,
        async ({ server, users, seeded }) => {
          try {
            return await measureBank(server.baseUrl, users.finance!.cookie, seeded);
          } catch (err) {
            // A server that died says why in its own output, not in fetch's "fetch failed".
            throw new Error(
              `${errorMessage(err)}; the server's last lines:\n${server.child.output().split("\n").slice(-15).join("\n")}`,
            );
          }
        },
        async () => undefined,
      );
      results[backend] = measured;
      log(
        `bank: ${backend}: remittances ${measured.remittances.map(fmtMs).join(", ")}; statements ${measured.statements.map(fmtMs).join(", ")}`,
      );
    } catch (err) {
      errors[backend] = errorMessage(err);
      log(`bank: ${backend}: could not measure: ${errors[backend]}`);
      noteCouldNotMeasure();
    }
  }
  const row = (pick: (run: Run) => number[]) => {
    const cells = BACKENDS.map((b) => {
      const run = results[b];
      return run ? `${b} ${fmtMs(median(pick(run)))}` : `${b}: ${errors[b] ?? "not measured"}`;
    });
    const ok = BACKENDS.every((b) => results[b] && Math.max(...pick(results[b]!)) < BANK_BUDGET_MS);
    return { measured: cells.join("; "), target: `< ${fmtMs(BANK_BUDGET_MS)}`, ok };
  };
  budgets.push({ budget: names.remittance, ...row((r) => r.remittances) });
  budgets.push({ budget: names.statement, ...row((r) => r.statements) });
  details.push(
    [
      `### The bank's files: a remittance of ${fmtInt(REMITTANCE_PAYMENTS)} payments, a statement of ${fmtInt(STATEMENT_ENTRIES)} entries`,
      "",
      `\`POST /api/caixa/remessas\` with ${fmtInt(REMITTANCE_PAYMENTS)} approved reimbursements of ${REQUESTERS} people ` +
        "(each moved to 'Enviado ao banco' with its timeline event, the CNAB 240 file written and stored, in one " +
        `transaction), ${RUNS} files in a row; then \`POST /api/caixa/extratos\` with an OFX 1.x statement of ` +
        `${fmtInt(STATEMENT_ENTRIES)} entries (one debit per payment of the first file, the rest other debits and ` +
        `credits over four weeks), read and matched ${RUNS} times. Time is the whole request, answer read. ` +
        `Budget: every run under ${fmtMs(BANK_BUDGET_MS)} on both backends.`,
      "",
      table(
        ["Backend", "Remittance (each run)", "Statement (each run)", "Statement size", "Matches suggested"],
        BACKENDS.flatMap((b) => {
          const run = results[b];
          if (!run) return [[b, errors[b] ?? "not measured", "", "", ""]];
          return [
            [
              b,
              run.remittances.map(fmtMs).join(", "),
              run.statements.map(fmtMs).join(", "),
              `${(run.bytes / 1024).toFixed(0)} KB`,
              fmtInt(run.suggested),
            ],
          ];
        }),
        ["l", "r", "r", "r", "r"],
      ),
    ].join("\n"),
  );
}
