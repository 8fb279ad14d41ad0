import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import {
  type Person,
  seedClients,
  seedJobOpenings,
  seedPeople,
  seedPlans,
  seedRequests,
  seedReviewTeam,
} from "./testing/seed";
import {
  buildCountingApp,
  type CountingApp,
  ownStatements,
  type Statement,
  signInCookie,
} from "./testing/statement-log";
import { openTestDatabase, testConfig, testDatabaseKinds } from "./testing/test-app";

/*
 * The lists' budgets of `npm run bench` (docs/bench.md) rest on claims about
 * what one request does: how many statements it sends the database, and what
 * its first page holds. These check them through the real app, on data seeded
 * through the schema, with a logger that counts the statements.
 */

const PASSWORD = "segredo123";
const ME = "lista@agencia.digital";
const REVIEWER = "revisora@agencia.digital";
/** Per kind, for 'Minhas solicitações' (and as many for someone else). */
const OWN_PER_KIND = 30;
/** Plans of the user (and as many of someone else), openings: three pages of 30 and a bit. */
const PLANS = 70;
const OPENINGS = 70;
/** Per kind and requester, in the reviewer's queue. */
const QUEUED_PER_KIND = 20;
const REQUESTERS = 3;

type Page<T> = { items: T[]; nextCursor: string | null; total?: number | null };

const times = (items: { [key: string]: unknown }[], field: string) =>
  items.map((item) => Date.parse(String(item[field])));
const newestFirst = (t: number[]) => t.every((v, i) => i === 0 || v <= t[i - 1]!);
const oldestFirst = (t: number[]) => t.every((v, i) => i === 0 || v >= t[i - 1]!);

for (const kind of testDatabaseKinds()) {
  describe(`The lists: one statement a page, and what the first page holds [${kind}]`, () => {
    let counting: CountingApp;
    let drop = async () => {};
    let me: { id: string; cookie: string; lookup: Statement[] };
    let reviewer: { id: string; cookie: string; lookup: Statement[] };
    let other: Person;

    async function signUp(email: string, name: string) {
      const registered = await counting.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      if (registered.statusCode !== 201) throw new Error(registered.body);
      const cookie = await signInCookie(counting.app, email, PASSWORD);
      const session = await counting.get("/api/me", cookie);
      const { user } = JSON.parse(session.body) as { user: { id: string } };
      return { id: user.id, cookie, lookup: session.statements };
    }

    /** Every page of `url`, each with its own statements (beyond the session lookup). */
    async function walk<T>(url: string, who: { cookie: string; lookup: Statement[] }) {
      const pages: { page: Page<T>; own: Statement[] }[] = [];
      let next: string | null = url;
      while (next !== null && pages.length < 50) {
        const answer = await counting.get(next, who.cookie);
        expect(answer.status, answer.body).toBe(200);
        const page = JSON.parse(answer.body) as Page<T>;
        pages.push({ page, own: ownStatements(answer.statements, who.lookup) });
        const sep = url.includes("?") ? "&" : "?";
        next = page.nextCursor ? `${url}${sep}cursor=${encodeURIComponent(page.nextCursor)}` : null;
      }
      return pages;
    }

    beforeAll(async () => {
      const opened = await openTestDatabase(kind);
      drop = opened.drop;
      const config = testConfig({
        REQUIRE_EMAIL_VERIFICATION: "false",
        VAGAS_MANAGERS: ME,
        PLANNING_MANAGERS: ME,
      });
      counting = await buildCountingApp(opened.database, config);
      me = await signUp(ME, "Pessoa da Lista");
      reviewer = await signUp(REVIEWER, "Revisora");

      // Seeded beside the app, not through it: these statements are not logged.
      const db = opened.database.db;
      const meAsPerson = { id: me.id, name: "Pessoa da Lista", email: ME };
      other = (await seedPeople(db, "outra", 1))[0]!;
      const requesters = await seedPeople(db, "solicitante", REQUESTERS);
      await seedRequests(db, {
        owners: [
          { person: meAsPerson, offsetMinutes: 0 },
          { person: other, offsetMinutes: 52 },
        ],
        perKind: OWN_PER_KIND,
        everyMinutes: 105,
      });
      await seedRequests(db, {
        owners: requesters.map((person, i) => ({ person, offsetMinutes: 7 * i })),
        perKind: QUEUED_PER_KIND,
        everyMinutes: 33,
      });
      await seedRequests(db, {
        owners: [{ person: { id: reviewer.id, name: "Revisora", email: REVIEWER }, offsetMinutes: 1 }],
        perKind: 2,
        everyMinutes: 10_000,
      });
      await seedReviewTeam(db, "Mesa de revisão", [REVIEWER]);
      const clients = await seedClients(db, 4);
      await seedPlans(db, { userId: me.id, clients, count: PLANS, everyHours: 7 });
      await seedPlans(db, { userId: other.id, clients, count: PLANS, everyHours: 7, offsetHours: 3.5 });
      const creators = await seedPeople(db, "criadora", 2);
      await seedJobOpenings(db, {
        creatorIds: [me.id, creators[0]!.id, creators[1]!.id, null],
        client: clients[0]!,
        count: OPENINGS,
        everyHours: 9,
      });
      // The reviewer is in a team now: the session lookup as it is for a member.
      reviewer.lookup = (await counting.get("/api/me", reviewer.cookie)).statements;
    });

    afterAll(async () => {
      await counting?.close();
      await drop();
    });

    it("'Minhas solicitações': the first page holds the newest 20 of every kind, with the total, in the page's statement and the count's; later pages in one", async () => {
      type Item = { tipo: string; createdAt: string };
      const pages = await walk<Item>("/api/solicitacoes?limit=20", me);
      const [first, ...rest] = pages;
      expect(first!.page.items).toHaveLength(20);
      expect(first!.page.total).toBe(OWN_PER_KIND * REQUEST_KINDS.length);
      expect(new Set(first!.page.items.map((item) => item.tipo))).toEqual(new Set(REQUEST_KINDS));
      expect(first!.own).toHaveLength(2);
      expect(rest.every((p) => p.own.length === 1)).toBe(true);
      const all = pages.flatMap((p) => p.page.items);
      expect(all).toHaveLength(OWN_PER_KIND * REQUEST_KINDS.length);
      expect(newestFirst(times(all, "createdAt"))).toBe(true);
    });

    it("/planejamento/lista: pages of 30 of the user's own plans, newest first, with client and counts, one statement each", async () => {
      type Item = {
        id: string;
        cliente_nome: string | null;
        created_at: string;
        insights_count: number;
        has_calendar: boolean;
      };
      const pages = await walk<Item>("/api/planejamentos", me);
      expect(pages[0]!.page.items).toHaveLength(30);
      expect(pages.map((p) => p.own.length)).toEqual(pages.map(() => 1));
      expect(pages[0]!.own[0]!.sql).toContain('"planejamentos_conteudo"');
      const all = pages.flatMap((p) => p.page.items);
      expect(all).toHaveLength(PLANS);
      expect(new Set(all.map((p) => p.id)).size).toBe(PLANS);
      expect(newestFirst(times(all, "created_at"))).toBe(true);
      for (const plan of all) {
        expect(plan.cliente_nome).toMatch(/^Cliente \d$/);
        expect(plan.insights_count).toBeGreaterThan(0);
        expect(plan.has_calendar).toBe(true);
      }
    });

    it("/vagas: pages of 30 of every opening, newest first, the creator joined where there is one, one statement each", async () => {
      type Item = { id: string; data_criacao: string; users: { name: string; email: string } | null };
      const pages = await walk<Item>("/api/vagas", me);
      expect(pages[0]!.page.items).toHaveLength(30);
      expect(pages.map((p) => p.own.length)).toEqual(pages.map(() => 1));
      const all = pages.flatMap((p) => p.page.items);
      expect(all).toHaveLength(OPENINGS);
      expect(newestFirst(times(all, "data_criacao"))).toBe(true);
      expect(all.filter((o) => o.users === null)).toHaveLength(Math.floor(OPENINGS / 4));
      expect(all.filter((o) => o.users?.email === ME).length).toBeGreaterThan(0);
    });

    it("'Caixa de entrada': the oldest open requests of every kind but the reviewer's own, with their requester, in a fixed number of statements a page", async () => {
      type Item = { tipo: string; createdAt: string; solicitante: { email: string } };
      const pages = await walk<Item>("/api/caixa", reviewer);
      const first = pages[0]!;
      expect(first.page.items).toHaveLength(30);
      expect(new Set(first.page.items.map((item) => item.tipo))).toEqual(new Set(REQUEST_KINDS));
      // The page itself, one for the flags of each paid kind on it (decision 015, whatever the page's size),
      // and one for the service-level targets: never one per row.
      const paidKinds = (p: (typeof pages)[number]) =>
        new Set(p.page.items.map((i) => i.tipo).filter((t) => requestKind(t as RequestKind).payment)).size;
      expect(pages.map((p) => p.own.length)).toEqual(pages.map((p) => 2 + paidKinds(p)));
      expect(first.own[0]!.sql).toMatch(/from "requests" r/);
      const all = pages.flatMap((p) => p.page.items);
      // Everyone's open requests (the list user's, someone else's, the requesters'), none of the reviewer's.
      const expected = (2 * OWN_PER_KIND + REQUESTERS * QUEUED_PER_KIND) * REQUEST_KINDS.length;
      expect(all).toHaveLength(expected);
      expect(all.some((item) => item.solicitante.email === REVIEWER)).toBe(false);
      expect(oldestFirst(times(all, "createdAt"))).toBe(true);
    });

    it("the session lookup is the same statements for every signed-in request, so a route's own are told apart", async () => {
      expect(me.lookup.some((s) => s.sql.includes('"sessions"'))).toBe(true);
      const again = await counting.get("/api/caixa/contagem", reviewer.cookie);
      expect(ownStatements(again.statements, reviewer.lookup)).toHaveLength(1);
    });
  });
}
