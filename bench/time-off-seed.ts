// What the `time-off` measurement seeds (bench/time-off.ts): a 5,000-person company's HR data
// (docs/decisions/060). Everyone has an admission date ('dados_funcionais', 1 to 15 years ago), a
// tenth of them two unjustified absences, and absences as the form stores them (the kind's own
// fields in `dados`, checked by the request store's `insertValues`): two past 'Férias' drawn from
// earlier acquisition periods, one absence in the measured month ('Férias' for four in five, a day
// off or a leave for the rest), one day off in an earlier month, and for one in four a pending
// 'Férias' later in the year. Behind them, 100,000 closed support tickets, so that absences are
// a few of the table's rows, as they are in a company's (decision 034, bench/scale-seed.ts).
import { sql } from "drizzle-orm";
import { addDays } from "@/domain/dates";
import { ABSENCE_TYPE_VALUES } from "@/domain/requests/kinds/ausencia/options";
import { businessDaysInPeriod } from "@/domain/sla/business-hours";
import { isOfficeHoliday } from "@/domain/sla/holidays";
import { acquisitionPeriods } from "@/domain/time-off/acquisition";
import { vacationPaymentDate } from "@/domain/time-off/vacation-rules";
import type { Db } from "../src/server/db/client";
import {
  requests,
  staffRecords,
  teamMembers,
  teams,
  unjustifiedAbsences,
  users,
} from "../src/server/db/schema";
import { insertValues } from "../src/server/modules/requests/request-store";

export const TIME_OFF_PEOPLE = 5_000;
export const OTHER_REQUESTS = 100_000;
const BATCH = 500;

const FIRST =
  "Ana Bruno Carla Daniel Eduarda Felipe Gabriela Henrique Isabela João Juliana Lucas Mariana Mateus Natália Otávio Patrícia Rafael Sabrina Thiago Vanessa Vinícius Beatriz Caio Débora Érico Fernanda Gustavo Helena Igor Larissa Leonardo Luana Marcelo Marina Paulo Renata Rodrigo Sílvia Tatiane André Camila Diego Letícia Pedro Priscila Ricardo Simone Tiago Yasmin".split(
    " ",
  );
const MIDDLE = "Silva Souza Oliveira Santos Pereira Costa Rodrigues Almeida Nascimento Lima".split(" ");
const LAST = "Araújo Fernandes Carvalho Gomes Martins Rocha Ribeiro Alves Monteiro Mendes".split(" ");
const OTHER_TYPES = ABSENCE_TYPE_VALUES.filter((tipo) => tipo !== "ferias");

type Person = { id: string; name: string; email: string; admission: string };
type Absence = {
  person: Person;
  tipo: string;
  first: string;
  last: string;
  status: "aprovado" | "pendente";
  periodStart?: string;
  sold?: number;
};

/** Person `n` (0-based): 5,000 different names, admitted 400 to 5,400 days before `today`. */
function personOf(n: number, today: string): Person {
  const name = `${FIRST[n % 50]} ${MIDDLE[Math.floor(n / 50) % 10]} ${LAST[Math.floor(n / 500) % 10]}`;
  return {
    id: `ferias-p${n}`,
    name,
    email: `ferias${n}@agencia.digital`,
    admission: addDays(today, -(400 + ((n * 137) % 5_000))),
  };
}

/** Each person's absences: the month's one, two past vacations, a day off, maybe a pending vacation. */
function absencesOf(person: Person, n: number, today: string, monthFirst: string): Absence[] {
  const periods = acquisitionPeriods(person.admission, today).filter((p) => p.end < today);
  const latest = periods.at(-1)!;
  const inMonth = addDays(monthFirst, n % 20);
  const out: Absence[] = [];
  if (n % 5 === 0) {
    const tipo = OTHER_TYPES[(n / 5) % OTHER_TYPES.length]!;
    out.push({ person, tipo, first: inMonth, last: addDays(inMonth, n % 4), status: "aprovado" });
  } else {
    const days = n % 3 === 0 ? 20 : 14;
    const sold = days === 20 && n % 7 === 0 ? 10 : 0;
    const last = addDays(inMonth, days - 1);
    out.push({
      person,
      tipo: "ferias",
      first: inMonth,
      last,
      status: "aprovado",
      periodStart: latest.start,
      sold,
    });
  }
  // Two of the earlier periods' vacations, each taken a few months into its concession.
  for (const period of periods.slice(-3, -1)) {
    const first = addDays(period.end, 30 + (n % 150));
    out.push({
      person,
      tipo: "ferias",
      first,
      last: addDays(first, 14),
      status: "aprovado",
      periodStart: period.start,
    });
  }
  const dayOff = addDays(monthFirst, -40 - (n % 200));
  out.push({ person, tipo: "folga", first: dayOff, last: dayOff, status: "aprovado" });
  if (n % 4 === 1) {
    const first = addDays(monthFirst, 60 + (n % 90));
    out.push({
      person,
      tipo: "ferias",
      first,
      last: addDays(first, 9),
      status: "pendente",
      periodStart: latest.start,
    });
  }
  return out;
}

function rowOf(absence: Absence) {
  const { person, tipo, first, last, status } = absence;
  const createdAt = new Date(`${addDays(first, -45)}T12:00:00-03:00`);
  const vacation = tipo === "ferias";
  return {
    ...insertValues("ausencia", {
      nome: person.name,
      tipo,
      primeiroDia: first,
      ultimoDia: last,
      diasUteis: businessDaysInPeriod(first, last),
      observacao: null,
      ...(vacation
        ? {
            diasVendidos: absence.sold || null,
            dataPagamento: vacationPaymentDate(first, isOfficeHoliday),
            periodoAquisitivo: absence.periodStart ?? null,
          }
        : {}),
      userId: person.id,
      createdAt,
      statusChangedAt: status === "aprovado" ? new Date(createdAt.getTime() + 86_400_000) : createdAt,
    }),
    status,
    aberta: status !== "aprovado",
    ...(status === "aprovado"
      ? { decidedAt: new Date(createdAt.getTime() + 86_400_000), decidedBy: "RH do bench" }
      : {}),
  };
}

async function inBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Closed support tickets by everyone over five years, one SQL statement. */
async function seedOtherRequests(db: Db) {
  await db.execute(sql`insert into requests (kind, user_id, status, aberta, created_at, status_changed_at,
      decided_at, decided_by, rota, dados)
    select 'suporte', 'ferias-p' || (g % ${TIME_OFF_PEOPLE}), 'resolvido', false, t, t + interval '3 hours',
      t + interval '3 hours', 'Suporte', 'ti', jsonb_build_object('nome', u.name, 'email', u.email,
        'assunto', 'Chamado ' || g, 'descricao', 'O computador não liga depois da atualização.', 'prioridade', 'media')
    from generate_series(1, ${OTHER_REQUESTS}) g
      cross join lateral (select now() - make_interval(mins => g * 26) as t) c
      join users u on u.id = 'ferias-p' || (g % ${TIME_OFF_PEOPLE})`);
}

/**
 * The company, RH's team (which handles 'Ausência', so its member is RH) and the absences;
 * answers the number of absences stored and of them those touching the month.
 */
export async function seedTimeOff(db: Db, options: { hrEmail: string; today: string; month: string }) {
  const monthFirst = `${options.month}-01`;
  const people = Array.from({ length: TIME_OFF_PEOPLE }, (_, n) => personOf(n, options.today));
  await inBatches(people, (batch) =>
    db.insert(users).values(batch.map(({ id, name, email }) => ({ id, name, email, emailVerified: true }))),
  );
  await inBatches(people, (batch) =>
    db.insert(staffRecords).values(batch.map((p) => ({ email: p.email, dataAdmissao: p.admission }))),
  );
  const unjustified = people
    .filter((_, n) => n % 10 === 3)
    .flatMap((p, i) =>
      [40, 95].map((back) => ({ email: p.email, data: addDays(options.today, -back - (i % 30)) })),
    );
  await inBatches(unjustified, (batch) => db.insert(unjustifiedAbsences).values(batch));
  const [team] = await db
    .insert(teams)
    .values({ name: "RH do bench", kinds: ["ausencia"], departamentos: [] })
    .returning({ id: teams.id });
  await db.insert(teamMembers).values({ teamId: team!.id, email: options.hrEmail.toLowerCase() });
  const absences = people.flatMap((p, n) => absencesOf(p, n, options.today, monthFirst));
  await inBatches(absences.map(rowOf), (batch) => db.insert(requests).values(batch));
  await seedOtherRequests(db);
  return { absences: absences.length, vacations: absences.filter((a) => a.tipo === "ferias").length };
}
