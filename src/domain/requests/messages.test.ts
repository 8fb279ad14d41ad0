import { describe, expect, it } from "vitest";
import { REQUEST_TYPE_LABELS } from "./kinds";
import { REQUEST_STATUS_LABELS, requestMessages, requestStatusLabel } from "./messages";

describe("request toasts (spec §8)", () => {
  it("reimbursement and material errors", () => {
    for (const m of [requestMessages.reembolso.error, requestMessages.material.error]) {
      expect(m).toEqual({
        title: "Erro ao enviar solicitação",
        description: "Ocorreu um erro. Tente novamente.",
      });
    }
  });

  it("support and SEO errors", () => {
    expect(requestMessages.suporte.error.description).toBe(
      "Ocorreu um erro ao enviar sua solicitação de suporte. Tente novamente.",
    );
    expect(requestMessages.seo.error.description).toBe(
      "Ocorreu um erro ao enviar sua solicitação de análise SEO. Tente novamente.",
    );
  });

  it("scholarship error: the message, or the fallback", () => {
    expect(requestMessages.bolsa.error("Falha no envio").description).toBe("Falha no envio");
    expect(requestMessages.bolsa.error().description).toBe("Tente novamente em alguns minutos.");
    expect(requestMessages.bolsa.error("  ").description).toBe("Tente novamente em alguns minutos.");
  });

  it("successes share the title and tailor the description", () => {
    const successes = [
      requestMessages.reembolso.success,
      requestMessages.bolsa.success,
      requestMessages.material.success,
      requestMessages.suporte.success,
      requestMessages.seo.success(),
    ];
    for (const s of successes) expect(s.title).toBe("Solicitação enviada com sucesso!");
    expect(new Set(successes.map((s) => s.description)).size).toBe(successes.length);
    expect(requestMessages.bolsa.success.description).toMatch(/analisada em breve/);
    expect(requestMessages.sent.title).toBe("Solicitação enviada");
  });

  it("SEO success shows the automation's answer when there is one (spec §7)", () => {
    expect(requestMessages.seo.success("Análise agendada para amanhã").description).toBe(
      "Análise agendada para amanhã",
    );
  });
});

describe("listing labels", () => {
  it("names each kind", () => {
    expect(REQUEST_TYPE_LABELS).toEqual({
      reembolso: "Reembolso",
      bolsa: "Bolsa de Capacitação",
      material: "Material",
      suporte: "Suporte",
      seo: "Análise de páginas",
      ausencia: "Ausência",
    });
  });

  it("labels 'pendente' and shows other statuses raw", () => {
    expect(REQUEST_STATUS_LABELS.pendente).toBe("Pendente");
    expect(requestStatusLabel("pendente")).toBe("Pendente");
    expect(requestStatusLabel("aprovado")).toBe("Aprovado");
    expect(requestStatusLabel("aguardando_ajuste")).toBe("Aguardando ajuste");
    expect(requestStatusLabel("arquivada")).toBe("arquivada");
    expect(requestStatusLabel("toString")).toBe("toString");
  });
});
