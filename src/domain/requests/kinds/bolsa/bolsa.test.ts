import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BolsaInputSchema } from "./definition";

const valid = {
  titulo: "Curso de TypeScript",
  tipo: "Cursos",
  valor: "R$\u00a0499,90",
  linkPlataforma: "https://www.alura.com.br/curso-online-typescript",
  chavePix: "11.222.333/0001-81",
  valorAgregado: "Melhora a qualidade do código do time",
  criadoPor: "Ana Souza",
};

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = BolsaInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(z.flattenError(result.error).fieldErrors).map(([k, v]) => [k, (v as string[])[0]]),
  );
}

describe("BolsaInputSchema (spec §5 Training grant)", () => {
  it("accepts a valid grant and outputs cents and the normalised key", () => {
    expect(BolsaInputSchema.parse(valid)).toEqual({ ...valid, valor: 49990, chavePix: "11222333000181" });
  });

  it("titulo required", () => {
    for (const titulo of [undefined, "", "   "]) {
      expect(errorsOf({ ...valid, titulo }).titulo).toBe("Título é obrigatório");
    }
  });

  it("tipo: one of Cursos, Livros, Eventos, Especialização", () => {
    for (const tipo of ["Cursos", "Livros", "Eventos", "Especialização"]) {
      expect(BolsaInputSchema.parse({ ...valid, tipo }).tipo).toBe(tipo);
    }
    for (const tipo of [undefined, "", "cursos", "Mestrado"]) {
      expect(errorsOf({ ...valid, tipo }).tipo, String(tipo)).toBe("Tipo é obrigatório");
    }
  });

  it("valor: required, then a valid amount", () => {
    for (const valor of [undefined, "", "  ", "R$ 0,00"]) {
      expect(errorsOf({ ...valid, valor }).valor, String(valor)).toBe("Valor é obrigatório");
    }
    for (const valor of ["abc", "1,2,3", "-10"]) {
      expect(errorsOf({ ...valid, valor }).valor, valor).toBe("Valor deve ser um número válido");
    }
    expect(BolsaInputSchema.parse({ ...valid, valor: "1.500" }).valor).toBe(150000);
  });

  it("linkPlataforma: an http(s) URL", () => {
    expect(BolsaInputSchema.parse({ ...valid, linkPlataforma: " http://exemplo.com " }).linkPlataforma).toBe(
      "http://exemplo.com",
    );
    for (const linkPlataforma of [
      undefined,
      "",
      "alura.com.br",
      "ftp://exemplo.com",
      "javascript:alert(1)",
      "https://",
    ]) {
      expect(errorsOf({ ...valid, linkPlataforma }).linkPlataforma, String(linkPlataforma)).toBe(
        "Digite uma URL válida",
      );
    }
  });

  it("chavePix: required, then valid", () => {
    for (const chavePix of [undefined, "", "  "]) {
      expect(errorsOf({ ...valid, chavePix }).chavePix).toBe("Chave PIX é obrigatória");
    }
    expect(errorsOf({ ...valid, chavePix: "11.222.333/0001-82" }).chavePix).toBe("Chave PIX inválida");
    expect(BolsaInputSchema.parse({ ...valid, chavePix: "+55 11 99876-5432" }).chavePix).toBe(
      "+5511998765432",
    );
  });

  it("valorAgregado and criadoPor required", () => {
    expect(errorsOf({ ...valid, valorAgregado: "" }).valorAgregado).toBe(
      "Como pode agregar valor é obrigatório",
    );
    expect(errorsOf({ ...valid, valorAgregado: undefined }).valorAgregado).toBe(
      "Como pode agregar valor é obrigatório",
    );
    expect(errorsOf({ ...valid, criadoPor: " " }).criadoPor).toBe("Criado por é obrigatório");
    expect(errorsOf({ ...valid, criadoPor: undefined }).criadoPor).toBe("Criado por é obrigatório");
    // The one name rule: the name the account gives must be a name the forms accept.
    expect(errorsOf({ ...valid, criadoPor: "Jo" }).criadoPor).toBe("Nome deve ter pelo menos 3 caracteres");
  });
});
