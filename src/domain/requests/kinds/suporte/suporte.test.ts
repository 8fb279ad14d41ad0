import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SuporteInputSchema } from "./definition";

const valid = {
  nome: "Ana Souza",
  email: "ana@agencia.com.br",
  departamento: "Equipe Rocket",
  assunto: "Acesso ao Drive",
  descricao: "Não consigo abrir a pasta do cliente X.",
  prioridade: "alta",
};

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = SuporteInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(z.flattenError(result.error).fieldErrors).map(([k, v]) => [k, (v as string[])[0]]),
  );
}

describe("SuporteInputSchema (spec §5 Support)", () => {
  it("accepts a valid request", () => {
    expect(SuporteInputSchema.parse(valid)).toEqual(valid);
  });

  it("nome min 3", () => {
    expect(errorsOf({ ...valid, nome: "Al" }).nome).toBe("Nome deve ter pelo menos 3 caracteres");
  });

  it("email valid", () => {
    expect(SuporteInputSchema.parse({ ...valid, email: " ana@agencia.com.br " }).email).toBe(
      "ana@agencia.com.br",
    );
    for (const email of [undefined, "", "ana", "ana@", "ana@agencia", `${"a".repeat(250)}@agencia.com.br`]) {
      expect(errorsOf({ ...valid, email }).email, String(email)).toBe("Email inválido");
    }
  });

  it("departamento: one of the five", () => {
    for (const departamento of ["RH", "Financeiro", "Performance", "Equipe Rocket", "Equipe Lead Zeppelin"]) {
      expect(SuporteInputSchema.parse({ ...valid, departamento }).departamento).toBe(departamento);
    }
    for (const departamento of [undefined, "", "rh", "TI"]) {
      expect(errorsOf({ ...valid, departamento }).departamento, String(departamento)).toBe(
        "Por favor selecione um departamento",
      );
    }
  });

  it("assunto min 5, descricao min 10", () => {
    expect(errorsOf({ ...valid, assunto: "Ajuda" }).assunto).toBeUndefined();
    expect(errorsOf({ ...valid, assunto: "Help" }).assunto).toBe("Assunto deve ter pelo menos 5 caracteres");
    expect(errorsOf({ ...valid, descricao: "Não abre." }).descricao).toBe(
      "Descrição deve ter pelo menos 10 caracteres",
    );
    expect(errorsOf({ ...valid, descricao: "Não abre!!" }).descricao).toBeUndefined();
  });

  it("prioridade: 'media' when missing or empty; an unknown one is refused", () => {
    expect(SuporteInputSchema.parse({ ...valid, prioridade: undefined }).prioridade).toBe("media");
    expect(SuporteInputSchema.parse({ ...valid, prioridade: "" }).prioridade).toBe("media");
    for (const prioridade of ["urgente", "Média", 3]) {
      expect(errorsOf({ ...valid, prioridade }).prioridade, String(prioridade)).toBe(
        "Por favor selecione o nível de prioridade",
      );
    }
  });
});
