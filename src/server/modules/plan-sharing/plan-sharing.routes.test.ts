import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { PlanDetail } from "@/domain/planning/plan";
import type { PlanClientActivity, PublicPlan, ShareLinkCreated } from "@/domain/planning/share-api";
import { person } from "../../testing/people";
import { describeWithApp, type TestContext } from "../../testing/test-app";
import { insertClient, planRequest } from "../planning/testing/plan-fixtures";

const OWNER = "planejamento@agencia.digital";
const OTHER_MANAGER = "planejamento2@agencia.digital";
const UNKNOWN_TOKEN = "A".repeat(43);

const webRoot = mkdtempSync(path.join(tmpdir(), "balcao-web-"));
writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Balcão</title><div id=root></div>");

type Call = { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; cookie?: string; payload?: object };

describeWithApp(
  "sharing a plan with the client",
  {
    env: {
      REQUIRE_EMAIL_VERIFICATION: "false",
      PLANNING_MANAGERS: `${OWNER},${OTHER_MANAGER}`,
    },
    webRoot,
  },
  (ctx) => {
    const call = ({ method, url, cookie, payload }: Call) =>
      ctx().app.inject({
        method,
        url,
        ...(cookie ? { headers: { cookie } } : {}),
        ...(payload ? { payload } : {}),
      });

    /** A generated plan of `owner` (built-in generator), and its detail. */
    async function newPlan(c: TestContext, cookie: string, clientName = "Padaria Pão Quente") {
      const client = await insertClient(c, clientName);
      const created = await call({
        method: "POST",
        url: "/api/planejamentos",
        cookie,
        payload: planRequest(client.id),
      });
      const id = created.json().planejamento_id as string;
      return (await call({ method: "GET", url: `/api/planejamentos/${id}`, cookie })).json() as PlanDetail;
    }

    async function share(planId: string, cookie: string) {
      const res = await call({
        method: "POST",
        url: `/api/planejamentos/${planId}/compartilhamento`,
        cookie,
      });
      expect(res.statusCode).toBe(201);
      const link = res.json() as ShareLinkCreated;
      const token = new URL(link.url).pathname.split("/").pop()!;
      return { link, token };
    }

    const publicUrl = (token: string, rest = "") => `/api/publico/planejamentos/${token}${rest}`;
    const firstPost = (plan: PublicPlan) => plan.semanas.flatMap((w) => w.posts)[0]!;

    it("makes, shows and revokes a link for the plan's owner only: another manager 404, a non-manager 403, signed out 401", async () => {
      const owner = await person(ctx(), OWNER, "Paula Planejadora");
      const other = await person(ctx(), OTHER_MANAGER, "Outro Gestor");
      const outsider = await person(ctx(), "fulano@agencia.digital", "Fulano");
      const plan = await newPlan(ctx(), owner.cookie);

      for (const [method, url] of [
        ["POST", `/api/planejamentos/${plan.id}/compartilhamento`],
        ["DELETE", `/api/planejamentos/${plan.id}/compartilhamento`],
        ["GET", `/api/planejamentos/${plan.id}/cliente`],
      ] as const) {
        expect((await call({ method, url })).statusCode, `${method} ${url}`).toBe(401);
        expect((await call({ method, url, cookie: outsider.cookie })).statusCode, `${method} ${url}`).toBe(
          403,
        );
        expect((await call({ method, url, cookie: other.cookie })).statusCode, `${method} ${url}`).toBe(404);
      }
      const links = await ctx().database.db.execute(sql`select count(*)::int as n from plan_share_links`);
      expect(Number(links.rows[0]!.n)).toBe(0);

      const { link, token } = await share(plan.id, owner.cookie);
      // 32 random bytes in base64url, under the client page's path; only the hash is stored.
      expect(link.url).toBe(`http://localhost:3000/cliente/planejamento/${token}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const days = (Date.parse(link.expira_em) - Date.parse(link.criado_em)) / 86_400_000;
      expect(days).toBe(30);
      const stored = await ctx().database.db.execute(sql`select token_hash from plan_share_links`);
      expect(JSON.stringify(stored.rows)).not.toContain(token);

      const activity = (
        await call({ method: "GET", url: `/api/planejamentos/${plan.id}/cliente`, cookie: owner.cookie })
      ).json() as PlanClientActivity;
      expect(activity.link).toEqual({ criado_em: link.criado_em, expira_em: link.expira_em });
      expect(activity.historico.map((h) => [h.acao, h.quem])).toEqual([["link_criado", "Paula Planejadora"]]);

      // One active link per plan: a new one revokes the one before.
      const second = await share(plan.id, owner.cookie);
      expect((await call({ method: "GET", url: publicUrl(token) })).statusCode).toBe(404);
      expect((await call({ method: "GET", url: publicUrl(second.token) })).statusCode).toBe(200);

      const revoked = await call({
        method: "DELETE",
        url: `/api/planejamentos/${plan.id}/compartilhamento`,
        cookie: owner.cookie,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await call({ method: "GET", url: publicUrl(second.token) })).statusCode).toBe(404);
      const after = (
        await call({ method: "GET", url: `/api/planejamentos/${plan.id}/cliente`, cookie: owner.cookie })
      ).json() as PlanClientActivity;
      expect(after.link).toBeNull();
      expect(after.historico.map((h) => h.acao)).toEqual(["link_criado", "link_criado", "link_revogado"]);
    });

    it("shows the client that plan's read-only content and nothing of Balcão: no ids, e-mails, notes or tasks; no cookie; no-store", async () => {
      const owner = await person(ctx(), OWNER, "Paula Planejadora");
      const plan = await newPlan(ctx(), owner.cookie);
      const otherPlan = await newPlan(ctx(), owner.cookie, "Academia Corpo Livre");
      const { token } = await share(plan.id, owner.cookie);
      await share(otherPlan.id, owner.cookie);

      const res = await call({ method: "GET", url: publicUrl(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["x-robots-tag"]).toContain("noindex");
      expect(res.headers["set-cookie"]).toBeUndefined();
      const shown = res.json() as PublicPlan;
      expect(shown).toMatchObject({
        cliente: "Padaria Pão Quente",
        mes_referencia: "11",
        ano_referencia: plan.ano_referencia,
        status: "gerado",
        version: plan.version,
        aprovacao: null,
      });
      expect(shown.insights_gerais).toEqual(plan.content!.insights_gerais);
      expect(shown.pillars).toEqual(plan.content!.content_pillars.pillars);
      const posts = plan.content!.calendario_editorial.semanas.flatMap((w) => w.posts);
      expect(shown.semanas.flatMap((w) => w.posts).map((p) => p.id)).toEqual(posts.map((p) => p.id));
      expect(Object.keys(firstPost(shown)).sort()).toEqual(
        [
          "ab_test",
          "canal",
          "comentarios",
          "cta",
          "data_sugerida",
          "descricao_completa",
          "gancho",
          "id",
          "kpi",
          "meta_primaria",
          "tipo_post",
          "titulo",
        ].sort(),
      );
      const body = res.body;
      for (const secret of [
        owner.user.id,
        OWNER,
        plan.id,
        otherPlan.id,
        "Academia",
        "bitrix",
        "observacoes",
        "user_id",
      ]) {
        expect(body, secret).not.toContain(secret);
      }
    });

    it("serves the client's page (the SPA) never cached, never indexed, without a Referer; the app's pages as before", async () => {
      const page = await call({ method: "GET", url: `/cliente/planejamento/${UNKNOWN_TOKEN}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.headers["referrer-policy"]).toBe("no-referrer");
      expect(page.headers["x-robots-tag"]).toContain("noindex");
      expect(page.headers["set-cookie"]).toBeUndefined();
      const app = await call({ method: "GET", url: "/planejamento/lista" });
      expect(app.statusCode).toBe(200);
      expect(app.headers["x-robots-tag"]).toBeUndefined();
    });

    it("answers the same 404 for an unknown, malformed, expired or revoked link, and the token opens no signed-in endpoint", async () => {
      const owner = await person(ctx(), OWNER, "Paula Planejadora");
      const plan = await newPlan(ctx(), owner.cookie);
      const { token } = await share(plan.id, owner.cookie);
      const post = firstPost((await call({ method: "GET", url: publicUrl(token) })).json());

      // The token as a session, a bearer or a query opens nothing signed in.
      for (const url of [
        `/api/planejamentos/${plan.id}`,
        "/api/planejamentos",
        "/api/me",
        "/api/notificacoes",
      ]) {
        const asBearer = await ctx().app.inject({
          method: "GET",
          url: `${url}?token=${token}`,
          headers: { authorization: `Bearer ${token}`, cookie: `better-auth.session_token=${token}` },
        });
        expect(asBearer.statusCode, url).toBe(401);
      }

      const expected = {
        message: "Link indisponível",
        description:
          "Este link de planejamento não existe, expirou ou foi revogado. Peça um novo link a quem o enviou.",
        code: "SHARE_LINK_INVALID",
      };
      const refusedEverywhere = async (t: string) => {
        const answers = [
          await call({ method: "GET", url: publicUrl(t) }),
          await call({
            method: "POST",
            url: publicUrl(t, "/comentarios"),
            payload: { post_id: post.id, nome: "Cliente", texto: "Oi" },
          }),
          await call({
            method: "POST",
            url: publicUrl(t, "/aprovar"),
            payload: { nome: "Cliente", version: 1 },
          }),
        ];
        for (const answer of answers) {
          expect(answer.statusCode).toBe(404);
          expect(answer.json()).toEqual(expected);
          expect(answer.headers["cache-control"]).toBe("no-store");
        }
      };
      await refusedEverywhere(UNKNOWN_TOKEN);
      await refusedEverywhere("not-a-token");

      // Expired: the row's expiry moved to the past (the database's clock decides).
      await ctx().database.db.execute(
        sql`update plan_share_links set expires_at = now() - interval '1 second'`,
      );
      await refusedEverywhere(token);
      await ctx().database.db.execute(sql`update plan_share_links set expires_at = now() + interval '1 day'`);
      expect((await call({ method: "GET", url: publicUrl(token) })).statusCode).toBe(200);

      await call({
        method: "DELETE",
        url: `/api/planejamentos/${plan.id}/compartilhamento`,
        cookie: owner.cookie,
      });
      await refusedEverywhere(token);
      const comments = await ctx().database.db.execute(
        sql`select count(*)::int as n from plan_client_comments`,
      );
      expect(Number(comments.rows[0]!.n)).toBe(0);
    });

    it("takes a client's comment on a post: validated in Portuguese, shown on the post, in the history, and told to the owner (bell and e-mail)", async () => {
      const owner = await person(ctx(), OWNER, "Paula Planejadora");
      const plan = await newPlan(ctx(), owner.cookie);
      const { token } = await share(plan.id, owner.cookie);
      const post = firstPost((await call({ method: "GET", url: publicUrl(token) })).json());

      const empty = await call({ method: "POST", url: publicUrl(token, "/comentarios"), payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({
        post_id: "Escolha o post a comentar",
        nome: "Informe o seu nome",
        texto: "Escreva o comentário",
      });
      const tooLong = await call({
        method: "POST",
        url: publicUrl(token, "/comentarios"),
        payload: { post_id: post.id, nome: "x".repeat(121), texto: "y".repeat(2001) },
      });
      expect(tooLong.json().fields).toEqual({
        nome: "O nome deve ter no máximo 120 caracteres",
        texto: "O comentário deve ter no máximo 2000 caracteres",
      });
      const otherPost = await call({
        method: "POST",
        url: publicUrl(token, "/comentarios"),
        payload: { post_id: "nao-existe", nome: "Carla", texto: "Oi" },
      });
      expect(otherPost.statusCode).toBe(400);
      expect(otherPost.json().fields).toEqual({ post_id: "Post não encontrado neste planejamento." });

      const sent = await call({
        method: "POST",
        url: publicUrl(token, "/comentarios"),
        payload: { post_id: post.id, nome: "  Carla Cliente ", texto: " Podemos trocar a foto? " },
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ nome: "Carla Cliente", texto: "Podemos trocar a foto?" });
      expect(sent.headers["set-cookie"]).toBeUndefined();

      const shown = (await call({ method: "GET", url: publicUrl(token) })).json() as PublicPlan;
      expect(firstPost(shown).comentarios).toMatchObject([
        { nome: "Carla Cliente", texto: "Podemos trocar a foto?" },
      ]);

      const activity = (
        await call({ method: "GET", url: `/api/planejamentos/${plan.id}/cliente`, cookie: owner.cookie })
      ).json() as PlanClientActivity;
      expect(activity.comentarios).toMatchObject([
        { post_id: post.id, nome: "Carla Cliente", texto: "Podemos trocar a foto?" },
      ]);
      expect(activity.historico.at(-1)).toMatchObject({
        acao: "comentario",
        por: "cliente",
        quem: "Carla Cliente",
        detalhe: post.titulo,
      });

      const bell = (await call({ method: "GET", url: "/api/notificacoes", cookie: owner.cookie })).json();
      expect(bell.naoLidas).toBe(1);
      expect(bell.items[0]).toMatchObject({
        tipo: "planejamento",
        solicitacaoId: plan.id,
        titulo: expect.stringContaining("novo comentário do cliente"),
      });
      const mail = await ctx().mail.waitFor(OWNER, { subject: /novo comentário do cliente/ });
      expect(mail.text).toContain("Podemos trocar a foto?");
      expect(mail.links).toContain(`http://localhost:3000/planejamento/visualizar/${plan.id}`);
    });

    it("takes the client's approval once: 'Aprovado pelo cliente' in the status and history, the owner told once; a changed plan is not approved blindly", async () => {
      const owner = await person(ctx(), OWNER, "Paula Planejadora");
      const plan = await newPlan(ctx(), owner.cookie);
      const { token } = await share(plan.id, owner.cookie);

      const noName = await call({
        method: "POST",
        url: publicUrl(token, "/aprovar"),
        payload: { nome: " ", version: 1 },
      });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().fields).toEqual({ nome: "Informe o seu nome" });
      // A version past what the database keeps (an integer) is refused, not a 500 (found by the API fuzzer).
      const huge = await call({
        method: "POST",
        url: publicUrl(token, "/aprovar"),
        payload: { nome: "Carla Cliente", version: Number.MAX_SAFE_INTEGER },
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().fields).toEqual({ version: "Versão inválida" });

      // The planner saved after the page was opened: the client's version is stale.
      const saved = await call({
        method: "PUT",
        url: `/api/planejamentos/${plan.id}`,
        cookie: owner.cookie,
        payload: { version: plan.version, content: plan.content },
      });
      expect(saved.statusCode).toBe(200);
      const stale = await call({
        method: "POST",
        url: publicUrl(token, "/aprovar"),
        payload: { nome: "Carla Cliente", version: plan.version },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe("Planejamento atualizado");

      const current = (await call({ method: "GET", url: publicUrl(token) })).json() as PublicPlan;
      for (let i = 0; i < 2; i++) {
        const approved = await call({
          method: "POST",
          url: publicUrl(token, "/aprovar"),
          payload: { nome: "Carla Cliente", version: current.version },
        });
        expect(approved.statusCode).toBe(200);
        expect(approved.json()).toMatchObject({
          status: "aprovado_cliente",
          aprovacao: { nome: "Carla Cliente" },
        });
      }

      const detail = (
        await call({ method: "GET", url: `/api/planejamentos/${plan.id}`, cookie: owner.cookie })
      ).json();
      expect(detail.status).toBe("aprovado_cliente");
      const activity = (
        await call({ method: "GET", url: `/api/planejamentos/${plan.id}/cliente`, cookie: owner.cookie })
      ).json() as PlanClientActivity;
      expect(activity.aprovacao).toMatchObject({ nome: "Carla Cliente" });
      expect(activity.historico.map((h) => [h.acao, h.quem])).toEqual([
        ["link_criado", "Paula Planejadora"],
        ["editado", "Paula Planejadora"],
        ["aprovado_cliente", "Carla Cliente"],
      ]);
      await ctx().mail.waitFor(OWNER, { subject: /aprovado pelo cliente/ });
      expect(ctx().mail.mails.filter((m) => /aprovado pelo cliente/.test(m.subject))).toHaveLength(1);
      const bell = (await call({ method: "GET", url: "/api/notificacoes", cookie: owner.cookie })).json();
      expect(
        bell.items.filter((n: { titulo: string }) => n.titulo.includes("aprovado pelo cliente")),
      ).toHaveLength(1);

      // The planner's own 'Aprovar' after the client's changes nothing; an edit makes it 'editado' again.
      const approveAgain = await call({
        method: "POST",
        url: `/api/planejamentos/${plan.id}/aprovar`,
        cookie: owner.cookie,
        payload: { version: detail.version },
      });
      expect(approveAgain.json().status).toBe("aprovado_cliente");
      const edited = await call({
        method: "PUT",
        url: `/api/planejamentos/${plan.id}`,
        cookie: owner.cookie,
        payload: { version: detail.version, content: detail.content },
      });
      expect(edited.json().status).toBe("editado");
    });

    it("counts the client's writes per IP like the other public endpoints (429 with Retry-After)", async () => {
      const owner = await person(ctx(), OWNER, "Paula Planejadora");
      const plan = await newPlan(ctx(), owner.cookie);
      const { token } = await share(plan.id, owner.cookie);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await call({
          method: "POST",
          url: publicUrl(i % 2 ? token : UNKNOWN_TOKEN, "/aprovar"),
          payload: { nome: "Carla", version: 999 },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 20).every((s) => s === 404 || s === 409)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  },
);
