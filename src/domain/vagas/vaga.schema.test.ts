import { describe, expect, it } from "vitest";
import { VagaInputSchema } from "./vaga.schema";

const valid = {
  titulo: "Designer Pleno",
  departamento: "criacao",
  senioridade: "pleno",
  descricao: "Criar peças para as redes sociais dos clientes",
  atividades: ["  Criar peças ", "", "Apresentar propostas"],
  requisitos: ["Figma"],
};

describe("VagaInputSchema (spec §5 Vaga)", () => {
  it("trims list items, drops empty ones and applies the defaults", () => {
    expect(VagaInputSchema.parse(valid)).toEqual({
      ...valid,
      atividades: ["Criar peças", "Apresentar propostas"],
      regime: "clt",
      modelo_trabalho: "remoto",
      diferenciais: [],
      beneficios: [],
    });
  });

  it("gives each rule its message", () => {
    const result = VagaInputSchema.safeParse({
      titulo: "UX",
      departamento: "ti",
      senioridade: "",
      regime: "freela",
      modelo_trabalho: "",
      descricao: "curta",
      atividades: ["  "],
      requisitos: [],
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      titulo: "Título deve ter pelo menos 3 caracteres",
      departamento: "Departamento deve ter pelo menos 3 caracteres",
      senioridade: "Por favor selecione a senioridade",
      regime: "Por favor selecione o regime de contratação",
      descricao: "Descrição deve ter pelo menos 10 caracteres",
      atividades: "Adicione pelo menos uma atividade",
      requisitos: "Adicione pelo menos um requisito",
    });
    expect(
      VagaInputSchema.safeParse({ ...valid, departamento: "financeiro" }).error?.issues[0]?.message,
    ).toBe("Por favor selecione um departamento");
  });
});
