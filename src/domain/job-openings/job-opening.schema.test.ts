import { describe, expect, it } from "vitest";
import { JobOpeningInputSchema } from "./job-opening.schema";

const valid = {
  titulo: "Designer Pleno",
  departamento: "criacao",
  senioridade: "pleno",
  descricao: "Criar peças para as redes sociais dos clientes",
  atividades: ["  Criar peças ", "", "Apresentar propostas"],
  requisitos: ["Figma"],
};

describe("JobOpeningInputSchema (spec §5 Vaga)", () => {
  it("trims list items, drops empty ones and applies the defaults", () => {
    expect(JobOpeningInputSchema.parse(valid)).toEqual({
      ...valid,
      atividades: ["Criar peças", "Apresentar propostas"],
      regime: "clt",
      modelo_trabalho: "remoto",
      diferenciais: [],
      beneficios: [],
    });
  });

  it("gives each rule its message", () => {
    const result = JobOpeningInputSchema.safeParse({
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
      JobOpeningInputSchema.safeParse({ ...valid, departamento: "financeiro" }).error?.issues[0]?.message,
    ).toBe("Por favor selecione um departamento");
  });
});
