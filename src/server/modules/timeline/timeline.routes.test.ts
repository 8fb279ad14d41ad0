import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { joinTeam, type Person, person } from "../../testing/people";
import { sendMaterial } from "../../testing/requests";
import { describeWithApp } from "../../testing/test-app";

/*
 * A request's timeline grows with every comment; its page sends the latest 50
 * entries and the older ones come 50 at a time (docs/decisions/031).
 */

const COMMENTS = 130;

type Entry = { id: number; tipo: string; texto: string | null; interno: boolean };

describeWithApp("a request's timeline in pages", { env: { REQUIRE_EMAIL_VERIFICATION: "false" } }, (ctx) => {
  /** Every entry `who` may read, walking back from the request's page. */
  async function walk(who: Person, id: string) {
    const detail = await ctx().app.inject({
      url: `/api/solicitacoes/material/${id}`,
      headers: { cookie: who.cookie },
    });
    const standing = detail.json().situacao as { linhaDoTempo: Entry[]; linhaDoTempoAnteriores: boolean };
    const pages = [standing.linhaDoTempo];
    let earlier = standing.linhaDoTempoAnteriores;
    while (earlier && pages.length < 10) {
      const before = pages[0]![0]!.id;
      const page = await ctx().app.inject({
        url: `/api/solicitacoes/material/${id}/linha-do-tempo?antes=${before}`,
        headers: { cookie: who.cookie },
      });
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json() as { itens: Entry[]; anteriores: boolean };
      pages.unshift(body.itens);
      earlier = body.anteriores;
    }
    return pages;
  }

  it("the request's page holds the latest 50; the earlier ones come 50 at a time, internal notes for the team only", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const rosa = await person(ctx(), "rosa@agencia.digital", "Rosa Compras");
    const eve = await person(ctx(), "eve@agencia.digital", "Eve Curiosa");
    await joinTeam(ctx(), "compras", rosa.email);
    const id = await sendMaterial(ctx(), ana);
    // Written beside the app: the throttle would stop one person at 60.
    await ctx().database.db.execute(sql`insert into events (subject_kind, subject_id, actor_name, type, body, internal)
      select 'material', ${id}, 'Ana Souza', 'comentario', 'Comentário ' || g, g % 10 = 0
      from generate_series(1, ${COMMENTS}) g`);

    const anaPages = await walk(ana, id);
    expect(anaPages.map((p) => p.length)).toEqual([18, 50, 50]);
    const anaAll = anaPages.flat();
    expect(anaAll[0]).toMatchObject({ tipo: "criada" });
    expect(anaAll.at(-1)).toMatchObject({ texto: `Comentário ${COMMENTS - 1}` });
    expect(anaAll.some((e) => e.interno)).toBe(false);
    expect(anaAll.map((e) => e.id)).toEqual([...anaAll.map((e) => e.id)].sort((a, b) => a - b));
    expect(new Set(anaAll.map((e) => e.id)).size).toBe(1 + COMMENTS - COMMENTS / 10);

    const rosaAll = (await walk(rosa, id)).flat();
    expect(rosaAll).toHaveLength(1 + COMMENTS);
    expect(rosaAll.at(-1)).toMatchObject({ texto: `Comentário ${COMMENTS}`, interno: true });

    const foreign = await ctx().app.inject({
      url: `/api/solicitacoes/material/${id}/linha-do-tempo?antes=${rosaAll[60]!.id}`,
      headers: { cookie: eve.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const broken = await ctx().app.inject({
      url: `/api/solicitacoes/material/${id}/linha-do-tempo?antes=abc`,
      headers: { cookie: ana.cookie },
    });
    expect(broken.statusCode).toBe(400);
  });

  it("the reason of the latest 'Pedir ajuste' reaches the edit page however many entries follow it", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const rosa = await person(ctx(), "rosa@agencia.digital", "Rosa Compras");
    await joinTeam(ctx(), "compras", rosa.email);
    const id = await sendMaterial(ctx(), ana);
    const act = (body: Record<string, unknown>) =>
      ctx().app.inject({
        method: "POST",
        url: `/api/solicitacoes/material/${id}/acoes`,
        headers: { cookie: rosa.cookie },
        payload: body,
      });
    expect((await act({ acao: "assumir" })).statusCode).toBe(200);
    const asked = await act({ acao: "pedir_ajuste", motivo: "Informe o modelo da cadeira" });
    expect(asked.statusCode, asked.body).toBe(200);
    await ctx().database.db.execute(sql`insert into events (subject_kind, subject_id, actor_name, type, body, internal)
      select 'material', ${id}, 'Ana Souza', 'comentario', 'Comentário ' || g, false
      from generate_series(1, 60) g`);
    const detail = await ctx().app.inject({
      url: `/api/solicitacoes/material/${id}`,
      headers: { cookie: ana.cookie },
    });
    const standing = detail.json().situacao;
    expect(standing.linhaDoTempo.some((e: Entry & { acao: string }) => e.acao === "pedir_ajuste")).toBe(
      false,
    );
    expect(standing.motivoAjuste).toBe("Informe o modelo da cadeira");
  });
});
