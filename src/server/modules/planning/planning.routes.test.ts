import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { PlanDetail, PlanSummary } from "@/domain/planning/plan";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import { signedInUser } from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";
import { insertClient, planRequest } from "./testing/plan-fixtures";

const ANOTHER_ID = "00000000-0000-4000-8000-000000000000";

describeWithApp(
  "content plans (built-in generator)",
  {
    env: {
      REQUIRE_EMAIL_VERIFICATION: "false",
      PLANNING_MANAGERS: "planejamento@agencia.digital,planejamento2@agencia.digital",
    },
  },
  (ctx) => {
    const call = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: object) =>
      ctx().app.inject({
        method,
        url,
        ...(cookie ? { headers: { cookie } } : {}),
        ...(payload ? { payload } : {}),
      });

    it("refuses everyone outside PLANNING_MANAGERS on every endpoint: 401 signed out, 403 signed in", async () => {
      const outsider = await signedInUser(ctx(), "fulano@agencia.digital");
      const jobOpeningManager = await signedInUser(ctx(), "vagas@agencia.digital");
      const endpoints = [
        ["GET", "/api/planejamentos"],
        ["POST", "/api/planejamentos"],
        ["GET", `/api/planejamentos/${ANOTHER_ID}`],
        ["PUT", `/api/planejamentos/${ANOTHER_ID}`],
        ["POST", `/api/planejamentos/${ANOTHER_ID}/aprovar`],
        ["POST", `/api/planejamentos/${ANOTHER_ID}/gerar`],
        ["POST", `/api/planejamentos/${ANOTHER_ID}/posts/p1/tarefa`],
      ] as const;
      for (const [method, url] of endpoints) {
        const payload = method === "GET" ? undefined : {};
        expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, outsider.cookie, payload)).statusCode, `${method} ${url}`).toBe(403);
        expect(
          (await call(method, url, jobOpeningManager.cookie, payload)).statusCode,
          `${method} ${url}`,
        ).toBe(403);
      }
      const count = await ctx().database.db.execute(
        sql`select count(*)::int as n from planejamentos_conteudo`,
      );
      expect(Number(count.rows[0]!.n)).toBe(0);
    });

    it("validates the request with the spec's messages", async () => {
      const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
      const empty = await call("POST", "/api/planejamentos", manager.cookie, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toMatchObject({
        clienteId: "Por favor, selecione um cliente.",
        mesReferencia: "Por favor, informe o mês e ano de referência.",
        anoReferencia: "Por favor, informe o mês e ano de referência.",
      });
      const client = await insertClient(ctx());
      const badYear = await call(
        "POST",
        "/api/planejamentos",
        manager.cookie,
        planRequest(client.id, { anoReferencia: "1999", canaisPlataformas: ["Orkut"] }),
      );
      expect(badYear.json().fields).toMatchObject({
        anoReferencia: "Por favor, informe o mês e ano de referência.",
        canaisPlataformas: "Selecione apenas opções da lista",
      });
      const noCustomTone = await call(
        "POST",
        "/api/planejamentos",
        manager.cookie,
        planRequest(client.id, { tomVozPersonalizado: " " }),
      );
      expect(noCustomTone.json().fields).toEqual({
        tomVozPersonalizado: "Descreva o tom de voz personalizado",
      });
      const unknownClient = await call("POST", "/api/planejamentos", manager.cookie, planRequest(ANOTHER_ID));
      expect(unknownClient.statusCode).toBe(400);
      expect(unknownClient.json()).toMatchObject({
        message: "Erro",
        description: "Cliente selecionado não encontrado.",
        code: "CLIENT_NOT_FOUND",
      });
    });

    it("generates at once, lists, shows, saves (editado), approves, and detects a concurrent save", async () => {
      const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
      const client = await insertClient(ctx());
      const created = await call("POST", "/api/planejamentos", manager.cookie, planRequest(client.id));
      expect(created.statusCode).toBe(201);
      const { planejamento_id: id, success, status } = created.json();
      expect({ success, status }).toEqual({ success: true, status: "gerado" });

      const page = (await call("GET", "/api/planejamentos", manager.cookie)).json() as {
        items: PlanSummary[];
        nextCursor: string | null;
      };
      expect(page.nextCursor).toBeNull();
      const list = page.items;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id,
        cliente_nome: "Padaria Pão Quente",
        mes_referencia: "11",
        status: "gerado",
        has_calendar: true,
      });
      expect(list[0]!.insights_count).toBeGreaterThan(0);

      const plan = (await call("GET", `/api/planejamentos/${id}`, manager.cookie)).json() as PlanDetail;
      expect(plan).toMatchObject({ gerador: "interno", status: "gerado", version: 1, bitrix_enabled: false });
      expect(plan.cliente).toEqual({ id: client.id, name: "Padaria Pão Quente" });
      expect(list[0]!.created_at).toBe(plan.created_at);
      expect(plan.solicitacao.tomVozPersonalizado).toBe("Como um vizinho que conhece você pelo nome");
      const weeks = plan.content!.calendario_editorial.semanas;
      expect(weeks.length).toBeGreaterThanOrEqual(4);
      const posts = weeks.flatMap((w) => w.posts);
      expect(new Set(posts.map((p) => p.canal))).toEqual(new Set(["Instagram", "LinkedIn"]));
      expect(posts.every((p) => typeof p.id === "string" && p.bitrix_created === false)).toBe(true);

      // Edit a post and an insight, add an experiment, remove a pillar; a forged task flag is ignored.
      const content = structuredClone(plan.content!);
      content.insights_gerais[0] = "Insight revisado pela equipe";
      // A short first week may have no post (posts follow the days of each week): edit the month's first post.
      const first = content.calendario_editorial.semanas.findIndex((week) => week.posts.length > 0);
      content.calendario_editorial.semanas[first]!.posts[0]!.titulo = "Título revisado";
      content.calendario_editorial.semanas[first]!.posts[0]!.bitrix_created = true;
      content.experimentos.testes.push({
        nome: "Horário",
        hipotese: "Manhã rende mais",
        metrica: "Alcance",
        periodo: "Mês",
      });
      content.content_pillars.pillars.pop();
      const saved = await call("PUT", `/api/planejamentos/${id}`, manager.cookie, { version: 1, content });
      expect(saved.statusCode).toBe(200);
      const after = saved.json() as PlanDetail;
      expect(after).toMatchObject({ status: "editado", version: 2 });
      expect(after.updated_at > plan.updated_at).toBe(true);
      expect(after.content!.insights_gerais[0]).toBe("Insight revisado pela equipe");
      const firstPost = after.content!.calendario_editorial.semanas[first]!.posts[0]!;
      expect(firstPost).toMatchObject({ titulo: "Título revisado", id: posts[0]!.id, bitrix_created: false });
      expect(after.content!.experimentos.testes.at(-1)!.nome).toBe("Horário");
      expect(after.content!.content_pillars.pillars).toHaveLength(
        plan.content!.content_pillars.pillars.length - 1,
      );

      // A second person still on version 1 is told the plan changed; nothing is overwritten.
      const stale = await call("PUT", `/api/planejamentos/${id}`, manager.cookie, {
        version: 1,
        content: plan.content,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: "PLAN_CONFLICT",
        message: "Planejamento alterado por outra pessoa",
      });
      const still = (await call("GET", `/api/planejamentos/${id}`, manager.cookie)).json() as PlanDetail;
      expect(still.content!.insights_gerais[0]).toBe("Insight revisado pela equipe");

      const staleApproval = await call("POST", `/api/planejamentos/${id}/aprovar`, manager.cookie, {
        version: 1,
      });
      expect(staleApproval.statusCode).toBe(409);
      const approved = await call("POST", `/api/planejamentos/${id}/aprovar`, manager.cookie, { version: 2 });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: "aprovado", version: 3 });
      expect((await call("GET", "/api/planejamentos", manager.cookie)).json().items[0].status).toBe(
        "aprovado",
      );
    });

    it("refuses content that breaks the schema, with every path", async () => {
      const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
      const client = await insertClient(ctx());
      const id = (await call("POST", "/api/planejamentos", manager.cookie, planRequest(client.id))).json()
        .planejamento_id;
      const plan = (await call("GET", `/api/planejamentos/${id}`, manager.cookie)).json() as PlanDetail;
      const content: Omit<PlanContent, "insights_gerais"> & { insights_gerais: unknown } = structuredClone(
        plan.content!,
      );
      const week = content.calendario_editorial.semanas.findIndex((candidate) => candidate.posts.length > 1);
      content.calendario_editorial.semanas[week]!.posts[1]!.titulo = "  ";
      content.insights_gerais = "não é lista";
      const bad = await call("PUT", `/api/planejamentos/${id}`, manager.cookie, { version: 1, content });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        [`content.calendario_editorial.semanas.${week}.posts.1.titulo`]: "Campo obrigatório",
        "content.insights_gerais": "Deve ser uma lista",
      });
      expect(
        (await call("PUT", `/api/planejamentos/${id}`, manager.cookie, { content: plan.content })).json()
          .fields,
      ).toMatchObject({ version: "Versão obrigatória" });
    });

    it("refuses a version past what the database keeps with 400, on a save and an approval (found by the API fuzzer)", async () => {
      const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
      const client = await insertClient(ctx());
      const id = (await call("POST", "/api/planejamentos", manager.cookie, planRequest(client.id))).json()
        .planejamento_id;
      const plan = (await call("GET", `/api/planejamentos/${id}`, manager.cookie)).json() as PlanDetail;
      // The column is a PostgreSQL integer: 2^31 and the largest safe integer used to answer 500.
      for (const version of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
        const save = await call("PUT", `/api/planejamentos/${id}`, manager.cookie, {
          version,
          content: plan.content,
        });
        expect(save.statusCode).toBe(400);
        expect(save.json().fields).toEqual({ version: "Versão inválida" });
        const approve = await call("POST", `/api/planejamentos/${id}/aprovar`, manager.cookie, { version });
        expect(approve.statusCode).toBe(400);
        expect(approve.json().fields).toEqual({ version: "Versão inválida" });
      }
      const untouched = (await call("GET", `/api/planejamentos/${id}`, manager.cookie)).json() as PlanDetail;
      expect(untouched).toMatchObject({ status: "gerado", version: 1 });
    });

    it("keeps each plan to its owner: another manager gets 404 everywhere", async () => {
      const owner = await signedInUser(ctx(), "planejamento@agencia.digital");
      const other = await signedInUser(ctx(), "planejamento2@agencia.digital");
      const client = await insertClient(ctx());
      const id = (await call("POST", "/api/planejamentos", owner.cookie, planRequest(client.id))).json()
        .planejamento_id;
      const plan = (await call("GET", `/api/planejamentos/${id}`, owner.cookie)).json() as PlanDetail;
      const postId = plan.content!.calendario_editorial.semanas[0]!.posts[0]!.id!;

      expect((await call("GET", "/api/planejamentos", other.cookie)).json()).toEqual({
        items: [],
        nextCursor: null,
      });
      expect((await call("GET", `/api/planejamentos/${id}`, other.cookie)).statusCode).toBe(404);
      expect(
        (await call("PUT", `/api/planejamentos/${id}`, other.cookie, { version: 1, content: plan.content }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call("POST", `/api/planejamentos/${id}/aprovar`, other.cookie, { version: 1 })).statusCode,
      ).toBe(404);
      expect((await call("POST", `/api/planejamentos/${id}/gerar`, other.cookie, {})).statusCode).toBe(404);
      expect(
        (await call("POST", `/api/planejamentos/${id}/posts/${postId}/tarefa`, other.cookie, {})).statusCode,
      ).toBe(404);
      expect((await call("GET", "/api/planejamentos/nao-e-um-id", owner.cookie)).statusCode).toBe(404);

      const untouched = (await call("GET", `/api/planejamentos/${id}`, owner.cookie)).json() as PlanDetail;
      expect(untouched).toMatchObject({ status: "gerado", version: 1 });
    });

    it("answers 'Em desenvolvimento' for 'Criar Tarefa' when Bitrix24 is not configured", async () => {
      const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
      const client = await insertClient(ctx());
      const id = (await call("POST", "/api/planejamentos", manager.cookie, planRequest(client.id))).json()
        .planejamento_id;
      const plan = (await call("GET", `/api/planejamentos/${id}`, manager.cookie)).json() as PlanDetail;
      const postId = plan.content!.calendario_editorial.semanas[0]!.posts[0]!.id!;
      const answer = await call(
        "POST",
        `/api/planejamentos/${id}/posts/${postId}/tarefa`,
        manager.cookie,
        {},
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: "not_configured", message: "Em desenvolvimento" });
      const unknownPost = await call(
        "POST",
        `/api/planejamentos/${id}/posts/nao-existe/tarefa`,
        manager.cookie,
        {},
      );
      expect(unknownPost.statusCode).toBe(404);
    });

    it("lists the user's plans newest first in pages, without skipping plans made in the same instant", async () => {
      const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
      const other = await signedInUser(ctx(), "planejamento2@agencia.digital");
      const client = await insertClient(ctx());
      // 65 plans: three share one instant to the microsecond, the rest a second apart; one of another user.
      await ctx().database.db.execute(sql`
        insert into planejamentos_conteudo
          (user_id, client_id, mes_referencia, ano_referencia, status, gerador, solicitacao, created_at)
        select ${manager.user.id}, ${client.id}, lpad((1 + g % 12)::text, 2, '0'), '2026', 'gerado', 'interno',
          jsonb_build_object('n', g),
          timestamptz '2026-11-01 12:00:00.123456+00' - (greatest(g - 3, 0) * interval '1 second')
        from generate_series(1, 65) as g`);
      await ctx().database.db.execute(sql`
        insert into planejamentos_conteudo (user_id, mes_referencia, ano_referencia, status, gerador, solicitacao)
        values (${other.user.id}, '01', '2026', 'gerado', 'interno', '{}'::jsonb)`);
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/planejamentos${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
        const page = (await call("GET", url, manager.cookie)).json() as {
          items: PlanSummary[];
          nextCursor: string | null;
        };
        seen.push(...page.items.map((plan) => plan.id));
        sizes.push(page.items.length);
        expect(page.items.every((plan) => plan.cliente_nome === "Padaria Pão Quente")).toBe(true);
        cursor = page.nextCursor;
      } while (cursor && sizes.length < 10);
      expect(sizes).toEqual([30, 30, 5]);
      expect(new Set(seen).size).toBe(65);
      const { rows } = await ctx().database.db.execute<{ id: string }>(
        sql`select id from planejamentos_conteudo where user_id = ${manager.user.id} order by created_at desc, id desc`,
      );
      expect(seen).toEqual(rows.map((row) => row.id));

      const small = (await call("GET", "/api/planejamentos?limit=2", manager.cookie)).json();
      expect(small.items.map((plan: PlanSummary) => plan.id)).toEqual(seen.slice(0, 2));
      expect((await call("GET", "/api/planejamentos?limit=101", manager.cookie)).statusCode).toBe(400);
      const bad = await call("GET", "/api/planejamentos?cursor=bm90LWEtY3Vyc29y", manager.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ cursor: "Página inválida" });
    });
  },
);
