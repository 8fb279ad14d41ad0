import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SeoInputSchema } from "./definition";

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = SeoInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(z.flattenError(result.error).fieldErrors).map(([k, v]) => [k, (v as string[])[0]]),
  );
}

const valid = { url: "https://www.agencia.com.br/servicos", tipoAnalise: "analise-conteudo" };

describe("SeoInputSchema (spec §5 SEO)", () => {
  it("accepts an http(s) page and an enabled analysis", () => {
    expect(SeoInputSchema.parse(valid)).toEqual(valid);
    expect(SeoInputSchema.parse({ url: " http://exemplo.com ", tipoAnalise: "analise-tecnica" })).toEqual({
      url: "http://exemplo.com",
      tipoAnalise: "analise-tecnica",
    });
  });

  it("url: must be http:// or https://", () => {
    for (const url of [
      undefined,
      "",
      "www.agencia.com.br",
      "agencia.com.br",
      "ftp://agencia.com.br",
      "https://agencia",
    ]) {
      expect(errorsOf({ ...valid, url }).url, String(url)).toBe("URL inválida. Inclua http:// ou https://");
    }
  });

  it("tipoAnalise: required; the disabled CRO analysis is refused with the same message", () => {
    for (const tipoAnalise of [undefined, "", "analise-cro", "Análise de conteúdo"]) {
      expect(errorsOf({ ...valid, tipoAnalise }).tipoAnalise, String(tipoAnalise)).toBe(
        "Selecione um tipo de análise",
      );
    }
  });
});
