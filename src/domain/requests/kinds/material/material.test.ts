import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MaterialInputSchema } from "./definition";

const valid = {
  nome: "Ana Souza",
  descricao: "Mouse sem fio",
  motivo: "O atual quebrou",
  linkReferencia: "https://www.exemplo.com.br/mouse",
  quantidade: "2",
  urgencia: "media",
};

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = MaterialInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(z.flattenError(result.error).fieldErrors).map(([k, v]) => [k, (v as string[])[0]]),
  );
}

describe("MaterialInputSchema (spec §5 Material)", () => {
  it("accepts a valid request", () => {
    expect(MaterialInputSchema.parse(valid)).toEqual({ ...valid, quantidade: 2 });
  });

  it("nome, descricao and motivo minimums", () => {
    expect(errorsOf({ ...valid, nome: "Jo" }).nome).toBe("Nome deve ter pelo menos 3 caracteres");
    expect(errorsOf({ ...valid, descricao: "Mou" }).descricao).toBe(
      "Descrição deve ter pelo menos 5 caracteres",
    );
    expect(errorsOf({ ...valid, motivo: "    quebrou" }).motivo).toBeUndefined();
    expect(errorsOf({ ...valid, motivo: "Ruim" }).motivo).toBe("Motivo deve ter pelo menos 5 caracteres");
    expect(errorsOf({ ...valid, motivo: undefined }).motivo).toBe("Motivo deve ter pelo menos 5 caracteres");
  });

  it("linkReferencia: a URL, or empty → null", () => {
    for (const linkReferencia of [undefined, null, "", "   "]) {
      expect(MaterialInputSchema.parse({ ...valid, linkReferencia }).linkReferencia).toBeNull();
    }
    for (const linkReferencia of ["exemplo", "www.exemplo.com", "mailto:a@b.com", 42]) {
      expect(errorsOf({ ...valid, linkReferencia }).linkReferencia, String(linkReferencia)).toBe(
        "Deve ser uma URL válida",
      );
    }
  });

  it("quantidade: a whole number above zero, 1 when missing", () => {
    expect(MaterialInputSchema.parse({ ...valid, quantidade: undefined }).quantidade).toBe(1);
    expect(MaterialInputSchema.parse({ ...valid, quantidade: 3 }).quantidade).toBe(3);
    expect(MaterialInputSchema.parse({ ...valid, quantidade: " 10 " }).quantidade).toBe(10);
    for (const quantidade of [
      0,
      "0",
      -1,
      "-1",
      1.5,
      "1.5",
      "",
      "abc",
      "1e3",
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(errorsOf({ ...valid, quantidade }).quantidade, String(quantidade)).toBe(
        "Quantidade deve ser um número maior que zero",
      );
    }
    expect(errorsOf({ ...valid, quantidade: 2 ** 31 }).quantidade).toBe("Quantidade muito alta");
  });

  it("urgencia: required, one of the list", () => {
    for (const urgencia of ["baixa", "media", "alta", "critica"]) {
      expect(MaterialInputSchema.parse({ ...valid, urgencia }).urgencia).toBe(urgencia);
    }
    for (const urgencia of [undefined, "", "urgente"]) {
      expect(errorsOf({ ...valid, urgencia }).urgencia, String(urgencia)).toBe(
        "Por favor selecione o nível de urgência",
      );
    }
  });
});
