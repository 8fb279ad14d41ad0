import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { startWebhookReceiver } from "../../outbox/testing/webhook-receiver";
import { signedInUser } from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";

const receiver = await startWebhookReceiver();

const opening = {
  titulo: "Designer Pleno",
  departamento: "criacao",
  senioridade: "pleno",
  descricao: "Criar peças para as redes sociais dos clientes",
  atividades: ["Criar peças", " ", "Apresentar propostas "],
  requisitos: ["Figma"],
  beneficios: ["Vale-refeição"],
};

describeWithApp(
  "job openings",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false", WEBHOOK_VAGA_URL: receiver.url } },
  (ctx) => {
    const call = (
      method: "GET" | "POST" | "PUT" | "DELETE",
      url: string,
      cookie?: string,
      payload?: object,
    ) =>
      ctx().app.inject({
        method,
        url,
        ...(cookie ? { headers: { cookie } } : {}),
        ...(payload ? { payload } : {}),
      });

    it("refuses everyone outside VAGAS_MANAGERS on every endpoint: 401 signed out, 403 signed in", async () => {
      const outsider = await signedInUser(ctx(), "fulano@agencia.digital");
      const id = "00000000-0000-4000-8000-000000000000";
      const endpoints = [
        ["GET", "/api/vagas"],
        ["POST", "/api/vagas"],
        ["PUT", `/api/vagas/${id}`],
        ["DELETE", `/api/vagas/${id}`],
      ] as const;
      for (const [method, url] of endpoints) {
        expect(
          (await call(method, url, undefined, method === "GET" || method === "DELETE" ? undefined : opening))
            .statusCode,
          `${method} ${url}`,
        ).toBe(401);
        expect(
          (
            await call(
              method,
              url,
              outsider.cookie,
              method === "GET" || method === "DELETE" ? undefined : opening,
            )
          ).statusCode,
          `${method} ${url}`,
        ).toBe(403);
      }
      expect(
        Number((await ctx().database.db.execute(sql`select count(*)::int as n from vagas`)).rows[0]!.n),
      ).toBe(0);
    });

    it("creates, lists with the creator, edits and deletes; the webhook goes through the outbox", async () => {
      receiver.reset();
      const manager = await signedInUser(ctx(), "vagas@agencia.digital", "Marta Gestora");
      const bad = await call("POST", "/api/vagas", manager.cookie, {
        titulo: "UX",
        atividades: [""],
        requisitos: [],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        titulo: "Título deve ter pelo menos 3 caracteres",
        atividades: "Adicione pelo menos uma atividade",
        requisitos: "Adicione pelo menos um requisito",
      });

      const created = await call("POST", "/api/vagas", manager.cookie, opening);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        atividades: ["Criar peças", "Apresentar propostas"],
        regime: "clt",
        modelo_trabalho: "remoto",
        diferenciais: [],
      });
      const id = created.json().id;

      const list = await call("GET", "/api/vagas", manager.cookie);
      expect(list.json().nextCursor).toBeNull();
      expect(list.json().items).toEqual([
        expect.objectContaining({
          id,
          titulo: "Designer Pleno",
          atividades: ["Criar peças", "Apresentar propostas"],
          diferenciais: [],
          data_criacao: created.json().data_criacao,
          users: { name: "Marta Gestora", email: "vagas@agencia.digital" },
        }),
      ]);

      expect(await ctx().app.outbox.runOnce()).toBe(1);
      const [delivery] = await receiver.waitFor(1);
      expect(JSON.parse(delivery!.body)).toEqual({
        type: "vaga",
        data: {
          titulo: "Designer Pleno",
          departamento: "criacao",
          senioridade: "pleno",
          regime: "clt",
          modelo_trabalho: "remoto",
          descricao: opening.descricao,
          atividades: ["Criar peças", "Apresentar propostas"],
          requisitos: ["Figma"],
          diferenciais: [],
          beneficios: ["Vale-refeição"],
          tipo_solicitacao: "Nova vaga",
          data_criacao: created.json().data_criacao,
        },
      });

      const edited = await call("PUT", `/api/vagas/${id}`, manager.cookie, {
        ...opening,
        titulo: "Designer Sênior",
        senioridade: "senior",
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ titulo: "Designer Sênior", senioridade: "senior" });

      expect((await call("DELETE", `/api/vagas/${id}`, manager.cookie)).statusCode).toBe(204);
      expect((await call("DELETE", `/api/vagas/${id}`, manager.cookie)).statusCode).toBe(404);
      expect((await call("PUT", `/api/vagas/${id}`, manager.cookie, opening)).statusCode).toBe(404);
      expect((await call("GET", "/api/vagas", manager.cookie)).json()).toEqual({
        items: [],
        nextCursor: null,
      });
    });

    it("pages newest first without skipping openings created in the same instant", async () => {
      const manager = await signedInUser(ctx(), "vagas@agencia.digital");
      // Seven openings: three share one instant to the microsecond, the rest one second apart.
      await ctx().database.db.execute(sql`
        insert into vagas (titulo, departamento, senioridade, regime, modelo_trabalho, descricao,
          atividades, requisitos, diferenciais, beneficios, data_criacao)
        select 'Vaga ' || g, 'criacao', 'pleno', 'clt', 'remoto', 'Descrição da vaga ' || g,
          array['Criar'], array['Figma'], array[]::text[], array[]::text[],
          timestamptz '2026-11-01 12:00:00.123456+00' - (greatest(g - 3, 0) * interval '1 second')
        from generate_series(1, 7) as g`);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/vagas?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
        const page = (await call("GET", url, manager.cookie)).json() as {
          items: { titulo: string; data_criacao: string }[];
          nextCursor: string | null;
        };
        seen.push(...page.items.map((item) => item.titulo));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(4);
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
      expect(seen.slice(3)).toEqual(["Vaga 4", "Vaga 5", "Vaga 6", "Vaga 7"]);

      const bad = await call("GET", "/api/vagas?cursor=bm90LWEtY3Vyc29y", manager.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ cursor: "Página inválida" });
      expect((await call("GET", "/api/vagas?limit=500", manager.cookie)).statusCode).toBe(400);
    });
  },
);
