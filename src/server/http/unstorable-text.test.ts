import { expect, it } from "vitest";
import { findUnstorableText } from "./unstorable-text";

it("names every string and key PostgreSQL cannot store, at any depth, and nothing else", () => {
  expect(findUnstorableText(undefined)).toEqual([]);
  expect(findUnstorableText({})).toEqual([]);
  expect(findUnstorableText([])).toEqual([]);
  expect(findUnstorableText({ nome: "Ana", itens: [{ a: "ok" }], n: 1, nada: null })).toEqual([]);
  expect(findUnstorableText("a\u0000b")).toEqual(["_"]);
  expect(findUnstorableText("x", "campo")).toEqual([]);
  expect(
    findUnstorableText({
      descricao: "Cadeira\u0000",
      extra: { lista: ["ok", "\ud800"], "chave\u0000": "valor" },
      vazio: {},
    }),
  ).toEqual(["descricao", "extra.chave\uFFFD", "extra.lista.1"]);
});
