import { expect, it } from "vitest";
import type { PeopleList } from "@/domain/people/api";
import type { App } from "../../app";
import { clickMagicLink, PASSWORD } from "../../testing/auth-helpers";
import { joinTeam, type Person, person } from "../../testing/people";
import { sendReembolso } from "../../testing/requests";
import { describeWithApp, secondInstance, within } from "../../testing/test-app";

/*
 * 'Pessoas' (docs/decisions/048): an administrator switches off the account of someone who left.
 * Their sessions end at once on every instance, they leave every team (in its history), every way
 * of signing in answers 'Conta desativada. Fale com o administrador.' behind the right password (a
 * magic link answers as for an unknown address), nothing is e-mailed to
 * them, and their requests stay with their name. Nobody but an administrator may do any of it.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };
const DEACTIVATED = "Conta desativada. Fale com o administrador.";

const people = async (app: App, who: Person, busca?: string) => {
  const response = await app.inject({
    url: `/api/admin/pessoas${busca ? `?busca=${encodeURIComponent(busca)}` : ""}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PeopleList).pessoas;
};

const switchAccount = (app: App, who: Person | null, id: string, action: "desativar" | "reativar") =>
  app.inject({
    method: "POST",
    url: `/api/admin/pessoas/${id}/${action}`,
    ...(who ? { headers: { cookie: who.cookie } } : {}),
  });

const me = (app: App, who: Person) => app.inject({ url: "/api/me", headers: { cookie: who.cookie } });

const login = (app: App, email: string, password = PASSWORD) =>
  app.inject({ method: "POST", url: "/api/login", payload: { email, password } });

describeWithApp("'Pessoas': deactivating an account (decision 048)", { env }, (ctx) => {
  it("only an administrator lists or switches accounts; ADMIN_EMAILS and oneself cannot be switched off", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const app = ctx().app;
    expect((await app.inject({ url: "/api/admin/pessoas" })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: "/api/admin/pessoas", headers: { cookie: ana.cookie } })).statusCode,
    ).toBe(403);
    expect((await switchAccount(app, null, admin.user.id, "desativar")).statusCode).toBe(401);
    expect((await switchAccount(app, ana, admin.user.id, "desativar")).statusCode).toBe(403);
    expect((await switchAccount(app, ana, ana.user.id, "desativar")).statusCode).toBe(403);
    expect((await switchAccount(app, admin, "no-such-id", "desativar")).statusCode).toBe(404);
    const self = await switchAccount(app, admin, admin.user.id, "desativar");
    expect(self.statusCode).toBe(409);
    expect(self.json().description).toMatch(/ADMIN_EMAILS/);
    expect((await me(app, admin)).statusCode).toBe(200);

    const listed = await people(app, admin);
    expect(listed.map((p) => p.email).sort()).toEqual(["admin@agencia.digital", "ana@agencia.digital"]);
    const anaRow = listed.find((p) => p.email === "ana@agencia.digital")!;
    expect(anaRow).toMatchObject({ nome: "Ana Souza", situacao: "ativa", administrador: false });
    expect(anaRow.ultimoAcesso).not.toBeNull();
    expect((await people(app, admin, "souza")).map((p) => p.email)).toEqual(["ana@agencia.digital"]);
    expect(await people(app, admin, "100%_")).toEqual([]);
  });

  it("ends the sessions, leaves the teams, refuses every way in and e-mails nothing; reactivating lets in again", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const carla = await person(ctx(), "carla@agencia.digital", "Carla Dias");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "financeiro", carla.email);
    const app = ctx().app;
    const id = await sendReembolso(ctx(), fabio);
    expect((await me(app, fabio)).statusCode).toBe(200);

    expect((await switchAccount(app, admin, fabio.user.id, "desativar")).statusCode).toBe(204);
    // Again: nothing more happens.
    expect((await switchAccount(app, admin, fabio.user.id, "desativar")).statusCode).toBe(204);

    expect((await me(app, fabio)).statusCode).toBe(401);
    const wrong = await login(app, fabio.email, "senha-errada");
    expect(wrong.statusCode).toBe(401);
    const right = await login(app, fabio.email);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: "ACCOUNT_DEACTIVATED", message: DEACTIVATED });
    // Without a password, nothing tells a leaver from an address that never had an account.
    const magicLink = (email: string) =>
      app.inject({ method: "POST", url: "/api/magic-link", payload: { email } });
    const link = await magicLink(fabio.email);
    const unknown = await magicLink("ninguem@agencia.digital");
    expect(link.statusCode).toBe(unknown.statusCode);
    expect(link.json()).toEqual(unknown.json());
    expect(link.body).not.toContain("desativada");
    expect(ctx().mail.mails.filter((m) => m.to.includes(fabio.email) && /link/i.test(m.subject))).toEqual([]);

    const row = (await people(app, admin, "fabio"))[0]!;
    expect(row).toMatchObject({ situacao: "desativada", equipes: [] });
    const teams = (await app.inject({ url: "/api/admin/equipes", headers: { cookie: admin.cookie } })).json();
    const financeiro = teams.teams.find((t: { name: string }) => t.name === "Financeiro");
    expect(financeiro.members).toEqual([carla.email]);
    const history = await app.inject({
      url: `/api/admin/equipes/${financeiro.id}/historico`,
      headers: { cookie: admin.cookie },
    });
    expect(JSON.stringify(history.json())).toContain(`Removeu ${fabio.email} (conta desativada)`);

    // His request stays, with his name; what happens to it is e-mailed to nobody.
    ctx().mail.clear();
    const act = (body: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: `/api/solicitacoes/reembolso/${id}/acoes`,
        headers: { cookie: carla.cookie },
        payload: body,
      });
    expect((await act({ acao: "assumir" })).statusCode).toBe(200);
    const refused = await act({ acao: "recusar", motivo: "Sem comprovante legível" });
    expect(refused.statusCode, refused.body).toBe(200);
    const detail = await app.inject({
      url: `/api/solicitacoes/reembolso/${id}`,
      headers: { cookie: carla.cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain("Fábio Financeiro");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ctx().mail.mails.filter((m) => m.to.includes(fabio.email))).toEqual([]);

    expect((await switchAccount(app, admin, fabio.user.id, "reativar")).statusCode).toBe(204);
    expect((await login(app, fabio.email)).statusCode).toBe(200);
    expect((await people(app, admin, "fabio"))[0]).toMatchObject({ situacao: "ativa", equipes: [] });
  });

  it("a request he had taken goes back to the team's queue, with an entry only the team reads", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const gil = await person(ctx(), "gil@agencia.digital", "Gil Gomes");
    const hana = await person(ctx(), "hana@agencia.digital", "Hana Hara");
    const ines = await person(ctx(), "ines@agencia.digital", "Inês Ilha");
    await joinTeam(ctx(), "financeiro", gil.email);
    await joinTeam(ctx(), "financeiro", hana.email);
    const app = ctx().app;
    const id = await sendReembolso(ctx(), ines);
    const take = await app.inject({
      method: "POST",
      url: `/api/solicitacoes/reembolso/${id}/acoes`,
      headers: { cookie: gil.cookie },
      payload: { acao: "assumir" },
    });
    expect(take.statusCode, take.body).toBe(200);
    const taker = async () => {
      const queue = await app.inject({ url: "/api/caixa", headers: { cookie: hana.cookie } });
      const item = (queue.json() as { items: { id: string; responsavel: { nome: string } | null }[] }).items;
      return item.find((i) => i.id === id)!.responsavel;
    };
    expect(await taker()).toMatchObject({ nome: "Gil Gomes" });

    expect((await switchAccount(app, admin, gil.user.id, "desativar")).statusCode).toBe(204);

    expect(await taker()).toBeNull();
    const timeline = async (who: Person) => {
      const page = await app.inject({
        url: `/api/solicitacoes/reembolso/${id}`,
        headers: { cookie: who.cookie },
      });
      expect(page.statusCode, page.body).toBe(200);
      return (
        page.json() as { situacao: { linhaDoTempo: { tipo: string; autor: string; interno: boolean }[] } }
      ).situacao.linhaDoTempo;
    };
    expect((await timeline(hana)).at(-1)).toMatchObject({
      tipo: "responsavel_liberado",
      autor: "Alice Admin",
      interno: true,
    });
    expect((await timeline(ines)).map((e) => e.tipo)).not.toContain("responsavel_liberado");
    // Another member takes it from the queue as any untaken request.
    const retaken = await app.inject({
      method: "POST",
      url: `/api/solicitacoes/reembolso/${id}/acoes`,
      headers: { cookie: hana.cookie },
      payload: { acao: "assumir" },
    });
    expect(retaken.statusCode, retaken.body).toBe(200);
    expect(await taker()).toMatchObject({ nome: "Hana Hara" });
  });

  it("a sign-in link sent before the deactivation no longer signs in", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const app = ctx().app;
    expect(
      (await app.inject({ method: "POST", url: "/api/magic-link", payload: { email: bia.email } }))
        .statusCode,
    ).toBe(200);
    const mail = await ctx().mail.waitFor(bia.email, { subject: /link|Link|acesso|Entrar/ });
    expect((await switchAccount(app, admin, bia.user.id, "desativar")).statusCode).toBe(204);
    const opened = await clickMagicLink(ctx(), mail.links.find((l) => l.includes("link-de-acesso"))!);
    expect(opened.statusCode).toBe(400);
    expect(opened.headers["set-cookie"] ?? "").not.toMatch(/session_token=[^;]+/);
  });

  it("on PostgreSQL, a session cached on another instance ends there at once", async () => {
    if (ctx().kind !== "postgres") return;
    const other = await secondInstance(ctx());
    try {
      const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
      const davi = await person(ctx(), "davi@agencia.digital", "Davi Reis");
      await within(5000, async () => other.liveBus.listening());
      expect((await me(other, davi)).statusCode).toBe(200);
      expect((await switchAccount(ctx().app, admin, davi.user.id, "desativar")).statusCode).toBe(204);
      await within(1000, async () => (await me(other, davi)).statusCode === 401);
    } finally {
      await other.close();
    }
  });
});
