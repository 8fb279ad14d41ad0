import { expect, it } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import type { PeopleList } from "@/domain/people/api";
import type { TeamBalances, VacationBalanceView } from "@/domain/time-off/vacation-api";
import type { App } from "../../app";
import { multipartBody } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp } from "../../testing/test-app";

/*
 * Who reads and records what of vacations (docs/decisions/060): a person reads only their own
 * balance; admission dates, unjustified absences and everyone's balances are RH's (a member of a
 * team that handles 'Ausência', or an administrator); 'Pessoas' opens to RH for the dates while
 * switching accounts off stays the administrators'. Bad input is 400 in Portuguese, the CSV import
 * is all or nothing, an oversized file 413.
 */

const env = { ADMIN_EMAILS: "admin@agencia.digital" };
const today = todayInSaoPaulo();

const get = (app: App, url: string, who?: Person) =>
  app.inject({ url, ...(who ? { headers: { cookie: who.cookie } } : {}) });

const send = (
  app: App,
  method: "PUT" | "POST" | "DELETE",
  url: string,
  who: Person | null,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    ...(who ? { headers: { cookie: who.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });

async function importCsv(app: App, who: Person | null, content: string | Uint8Array) {
  const body = await multipartBody({}, [
    { field: "arquivo", name: "admissoes.csv", type: "text/csv", content },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/ferias/admissoes/importar",
    headers: { ...(who ? { cookie: who.cookie } : {}), ...body.headers },
    payload: body.payload,
  });
}

const RH_ONLY: [string, "GET" | "PUT" | "POST" | "DELETE", object?][] = [
  ["/api/ferias/equipe", "GET"],
  ["/api/ferias/faltas?email=bia@agencia.digital", "GET"],
  ["/api/ferias/admissoes", "PUT", { email: "ana@agencia.digital", dataAdmissao: "2020-01-02" }],
  ["/api/ferias/faltas", "POST", { email: "ana@agencia.digital", data: "2025-01-02" }],
  ["/api/ferias/faltas/00000000-0000-4000-8000-000000000000", "DELETE"],
];

describeWithApp("vacation balances: who reads and records what (decision 060)", { env }, (ctx) => {
  it("signed out is 401, anyone but RH 403, on every RH route and the import", async () => {
    const app = ctx().app;
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    expect((await get(app, "/api/me/ferias")).statusCode).toBe(401);
    for (const [url, method, payload] of RH_ONLY) {
      const out = method === "GET" ? await get(app, url) : await send(app, method, url, null, payload);
      expect(out.statusCode, `${method} ${url}`).toBe(401);
      const mine = method === "GET" ? await get(app, url, ana) : await send(app, method, url, ana, payload);
      expect(mine.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await importCsv(app, null, "ana@agencia.digital;01/02/2020")).statusCode).toBe(401);
    expect((await importCsv(app, ana, "ana@agencia.digital;01/02/2020")).statusCode).toBe(403);
    // 'Pessoas': RH lists (for the dates); switching off stays the administrators'.
    expect((await get(app, "/api/admin/pessoas", ana)).statusCode).toBe(403);
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    expect((await get(app, "/api/admin/pessoas", rita)).statusCode).toBe(200);
    expect((await send(app, "POST", `/api/admin/pessoas/${ana.user.id}/desativar`, rita)).statusCode).toBe(
      403,
    );
  });

  it("a person reads only their own balance; RH sets and clears dates and reads everyone's", async () => {
    const app = ctx().app;
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const admission = addDays(today, -400);
    const set = await send(app, "PUT", "/api/ferias/admissoes", rita, {
      email: " BIA@agencia.digital ",
      dataAdmissao: admission,
    });
    expect(set.statusCode, set.body).toBe(200);

    const anas = (await get(app, "/api/me/ferias", ana)).json() as VacationBalanceView;
    expect(anas).toEqual({ dataAdmissao: null, periodos: [], totalRestante: 0, proximoLimite: null });
    // The own balance takes no one's address: a query naming another person is ignored, and the
    // caller's own balance (Ana's, with no admission date) comes back.
    const asked = await get(app, "/api/me/ferias?email=bia@agencia.digital", ana);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual(anas);
    const bias = (await get(app, "/api/me/ferias", bia)).json() as VacationBalanceView;
    expect(bias.dataAdmissao).toBe(admission);
    expect(bias.totalRestante).toBe(30);
    expect(bias.periodos[0]).toMatchObject({ numero: 1, direito: 30, restantes: 30, completo: true });

    const listed = (await get(app, "/api/admin/pessoas", rita)).json() as PeopleList;
    expect(listed.pessoas.find((p) => p.email === "bia@agencia.digital")?.dataAdmissao).toBe(admission);

    const team = (await get(app, "/api/ferias/equipe", rita)).json() as TeamBalances;
    expect(team.pessoas[0]).toMatchObject({ email: "bia@agencia.digital", totalRestante: 30 });
    expect(team.pessoas.at(-1)).toMatchObject({ dataAdmissao: null });

    const cleared = await send(app, "PUT", "/api/ferias/admissoes", rita, {
      email: "bia@agencia.digital",
      dataAdmissao: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect((await get(app, "/api/me/ferias", bia)).json().dataAdmissao).toBeNull();
  });

  it("bad input is 400 in Portuguese; unjustified absences reduce the period (art. 130)", async () => {
    const app = ctx().app;
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    for (const [body, fields] of [
      [{ email: "não é e-mail", dataAdmissao: "2020-01-02" }, { email: "Informe um e-mail válido" }],
      [
        { email: "bia@agencia.digital", dataAdmissao: "2020-02-31" },
        { dataAdmissao: "Informe a data de admissão (dd/mm/aaaa ou aaaa-mm-dd)" },
      ],
      [
        { email: "bia@agencia.digital", dataAdmissao: "1900-01-01" },
        { dataAdmissao: "Data de admissão fora do intervalo permitido (de 1950 até um ano à frente)" },
      ],
    ] as const) {
      const res = await send(app, "PUT", "/api/ferias/admissoes", admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    const admission = addDays(today, -400);
    await send(app, "PUT", "/api/ferias/admissoes", admin, { email: bia.email, dataAdmissao: admission });
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await send(app, "POST", "/api/ferias/faltas", admin, {
        email: bia.email,
        data: addDays(admission, 10 + n),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const again = await send(app, "POST", "/api/ferias/faltas", admin, {
      email: bia.email,
      data: addDays(admission, 10),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Essa falta já está registrada.");
    expect((await get(app, "/api/me/ferias", bia)).json().periodos[0].direito).toBe(24);
    expect((await get(app, `/api/ferias/faltas?email=${bia.email}`, admin)).json().faltas).toHaveLength(6);
    expect((await send(app, "DELETE", `/api/ferias/faltas/${ids[0]}`, admin)).statusCode).toBe(204);
    expect((await send(app, "DELETE", `/api/ferias/faltas/${ids[0]}`, admin)).statusCode).toBe(404);
    expect((await get(app, "/api/me/ferias", bia)).json().periodos[0].direito).toBe(30);
  });

  it("the CSV import: ';' or ',', BOM or not, both date forms; any refused line stores nothing; 413", async () => {
    const app = ctx().app;
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const bad = await importCsv(
      app,
      admin,
      "e-mail;data de admissão\nana@agencia.digital;01/02/2020\nsem-arroba;01/02/2020\nbia@agencia.digital;31/02/2020\nana@agencia.digital;2020-02-01\nzeca@agencia.digital;1;2\n",
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().description).toBe(
      "Nenhuma data foi importada: corrija as linhas indicadas e envie o arquivo de novo.",
    );
    expect(bad.json().fields).toEqual({
      "linha 3": 'E-mail inválido: "sem-arroba".',
      "linha 4": 'Data inválida: "31/02/2020" (use dd/mm/aaaa ou aaaa-mm-dd).',
      "linha 5": "E-mail repetido (já está na linha 2).",
      "linha 6": "A linha tem 3 colunas; são esperadas 2 (e-mail;data de admissão).",
    });
    expect(
      (await get(app, "/api/ferias/equipe", admin))
        .json()
        .pessoas.some((p: { email: string }) => p.email === "ana@agencia.digital"),
    ).toBe(false);

    const empty = await importCsv(app, admin, "\uFEFF\n\n");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      arquivo: "O arquivo está vazio: envie uma linha por pessoa, e-mail;data de admissão.",
    });

    const good = await importCsv(
      app,
      admin,
      new TextEncoder().encode(
        '\uFEFFE-mail,Data de admissão\r\n"Ana@Agencia.Digital",01/02/2020\r\nbia@agencia.digital;2021-03-04;\r\n',
      ),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ importadas: 2, mensagem: "2 datas de admissão importadas" });
    const team = (await get(app, "/api/ferias/equipe", admin)).json() as TeamBalances;
    const dates = Object.fromEntries(team.pessoas.map((p) => [p.email, p.dataAdmissao]));
    expect(dates).toMatchObject({ "ana@agencia.digital": "2020-02-01", "bia@agencia.digital": "2021-03-04" });
    // Someone RH recorded who never signed in is listed, with no name.
    expect(team.pessoas.find((p) => p.email === "ana@agencia.digital")?.nome).toBeNull();

    const huge = await importCsv(app, admin, "a@agencia.digital;01/02/2020\n".repeat(40_000));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().description ?? huge.json().message).toMatch(/grande demais|1 MB/);
  });
});
