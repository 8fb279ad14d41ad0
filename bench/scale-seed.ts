// What the `scale` measurement seeds (bench/scale.ts): a 5,000-person company's five years, 500,000
// requests in the one `requests` table (docs/decisions/034-one-requests-table.md), written by
// `INSERT … SELECT … generate_series` (seed.ts's row-by-row inserts would take tens of minutes on
// PGlite). The kinds' own fields go in `dados` under their record names, and each is checked against
// what the kind stores there before anything is written; the option values are the forms' own.
import { sql } from "drizzle-orm";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import { ABSENCE_TYPE_VALUES } from "@/domain/requests/kinds/ausencia/options";
import { SCHOLARSHIP_TYPE_VALUES } from "@/domain/requests/kinds/bolsa/options";
import { URGENCY_VALUES } from "@/domain/requests/kinds/material/options";
import { REIMBURSEMENT_TYPE_VALUES } from "@/domain/requests/kinds/reembolso/options";
import { ENABLED_SEO_ANALYSIS_TYPE_VALUES } from "@/domain/requests/kinds/seo/options";
import { recordFields, sharedFieldColumns } from "@/domain/requests/kinds/stored-columns";
import { PRIORITY_VALUES, SUPPORT_DEPARTMENT_VALUES } from "@/domain/requests/kinds/suporte/options";
import { COST_CENTRE_VALUES } from "@/domain/requests/options";
import { DIRECT_KINDS } from "@/domain/teams/team";
import type { Db } from "../src/server/db/client";
import { type Person, syncOpenFlags } from "../src/server/testing/seed";

export const SCALE_REQUESTS = 500_000;
export const SCALE_PEOPLE = 5_000;
export const SCALE_YEARS = 5;
/** Teams besides the measured reviewer's; each has one to three of the first people as members. */
export const SCALE_TEAMS = 300;
const REVIEWERS = 400;
/** The series' numbers of the last 30 days' requests (the newest is 1). */
const RECENT = Math.round((30 / (SCALE_YEARS * 365)) * SCALE_REQUESTS);

/** A SQL array literal of constant strings (the option lists), quoted. */
const array = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]::text[]`);
/** The `n`-th (0-based, any integer SQL) of a constant list. */
const nth = (values: readonly string[], n: string) =>
  sql`(${array(values)})[1 + (${sql.raw(n)}) % ${values.length}]`;

const FIRST_NAMES =
  "Ana Bruno Carla Daniel Eduarda Felipe Gabriela Henrique Isabela João Juliana Lucas Mariana Mateus Natália Otávio Patrícia Rafael Sabrina Thiago Vanessa Vinícius Beatriz Caio Débora Érico Fernanda Gustavo Helena Igor Larissa Leonardo Luana Marcelo Marina Paulo Renata Rodrigo Sílvia Tatiane André Camila Diego Letícia Pedro Priscila Ricardo Simone Tiago Yasmin".split(
    " ",
  );
const SURNAMES = "Silva Souza Oliveira Santos Pereira Costa Rodrigues Almeida Nascimento Lima".split(" ");
const LAST_NAMES = "Araújo Fernandes Carvalho Gomes Martins Rocha Ribeiro Alves Monteiro Mendes".split(" ");
const CLIENTS = [
  "Padaria Pão Quente",
  "Clínica Sorriso",
  "Escola Aprender",
  "Mercado Bom Preço",
  "Hotel Mar Azul",
  "Academia Corpo Livre",
  "Construtora Horizonte",
  "Pet Shop Amigo Fiel",
  "Livraria Página Um",
  "Café Grão Nobre",
];
const EXPENSES = [
  "Almoço com o cliente",
  "Táxi até o aeroporto",
  "Hotel na visita ao cliente",
  "Estacionamento no evento",
  "Passagem de ônibus para a filial",
  "Jantar com a equipe do projeto",
  "Combustível da viagem",
  "Cabo HDMI para a apresentação",
];
const COURSES = [
  "Curso de Excel avançado",
  "Curso de inglês para negócios",
  "Livro de gestão de projetos",
  "Congresso de marketing digital",
  "Especialização em análise de dados",
  "Curso de fotografia de produto",
];
const MATERIALS = [
  "Cadeira ergonômica",
  "Monitor de 24 polegadas",
  "Teclado sem fio",
  "Mouse vertical",
  "Headset com microfone",
  "Suporte para notebook",
  "Caderno e canetas",
];
const TICKETS = [
  "Computador não liga",
  "Sem acesso ao e-mail",
  "Impressora travada",
  "VPN não conecta",
  "Senha expirada",
  "Acesso ao sistema de ponto",
  "Notebook lento depois da atualização",
];

/**
 * The company's mix: each kind's share of the requests (the series' `g % 20`). Measured figures
 * (docs/bench.md) compare only for the same mix, so it is fixed here; a kind not in it is not part of
 * the five years (its lists, Painel and export are measured by bench/lists.ts and bench/painel.ts,
 * which seed every kind from its sample). Where each request ends comes from the kind's sample.
 */
const SLOTS: Partial<Record<RequestKind, number[]>> = {
  reembolso: [0, 1, 2, 3, 4, 5, 6],
  suporte: [8, 9, 10, 11, 12],
  material: [13, 14, 15],
  bolsa: [16, 17],
  seo: [18, 19],
  ausencia: [7],
};

/**
 * Each kind's own fields (its `dados`, by record name) and its shared columns, as SQL over the
 * series' `g` and the person `p` (id, name, email). Texts vary with `g` so that 'Buscar' finds
 * some words often (a kind of expense) and others rarely (a client, a person).
 */
const OWN: Partial<Record<RequestKind, { dados: Record<string, string>; columns: Record<string, string> }>> =
  {
    reembolso: {
      dados: { nome: "p.name", descricao: "descricao", anexoUrl: "null" },
      columns: {
        valor: "round((10 + (g * 37) % 4900 / 10.0)::numeric, 2)",
        data_despesa: "(created_at at time zone 'America/Sao_Paulo')::date - (g % 4)",
        tipo_despesa: "tipo",
        centro_custo: "centro",
        chave_pix: "p.email",
      },
    },
    bolsa: {
      dados: {
        titulo: "titulo",
        linkPlataforma: "'https://cursos.example/' || g",
        valorAgregado: "'Aplicar no atendimento aos clientes'",
        criadoPor: "p.name",
      },
      columns: {
        valor: "round((100 + (g * 53) % 19000 / 10.0)::numeric, 2)",
        tipo_despesa: "tipo",
        chave_pix: "p.email",
      },
    },
    material: {
      dados: {
        nome: "p.name",
        descricao: "descricao",
        motivo: "'Reposição do posto de trabalho'",
        quantidade: "1 + g % 5",
        urgencia: "urgencia",
      },
      columns: {},
    },
    suporte: {
      dados: {
        nome: "p.name",
        email: "p.email",
        assunto: "assunto",
        descricao: "descricao",
        prioridade: "prioridade",
      },
      columns: { rota: "departamento" },
    },
    seo: {
      dados: {
        url: "'https://cliente-' || g % 997 || '.com.br/pagina-' || g",
        tipoAnalise: "tipo",
        nome: "p.name",
        email: "p.email",
      },
      columns: {},
    },
    ausencia: {
      dados: {
        nome: "p.name",
        tipo: "tipo",
        primeiroDia: "to_char((created_at at time zone 'America/Sao_Paulo')::date + 14, 'YYYY-MM-DD')",
        ultimoDia: "to_char((created_at at time zone 'America/Sao_Paulo')::date + 14 + g % 10, 'YYYY-MM-DD')",
        diasUteis: "1 + (g % 10) * 5 / 7",
        observacao: "null",
      },
      columns: {},
    },
  };

/** The per-row values each kind's SQL above names (`descricao`, `tipo`, …). */
function rowValues(kind: RequestKind) {
  const client = nth(CLIENTS, "g / 7");
  switch (kind as string) {
    case "reembolso":
      return sql`${nth(EXPENSES, "g")} || ' — ' || ${client} as descricao,
        ${nth(REIMBURSEMENT_TYPE_VALUES, "g / 3")} as tipo, ${nth(COST_CENTRE_VALUES, "g / 11")} as centro`;
    case "bolsa":
      return sql`${nth(COURSES, "g")} as titulo, ${nth(SCHOLARSHIP_TYPE_VALUES, "g / 3")} as tipo`;
    case "material":
      return sql`${nth(MATERIALS, "g")} || ' para ' || ${client} as descricao, ${nth(URGENCY_VALUES, "g / 3")} as urgencia`;
    case "suporte":
      return sql`${nth(TICKETS, "g")} as assunto, ${nth(TICKETS, "g")} || '. Começou depois da reunião com ' || ${client} as descricao,
        ${nth(PRIORITY_VALUES, "g / 3")} as prioridade, ${nth(SUPPORT_DEPARTMENT_VALUES, "g / 5")} as departamento`;
    case "seo":
      return sql`${nth(ENABLED_SEO_ANALYSIS_TYPE_VALUES, "g / 3")} as tipo`;
    case "ausencia":
      return sql`${nth(ABSENCE_TYPE_VALUES, "g / 3")} as tipo`;
    default:
      return sql`null as none`;
  }
}

/** Refuses a seed whose `dados` names a field the kind does not keep there. */
function checkOwnFields(kind: RequestKind) {
  const definition = requestKind(kind);
  const shared = sharedFieldColumns(definition);
  const kept = [...recordFields(definition)].filter((field) => !(field in shared));
  const stray = Object.keys(OWN[kind]?.dados ?? {}).filter((field) => !kept.includes(field));
  if (stray.length)
    throw new Error(
      `scale seed: ${kind} keeps no ${stray.join(", ")} in dados (it keeps ${kept.join(", ")})`,
    );
}

/** Person `n`'s name ("Ana Souza Araújo"): 5,000 different ones. */
const personName = (n: string) =>
  sql`${nth(FIRST_NAMES, n)} || ' ' || ${nth(SURNAMES, `${n} / 50`)} || ' ' || ${nth(LAST_NAMES, `${n} / 500`)}`;

/** The 5,000 people: the measured requester is person 0, the others `scale-p<n>`; and the teams. */
async function seedPeopleAndTeams(db: Db, reviewerEmail: string) {
  await db.execute(sql`insert into users (id, name, email, email_verified)
    select 'scale-p' || n, ${personName("n")}, 'pessoa' || n || '@agencia.digital', true
    from generate_series(1, ${SCALE_PEOPLE - 1}) n`);
  // The measured reviewer's team handles every kind, as an administrator's Painel reads them all.
  await db.execute(sql`insert into teams (name, kinds, departamentos)
    values ('Mesa de revisão', ${array(DIRECT_KINDS)}, ${array(SUPPORT_DEPARTMENT_VALUES)})`);
  await db.execute(sql`insert into team_members (team_id, email)
    select id, ${reviewerEmail.toLowerCase()} from teams where name = 'Mesa de revisão'`);
  // The others handle one kind each, or one support department.
  await db.execute(sql`insert into teams (name, kinds, departamentos)
    select 'Equipe ' || t, case when t % 3 = 0 then array[]::text[] else array[${nth(DIRECT_KINDS, "t")}] end,
      case when t % 3 = 0 then array[${nth(SUPPORT_DEPARTMENT_VALUES, "t")}] else array[]::text[] end
    from generate_series(1, ${SCALE_TEAMS}) t`);
  await db.execute(sql`insert into team_members (team_id, email)
    select distinct t.id, 'pessoa' || (1 + (m * 7 + i) % ${REVIEWERS}) || '@agencia.digital'
    from (select id, row_number() over (order by name) as i from teams where name like 'Equipe %') t,
      generate_series(0, (t.i % 3)::int) m`);
}

/** One kind's requests: its share of the series, one every 5 years / 500,000 (about 5 minutes). */
async function seedKind(db: Db, kind: RequestKind, me: Person, approvalTeam: string) {
  const slots = SLOTS[kind];
  const own = OWN[kind];
  if (!slots || !own) return;
  const { decided, settled, refused } = requestKind(kind).sample.ends;
  const money = "valor" in own.columns;
  const columns = Object.keys(own.columns);
  const dados = Object.entries(own.dados).map(([field, value]) => `'${field}', ${value}`);
  // By a hash of the request, as bench/painel.ts: 1 in 10 open, 1 in 10 refused, the rest decided
  // after 1 to 64 hours and, where the workflow settles, 7 in 10 settled 1 to 10 days later. Five
  // years back nearly all of that is over: older than 30 days, 1 in 20 of those open is forgotten
  // and stays so, the others were decided and settled like the rest.
  const hash = `abs(hashtext(g::text || '${kind}'))`;
  const bucket = sql.raw(`case when g < ${RECENT} or ${hash} % 10 not in (0, 2) then ${hash} % 10
    when ${hash} % 10 = 0 and ${hash} % 200 < 10 then 0 else 3 + g % 7 end`);
  const settles = settled !== null;
  await db.execute(sql`insert into requests (kind, user_id, status, created_at, status_changed_at, assignee_id,
      decided_at, decided_by, settled_at, settled_by, sla_minutes, approval_team_id, valor_aprovado, pago_em,
      ${sql.raw(columns.map((c) => `${c}, `).join(""))} dados)
    select ${kind}, p.id, st.status, created_at, coalesce(st.settled_at, st.decided_at, created_at),
      case when st.b > 0 then 'scale-p' || (1 + g % ${REVIEWERS}) end,
      st.decided_at, case when st.b > 0 then 'Revisor ' || (1 + g % ${REVIEWERS}) end,
      st.settled_at, case when st.settled_at is not null then 'Financeiro' end, (g % 600)::int,
      ${money ? sql`case when st.b >= 2 and ${sql.raw(own.columns.valor!)} > 400 then ${approvalTeam}::uuid end` : sql`null`},
      ${money ? sql.raw(`case when st.b >= 2 then ${own.columns.valor} end`) : sql`null`},
      ${money ? sql`case when st.status = 'pago' then (st.settled_at at time zone 'America/Sao_Paulo')::date end` : sql`null`},
      ${sql.raw(
        Object.values(own.columns)
          .map((c) => `${c}, `)
          .join(""),
      )} jsonb_build_object(${sql.raw(dados.join(", "))})
    from (select g, now() - make_interval(secs => g * ${(SCALE_YEARS * 365 * 86_400) / SCALE_REQUESTS}::float8) as created_at,
        abs(hashtext('p' || g)) % ${SCALE_PEOPLE} as person, ${rowValues(kind)}
      from generate_series(1, ${SCALE_REQUESTS}) g where g % 20 in (${sql.raw(slots.join(", "))})) r
    cross join lateral (select case when r.person = 0 then ${me.id} else 'scale-p' || r.person end as id,
        case when r.person = 0 then ${me.name} else ${personName("r.person")} end as name,
        case when r.person = 0 then ${me.email} else 'pessoa' || r.person || '@agencia.digital' end as email) p
    cross join lateral (select ${bucket} as b) h
    cross join lateral (select h.b,
        case when h.b = 0 then 'pendente' when h.b = 1 then ${refused}
          when h.b <= 2 or not ${settles} then ${decided} else ${settled ?? decided} end as status,
        case when h.b > 0 then created_at + make_interval(hours => 1 + h.b * 7) end as decided_at,
        case when h.b >= 3 and ${settles} then created_at + make_interval(days => 1 + h.b) end as settled_at) st`);
}

/**
 * The company: people, teams and 500,000 requests over five years. The indexes of `requests`
 * are dropped for the inserts and made again from their own definitions afterwards (one sort
 * each instead of 500,000 insertions into nine of them).
 */
export async function seedScale(db: Db, users: { me: Person; reviewerEmail: string }) {
  for (const kind of REQUEST_KINDS) checkOwnFields(kind);
  await seedPeopleAndTeams(db, users.reviewerEmail);
  const [approvals] = (await db.execute(sql`select id from teams where name = 'Equipe 1'`)).rows as {
    id: string;
  }[];
  const indexes = (
    await db.execute(sql`select indexname, indexdef from pg_indexes
      where tablename = 'requests' and indexname <> 'requests_pkey'`)
  ).rows as { indexname: string; indexdef: string }[];
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  for (const kind of REQUEST_KINDS) await seedKind(db, kind, users.me, approvals!.id);
  await syncOpenFlags(db);
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  for (const [i, kind] of REQUEST_KINDS.entries()) {
    await db.execute(sql`insert into service_levels (kind, target_hours) values (${kind}, ${16 + 8 * i})
      on conflict (kind) do update set target_hours = excluded.target_hours`);
  }
}
