import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { App } from "../app";
import { passwordLogin } from "../testing/auth-helpers";
import { joinTeam, type Person, person, setFinanceiro } from "../testing/people";
import { postAusencia } from "../testing/requests";
import { describeWithApp, secondInstance, type TestContext, within } from "../testing/test-app";

/*
 * Decision 030: `GET /api/eventos` stays authorised for as long as it is open. Whatever ends a
 * session ends its streams, on every instance; a change of teams narrows them; one person holds
 * at most MAX_STREAMS_PER_PERSON of them on an instance. The streams are read as a browser reads
 * them: over HTTP, from a listening server.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

type Stream = {
  status: number;
  /** Everything received so far. */
  text(): string;
  ended(): boolean;
  close(): void;
};

async function portOf(app: App): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as { port: number }).port;
}

/** Opens `/api/eventos` as `cookie`; a 200 once the stream's first line came, any other status once its body did. */
async function openStream(app: App, cookie: string): Promise<Stream> {
  const port = await portOf(app);
  return new Promise<Stream>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/eventos", headers: { cookie } }, (res) => {
      let text = "";
      let ended = false;
      const stream: Stream = {
        status: res.statusCode ?? 0,
        text: () => text,
        ended: () => ended,
        close: () => req.destroy(),
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        if (stream.status === 200) resolve(stream);
      });
      const end = () => {
        ended = true;
        resolve(stream);
      };
      res.on("end", end);
      res.on("close", end);
      res.on("error", end);
    });
    req.on("error", reject);
    req.end();
  });
}

const within5s = (check: () => boolean) => within(5000, async () => check());

/** The `event:` lines received so far, with their data. */
const eventsOf = (stream: Stream) =>
  [...stream.text().matchAll(/event: (\w+)\ndata: (.*)\n/g)].map(([, name, data]) => ({
    name: name!,
    data: JSON.parse(data!) as Record<string, unknown>,
  }));

function sendSuporte(ctx: TestContext, who: Person, departamento = "Financeiro") {
  return ctx.app
    .inject({
      method: "POST",
      url: "/api/solicitacoes/suporte",
      headers: { cookie: who.cookie },
      payload: {
        departamento,
        assunto: "Acesso ao sistema",
        descricao: "Preciso de acesso ao sistema de ponto.",
        prioridade: "alta",
      },
    })
    .then((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as string;
    });
}

/** A second session of the same person (another browser). */
async function anotherSession(ctx: TestContext, email: string) {
  const login = await passwordLogin(ctx, email);
  const set = login.headers["set-cookie"];
  return (Array.isArray(set) ? set : [set!]).map((c) => c.split(";")[0]).join("; ");
}

/** This instance, and on PostgreSQL a second one over the same database. */
async function instances(ctx: TestContext): Promise<{ apps: App[]; close(): Promise<void> }> {
  await within(5000, async () => ctx.app.liveBus.listening());
  if (ctx.kind !== "postgres") return { apps: [ctx.app], close: async () => {} };
  const second = await secondInstance(ctx);
  return { apps: [ctx.app, second], close: () => second.close() };
}

describeWithApp("GET /api/eventos stays authorised while open (decision 030)", { env }, (ctx) => {
  it("sign-out ends the session's streams on every instance; another session's stay", async () => {
    const { apps, close } = await instances(ctx());
    try {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const phone = await anotherSession(ctx(), ana.email);
      const streams = await Promise.all(apps.map((app) => openStream(app, ana.cookie)));
      const phoneStreams = await Promise.all(apps.map((app) => openStream(app, phone)));
      expect([...streams, ...phoneStreams].map((s) => s.status)).toEqual(apps.flatMap(() => [200, 200]));

      const out = await ctx().app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie: ana.cookie },
      });
      expect(out.statusCode).toBeLessThan(300);
      for (const stream of streams) {
        await within5s(() => stream.ended());
        // Its last word tells the page to ask who is signed in.
        expect(eventsOf(stream).at(-1)?.name).toBe("acesso");
      }
      expect(phoneStreams.map((s) => s.ended())).toEqual(apps.map(() => false));
      for (const s of phoneStreams) s.close();
    } finally {
      await close();
    }
  });

  it("'Sair de todas as sessões' ends every stream of that person on every instance, nobody else's", async () => {
    const { apps, close } = await instances(ctx());
    try {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      const phone = await anotherSession(ctx(), ana.email);
      const anas = await Promise.all(
        apps.flatMap((app) => [openStream(app, ana.cookie), openStream(app, phone)]),
      );
      const brunos = await Promise.all(apps.map((app) => openStream(app, bruno.cookie)));

      const out = await ctx().app.inject({
        method: "DELETE",
        url: "/api/me/sessions",
        headers: { cookie: ana.cookie },
      });
      expect(out.statusCode).toBeLessThan(300);
      for (const stream of anas) await within5s(() => stream.ended());

      // Bruno's streams are open and still hear what concerns him.
      await ctx().app.inject({
        method: "POST",
        url: "/api/notificacoes/lidas",
        headers: { cookie: bruno.cookie },
        payload: {},
      });
      for (const stream of brunos) {
        await within5s(() => eventsOf(stream).some((e) => e.name === "notification"));
        expect(stream.ended()).toBe(false);
        stream.close();
      }
    } finally {
      await close();
    }
  });

  it("a user row deleted by hand ends their streams on every instance", async () => {
    const { apps, close } = await instances(ctx());
    try {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const streams = await Promise.all(apps.map((app) => openStream(app, ana.cookie)));
      await ctx().database.db.execute(sql`delete from users where id = ${ana.user.id}`);
      for (const stream of streams) await within5s(() => stream.ended());
    } finally {
      await close();
    }
  });

  it("removal from a team narrows the open stream on every instance: the team's requests no longer reach it", async () => {
    const { apps, close } = await instances(ctx());
    try {
      const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
      await setFinanceiro(ctx(), admin, [fabio.email]);
      const streams = await Promise.all(apps.map((app) => openStream(app, fabio.cookie)));

      const before = await sendSuporte(ctx(), ana);
      for (const stream of streams)
        await within5s(() => eventsOf(stream).some((e) => e.name === "request" && e.data.id === before));

      await setFinanceiro(ctx(), admin, []);
      // The stream says its access changed, so the page asks again for what it shows.
      for (const stream of streams) await within5s(() => eventsOf(stream).some((e) => e.name === "acesso"));

      const after = await sendSuporte(ctx(), ana);
      // Fábio's own bell comes after Ana's request on the bus: once it is in, the request would be too.
      await ctx().app.inject({
        method: "POST",
        url: "/api/notificacoes/lidas",
        headers: { cookie: fabio.cookie },
        payload: {},
      });
      for (const stream of streams) {
        await within5s(() => eventsOf(stream).some((e) => e.name === "notification"));
        expect(eventsOf(stream).some((e) => e.data.id === after)).toBe(false);
        expect(stream.ended()).toBe(false);
        stream.close();
      }
    } finally {
      await close();
    }
  });

  it("one person holds at most 10 streams on an instance: the 11th answers 429 in Portuguese, a closed one frees its place", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
    const streams: Stream[] = [];
    for (let i = 0; i < 10; i++) streams.push(await openStream(ctx().app, ana.cookie));
    expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));

    const eleventh = await openStream(ctx().app, ana.cookie);
    expect(eleventh.status).toBe(429);
    expect(JSON.parse(eleventh.text())).toMatchObject({
      message: "Muitas conexões abertas",
      code: "TOO_MANY_STREAMS",
    });
    // Someone else is not counted against her.
    const brunos = await openStream(ctx().app, bruno.cookie);
    expect(brunos.status).toBe(200);
    brunos.close();

    streams.pop()!.close();
    await within(5000, async () => {
      const again = await openStream(ctx().app, ana.cookie);
      if (again.status === 200) streams.push(again);
      return again.status === 200;
    });
    for (const s of streams) s.close();
  });

  it("an absence approved or called off tells every open stream on every instance, by its name only (decision 040)", async () => {
    const { apps, close } = await instances(ctx());
    try {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
      const ze = await person(ctx(), "ze@agencia.digital", "Zé Colega");
      await joinTeam(ctx(), "rh", rita.email);
      const sent = await postAusencia(ctx(), ana);
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json().id as string;
      const act = async (who: Person, acao: string) => {
        const res = await ctx().app.inject({
          method: "POST",
          url: `/api/solicitacoes/ausencia/${id}/acoes`,
          headers: { cookie: who.cookie },
          payload: { acao },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      // Everyone's streams, the author's, the reviewer's and a colleague's with nothing to do with it.
      const streams = await Promise.all(
        apps.flatMap((app) => [ana, rita, ze].map((who) => openStream(app, who.cookie))),
      );
      const heard = (stream: Stream) => eventsOf(stream).filter((e) => e.name === "ausencias");

      // Taking it changes nobody's calendar.
      await act(rita, "assumir");
      await within5s(() => eventsOf(streams[1]!).some((e) => e.name === "request"));
      expect(streams.map((s) => heard(s).length)).toEqual(streams.map(() => 0));

      await act(rita, "aprovar");
      for (const stream of streams) await within5s(() => heard(stream).length === 1);
      expect(heard(streams[2]!)[0]!.data).toEqual({});
      // The colleague hears nothing of the request itself.
      expect(eventsOf(streams[2]!).map((e) => e.name)).toEqual(["ausencias"]);

      await act(ana, "cancelar");
      for (const stream of streams) await within5s(() => heard(stream).length === 2);
      for (const s of streams) s.close();
    } finally {
      await close();
    }
  });
});
