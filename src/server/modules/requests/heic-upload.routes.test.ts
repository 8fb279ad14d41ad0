import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { multipartBody } from "../../testing/multipart";
import { person } from "../../testing/people";
import { describeWithApp } from "../../testing/test-app";

/*
 * The same rule on both sides (docs/decisions/065): the browser converts an iPhone's HEIC photo to
 * JPEG before the attachment rules see it, and the server, which never takes HEIC, refuses one that
 * arrives anyway (an old browser, an API client) by its content, whatever its name and type say.
 */

const HEIC = readFileSync(path.resolve("e2e/files/recibo-qr.heic"));

describeWithApp("a HEIC photo sent as it is", {}, (ctx) => {
  it.each([
    { name: "IMG_0001.heic", type: "image/heic" },
    { name: "IMG_0001.jpg", type: "image/jpeg" },
  ])("is refused by its content as $name ($type), with the kind's message", async (file) => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const body = await multipartBody(
      {
        data: todayInSaoPaulo(),
        tipo: "alimentacao",
        valor: "R$ 45,90",
        centroCusto: "marketing",
        descricao: "Almoço na filmagem",
      },
      [{ name: file.name, content: HEIC, type: file.type }],
    );
    const sent = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/reembolso",
      headers: { cookie: ana.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(sent.json()).toMatchObject({
      fields: { anexo: "Formatos de arquivo aceitos: JPG, PNG ou PDF" },
    });
    const mine = await ctx().app.inject({ url: "/api/solicitacoes", headers: { cookie: ana.cookie } });
    expect(mine.json().items).toEqual([]);
  });
});
