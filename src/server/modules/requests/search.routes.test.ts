import { expect, it } from "vitest";
import { joinTeam, type Person, person } from "../../testing/people";
import { sendMaterial, sendReembolso } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * 'Buscar' on 'Minhas solicitações' and 'Caixa de entrada': the words of the
 * requests' own texts, each as the start of a word, accents ignored; never
 * anyone else's requests, never outside the reviewer's queue.
 */

const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id).sort();

async function get(ctx: TestContext, who: Person, url: string) {
  return ctx.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
}

describeWithApp("'Buscar' (docs/decisions/034)", {}, (ctx) => {
  it("finds the author's own requests by their words, with or without accents, and nobody else's", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const almoco = await sendReembolso(ctx(), ana, { descricao: "Almoço com o cliente em São Paulo" });
    const monitor = await sendMaterial(ctx(), ana, { descricao: "Monitor de 27 polegadas" });
    await sendReembolso(ctx(), bia, { descricao: "Almoço da equipe" });

    const search = async (words: string) => {
      const res = await get(ctx(), ana, `/api/solicitacoes?busca=${encodeURIComponent(words)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(ids(await search("almoco"))).toEqual([almoco]);
    expect((await search("ALMOÇO sao paulo")).total).toBe(1);
    expect(ids(await search("polegad"))).toEqual([monitor]);
    expect(ids(await search("   "))).toEqual([almoco, monitor].sort());
    expect((await search("hotel")).items).toEqual([]);
    // What a search engine's syntax means is only text here.
    for (const hostile of ["a & | ! ( ) :* <->", "'; drop table requests; --", "\\", "ção:*B"]) {
      expect((await search(hostile)).items).toBeInstanceOf(Array);
    }
    const tooLong = await get(ctx(), ana, `/api/solicitacoes?busca=${"a".repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it("finds in 'Caixa de entrada' only what the reviewer's teams handle", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const almoco = await sendReembolso(ctx(), ana, { descricao: "Almoço com o cliente" });
    await sendReembolso(ctx(), ana, { descricao: "Táxi para o aeroporto" });
    await sendMaterial(ctx(), ana, { descricao: "Almoço não é material" });
    await sendReembolso(ctx(), fabio, { descricao: "Almoço do próprio revisor" });

    const res = await get(ctx(), fabio, "/api/caixa?busca=almoco");
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json())).toEqual([almoco]);
    expect((await get(ctx(), ana, "/api/caixa?busca=almoco")).statusCode).toBe(403);
    // The export follows the same search: the header and the one request found.
    const csv = await get(ctx(), fabio, "/api/caixa/exportar.csv?busca=almoco");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split("\n")).toHaveLength(2);
    expect(csv.body).toContain("Almoço com o cliente");
  });
});
