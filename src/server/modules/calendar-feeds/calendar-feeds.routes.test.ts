import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { expect, it } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { loggerOptions } from "../../app";
import { joinTeam, type Person, person } from "../../testing/people";
import { postAusencia } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * 'Assinar calendário' (docs/decisions/060), from the attacks first: the address is the only
 * credential, so an unknown, replaced, revoked or deactivated owner's address is a 404 like any
 * other; the 'Quem está fora' feed carries names and periods, never an absence's type or note.
 * The feeds are read back by ical.js, an iCalendar parser nobody here wrote.
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

const me = (ctx: TestContext, who: Person | null, method: "GET" | "POST" | "DELETE" = "GET") =>
  ctx.app.inject({ method, url: "/api/me/calendario", headers: who ? { cookie: who.cookie } : {} });

async function links(ctx: TestContext, who: Person) {
  const res = await me(ctx, who, "POST");
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { quemEstaFora: string; minhasAusencias: string; criadoEm: string };
}

/** A feed by its absolute address, through the app (the path only). */
const fetchFeed = (ctx: TestContext, url: string) => ctx.app.inject({ url: new URL(url).pathname });

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      description: event.description,
    };
  });
}

async function act(ctx: TestContext, who: Person, id: string, acao: string) {
  const res = await ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/ausencia/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: { acao },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function absence(ctx: TestContext, who: Person, fields: Record<string, string>, rh?: Person) {
  const res = await postAusencia(ctx, who, fields);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  if (rh) {
    await act(ctx, rh, id, "assumir");
    await act(ctx, rh, id, "aprovar");
  }
  return id;
}

describeWithApp(
  "'Assinar calendário' (docs/decisions/060)",
  {
    env: { REQUIRE_EMAIL_VERIFICATION: "false" },
    logger: { ...(loggerOptions("info") as object), stream: logStream },
  },
  (ctx) => {
    it("signed out: 401 on the person's address, whatever the method", async () => {
      for (const method of ["GET", "POST", "DELETE"] as const) {
        expect((await me(ctx(), null, method)).statusCode).toBe(401);
      }
    });

    it("an unknown, malformed, replaced or revoked address, and a deactivated owner's, answer 404", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      expect((await me(ctx(), ana)).json()).toEqual({ ativo: false, criadoEm: null });
      const first = await links(ctx(), ana);
      expect(first.quemEstaFora).toMatch(
        /^http:\/\/localhost:3000\/calendario\/[A-Za-z0-9_-]{43}\/quem-esta-fora\.ics$/,
      );
      expect(first.minhasAusencias.replace("minhas-ausencias", "quem-esta-fora")).toBe(first.quemEstaFora);
      expect((await me(ctx(), ana)).json()).toMatchObject({ ativo: true });
      expect((await fetchFeed(ctx(), first.quemEstaFora)).statusCode).toBe(200);

      const token = new URL(first.quemEstaFora).pathname.split("/")[2]!;
      const other = `${token[0] === "A" ? "B" : "A"}${token.slice(1)}`;
      for (const path of [
        `/calendario/${other}/quem-esta-fora.ics`,
        `/calendario/${other}/minhas-ausencias.ics`,
        "/calendario/curto/quem-esta-fora.ics",
        `/calendario/${token}x/quem-esta-fora.ics`,
      ]) {
        const res = await ctx().app.inject({ url: path });
        expect(res.statusCode, path).toBe(404);
        expect(res.json().message).toBe("Calendário não encontrado");
      }

      // 'Gerar novo link': the old address stops at once.
      const second = await links(ctx(), ana);
      expect(second.quemEstaFora).not.toBe(first.quemEstaFora);
      expect((await fetchFeed(ctx(), first.quemEstaFora)).statusCode).toBe(404);
      expect((await fetchFeed(ctx(), first.minhasAusencias)).statusCode).toBe(404);
      expect((await fetchFeed(ctx(), second.minhasAusencias)).statusCode).toBe(200);

      // Only the hash is kept.
      const stored = await ctx().database.db.execute(sql`select token_hash from assinaturas_calendario`);
      const newToken = new URL(second.quemEstaFora).pathname.split("/")[2]!;
      expect(JSON.stringify(stored.rows)).not.toContain(newToken);

      // Deactivated: both feeds 404; active again, they answer.
      await ctx().database.db.execute(sql`update users set deactivated_at = now() where id = ${ana.user.id}`);
      expect((await fetchFeed(ctx(), second.quemEstaFora)).statusCode).toBe(404);
      expect((await fetchFeed(ctx(), second.minhasAusencias)).statusCode).toBe(404);
      await ctx().database.db.execute(sql`update users set deactivated_at = null where id = ${ana.user.id}`);
      expect((await fetchFeed(ctx(), second.quemEstaFora)).statusCode).toBe(200);

      // Revoked.
      expect((await me(ctx(), ana, "DELETE")).statusCode).toBe(200);
      expect((await me(ctx(), ana)).json()).toEqual({ ativo: false, criadoEm: null });
      expect((await fetchFeed(ctx(), second.quemEstaFora)).statusCode).toBe(404);
      expect((await fetchFeed(ctx(), second.minhasAusencias)).statusCode).toBe(404);
    });

    it("'Quem está fora' carries names, periods and holidays only; the own feed the person's types", async () => {
      const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
      await joinTeam(ctx(), "rh", rita.email);
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      const day = (n: number) => addDays(todayInSaoPaulo(), n);
      const note = "Consulta no cardiologista";
      const anas = await absence(
        ctx(),
        ana,
        { tipo: "licenca", primeiroDia: day(20), ultimoDia: day(22), observacao: note },
        rita,
      );
      const anasPending = await absence(ctx(), ana, {
        tipo: "folga",
        primeiroDia: day(40),
        ultimoDia: day(40),
      });
      await absence(ctx(), bruno, { tipo: "banco_horas", primeiroDia: day(30), ultimoDia: day(30) }, rita);
      await absence(ctx(), bruno, { tipo: "folga", primeiroDia: day(60), ultimoDia: day(61) });

      const anaLinks = await links(ctx(), ana);
      const res = await fetchFeed(ctx(), anaLinks.quemEstaFora);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      for (const secret of [
        note,
        "Licença",
        "Banco de horas",
        "Folga",
        "Férias",
        "ana@",
        "bruno@",
        "cardiologista",
      ]) {
        expect(res.body).not.toContain(secret);
      }
      const whoIsAway = events(res.body);
      const people = whoIsAway.filter((event) => event.uid.startsWith("ausencia-"));
      expect(people.map(({ summary, start, end }) => ({ summary, start, end }))).toEqual([
        { summary: "Ana Souza", start: day(20), end: day(23) },
        { summary: "Bruno Lima", start: day(30), end: day(31) },
      ]);
      expect(people.every((event) => event.allDay && !event.description)).toBe(true);
      // The office's holidays in the window: there is always a Christmas within a year.
      const holidays = whoIsAway.filter((event) => event.uid.startsWith("feriado-"));
      expect(holidays.some((event) => event.start.endsWith("-12-25") && event.summary.length > 0)).toBe(true);
      expect(holidays.every((event) => event.allDay && event.end === addDays(event.start, 1))).toBe(true);

      const own = await fetchFeed(ctx(), anaLinks.minhasAusencias);
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain(note);
      expect(own.body).not.toContain("Bruno");
      expect(events(own.body).map(({ uid, summary, start, end }) => ({ uid, summary, start, end }))).toEqual([
        { uid: `minha-ausencia-${anas}@balcao`, summary: "Outra licença", start: day(20), end: day(23) },
        {
          uid: `minha-ausencia-${anasPending}@balcao`,
          summary: "Folga (aguardando aprovação)",
          start: day(40),
          end: day(41),
        },
      ]);

      // Someone else's address serves their own absences, never Ana's.
      const brunoLinks = await links(ctx(), bruno);
      const brunos = events((await fetchFeed(ctx(), brunoLinks.minhasAusencias)).body);
      expect(brunos.map((event) => event.summary)).toEqual([
        "Banco de horas",
        "Folga (aguardando aprovação)",
      ]);

      // A cancelled absence leaves both feeds.
      await act(ctx(), ana, anas, "cancelar");
      const after = (await fetchFeed(ctx(), anaLinks.quemEstaFora)).body;
      expect(after).not.toContain("Ana Souza");
      expect(events((await fetchFeed(ctx(), anaLinks.minhasAusencias)).body)).toHaveLength(1);
    });

    it("the address never reaches the log; the feeds are counted per address like other public links", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      logLines.length = 0;
      const made = await links(ctx(), ana);
      const token = new URL(made.quemEstaFora).pathname.split("/")[2]!;
      await fetchFeed(ctx(), made.quemEstaFora);
      await fetchFeed(ctx(), made.minhasAusencias);
      await ctx().app.inject({ url: `/calendario/${token.slice(1)}/quem-esta-fora.ics` });
      const log = logLines.join("\n");
      expect(log).toContain("/calendario/[redacted]/quem-esta-fora.ics");
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.slice(1));

      await ctx().database.db.execute(
        sql`update rate_limits set count = 600 where key like 'calendar-feed:ip:%'`,
      );
      const limited = await fetchFeed(ctx(), made.quemEstaFora);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();
    });
  },
);
