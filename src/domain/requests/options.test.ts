import { describe, expect, it } from "vitest";
import { SCHOLARSHIP_TYPE_OPTIONS, SCHOLARSHIP_TYPE_VALUES } from "./kinds/bolsa/options";
import { URGENCY_OPTIONS, URGENCY_VALUES } from "./kinds/material/options";
import { REIMBURSEMENT_TYPE_OPTIONS, REIMBURSEMENT_TYPE_VALUES } from "./kinds/reembolso/options";
import {
  ENABLED_SEO_ANALYSIS_TYPE_VALUES,
  SEO_ANALYSIS_TYPE_OPTIONS,
  SEO_ANALYSIS_TYPE_VALUES,
} from "./kinds/seo/options";
import {
  DEFAULT_PRIORITY,
  PRIORITY_OPTIONS,
  PRIORITY_VALUES,
  SUPPORT_DEPARTMENT_OPTIONS,
  SUPPORT_DEPARTMENT_VALUES,
} from "./kinds/suporte/options";
import { COST_CENTRE_OPTIONS, COST_CENTRE_VALUES, DEFAULT_COST_CENTRE, optionLabel } from "./options";

const pairs = (options: readonly { value: string; label: string }[]) =>
  options.map((o) => [o.value, o.label]);

describe("option lists (spec §9)", () => {
  it("reimbursement types", () => {
    expect(pairs(REIMBURSEMENT_TYPE_OPTIONS)).toEqual([
      ["alimentacao", "Alimentação"],
      ["transporte", "Transporte"],
      ["hospedagem", "Hospedagem"],
      ["material", "Material de Trabalho"],
      ["outros", "Outros"],
    ]);
  });

  it("cost centres, default 'geral'", () => {
    expect(pairs(COST_CENTRE_OPTIONS)).toEqual([
      ["geral", "Geral"],
      ["ti", "TI"],
      ["comercial", "Comercial"],
      ["marketing", "Marketing"],
      ["financeiro", "Financeiro"],
    ]);
    expect(DEFAULT_COST_CENTRE).toBe("geral");
  });

  it("scholarship types: value equals label", () => {
    expect(pairs(SCHOLARSHIP_TYPE_OPTIONS)).toEqual(
      ["Cursos", "Livros", "Eventos", "Especialização"].map((v) => [v, v]),
    );
  });

  it("urgency", () => {
    expect(pairs(URGENCY_OPTIONS)).toEqual([
      ["baixa", "Baixa (até um mês)"],
      ["media", "Média (até uma semana)"],
      ["alta", "Alta (48 horas)"],
      ["critica", "Crítica (24 horas)"],
    ]);
  });

  it("support departments: value equals label", () => {
    expect(pairs(SUPPORT_DEPARTMENT_OPTIONS)).toEqual(
      ["RH", "Financeiro", "Performance", "Equipe Rocket", "Equipe Lead Zeppelin"].map((v) => [v, v]),
    );
  });

  it("priorities, default 'media'", () => {
    expect(pairs(PRIORITY_OPTIONS)).toEqual([
      ["baixa", "Baixa"],
      ["media", "Média"],
      ["alta", "Alta"],
      ["critica", "Crítica"],
    ]);
    expect(DEFAULT_PRIORITY).toBe("media");
  });

  it("SEO types, CRO disabled", () => {
    expect(SEO_ANALYSIS_TYPE_OPTIONS).toEqual([
      { value: "analise-conteudo", label: "Análise de conteúdo" },
      { value: "analise-tecnica", label: "Análise técnica" },
      { value: "analise-cro", label: "Análise de CRO", disabled: true },
    ]);
    expect(ENABLED_SEO_ANALYSIS_TYPE_VALUES).toEqual(
      SEO_ANALYSIS_TYPE_OPTIONS.filter((o) => !("disabled" in o && o.disabled)).map((o) => o.value),
    );
  });

  it("each value tuple lists its options' values, in order", () => {
    const lists = [
      [REIMBURSEMENT_TYPE_VALUES, REIMBURSEMENT_TYPE_OPTIONS],
      [COST_CENTRE_VALUES, COST_CENTRE_OPTIONS],
      [SCHOLARSHIP_TYPE_VALUES, SCHOLARSHIP_TYPE_OPTIONS],
      [URGENCY_VALUES, URGENCY_OPTIONS],
      [SUPPORT_DEPARTMENT_VALUES, SUPPORT_DEPARTMENT_OPTIONS],
      [PRIORITY_VALUES, PRIORITY_OPTIONS],
      [SEO_ANALYSIS_TYPE_VALUES, SEO_ANALYSIS_TYPE_OPTIONS],
    ] as const;
    for (const [values, options] of lists) expect(options.map((o) => o.value)).toEqual([...values]);
  });
});

describe("optionLabel", () => {
  it("gives the label, or the value when unknown", () => {
    expect(optionLabel(REIMBURSEMENT_TYPE_OPTIONS, "material")).toBe("Material de Trabalho");
    expect(optionLabel(URGENCY_OPTIONS, "media")).toBe("Média (até uma semana)");
    expect(optionLabel(URGENCY_OPTIONS, "urgentissima")).toBe("urgentissima");
  });
});
