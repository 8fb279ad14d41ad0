import { describe, expect, it } from "vitest";
import { REQUEST_KINDS, REQUEST_TYPE_LABELS, requestKind } from "./kinds";
import { bolsaMessages } from "./kinds/bolsa/messages";
import { materialMessages } from "./kinds/material/messages";
import { REQUEST_KIND_META } from "./kinds/meta";
import { reembolsoMessages } from "./kinds/reembolso/messages";
import { seoMessages } from "./kinds/seo/messages";
import { suporteMessages } from "./kinds/suporte/messages";
import { REQUEST_STATUS_LABELS, requestMessages, requestStatusLabel } from "./messages";

describe("request toasts (spec §8)", () => {
  it("reimbursement and material errors", () => {
    for (const m of [reembolsoMessages.error, materialMessages.error]) {
      expect(m).toEqual({
        title: "Erro ao enviar solicitação",
        description: "Ocorreu um erro. Tente novamente.",
      });
    }
  });

  it("support and SEO errors", () => {
    expect(suporteMessages.error.description).toBe(
      "Ocorreu um erro ao enviar sua solicitação de suporte. Tente novamente.",
    );
    expect(seoMessages.error.description).toBe(
      "Ocorreu um erro ao enviar sua solicitação de análise SEO. Tente novamente.",
    );
  });

  it("scholarship error: the message, or the fallback", () => {
    expect(bolsaMessages.error("Falha no envio").description).toBe("Falha no envio");
    expect(bolsaMessages.error().description).toBe("Tente novamente em alguns minutos.");
    expect(bolsaMessages.error("  ").description).toBe("Tente novamente em alguns minutos.");
  });

  it("successes share the title and tailor the description", () => {
    const successes = REQUEST_KINDS.map((kind) => requestKind(kind).messages.success());
    for (const s of successes) expect(s.title).toBe("Solicitação enviada com sucesso!");
    expect(new Set(successes.map((s) => s.description)).size).toBe(successes.length);
    expect(bolsaMessages.success.description).toMatch(/analisada em breve/);
    expect(requestMessages.sent.title).toBe("Solicitação enviada");
  });

  it("SEO success shows the automation's answer when there is one (spec §7)", () => {
    expect(seoMessages.success("Análise agendada para amanhã").description).toBe(
      "Análise agendada para amanhã",
    );
  });
});

describe("listing labels", () => {
  it("names each kind", () => {
    // Each kind's own label (its meta); the list of kinds is pinned once, in kinds/meta.test.ts.
    expect(REQUEST_TYPE_LABELS).toEqual(
      Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, REQUEST_KIND_META[kind].label])),
    );
    expect(REQUEST_TYPE_LABELS.seo).toBe("Análise de páginas");
    expect(new Set(Object.values(REQUEST_TYPE_LABELS)).size).toBe(REQUEST_KINDS.length);
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
