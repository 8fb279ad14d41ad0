import { describe, expect, it } from "vitest";
import { bolsa } from "./bolsa";
import type { WebhookContext } from "./definition";
import { material } from "./material";
import { reembolso } from "./reembolso";
import { seo } from "./seo";
import { suporte } from "./suporte";

const createdAt = new Date("2025-03-05T14:30:00.000Z");
const context = (attachmentLinks: string[] = []): WebhookContext => ({
  id: "id",
  createdAt,
  attachmentLinks,
});

/* Each kind's webhook builder (its registry entry), from the stored record. */
const reembolsoWebhookPayload = (r: {
  nome: string;
  data: string;
  tipo: "alimentacao" | "outros";
  valorCents: number;
  descricao: string;
  anexos: readonly string[];
  centroCusto: "geral" | "ti";
  chavePix?: string | null;
}) =>
  reembolso.webhook(
    {
      nome: r.nome,
      data: r.data,
      categoria: r.tipo,
      valor: r.valorCents,
      descricao: r.descricao,
      centroCusto: r.centroCusto,
      chavePix: r.chavePix ?? null,
      anexoUrl: null,
      chaveNota: null,
      notaUrl: null,
      notaEmitente: null,
    },
    context([...r.anexos]),
  );
const materialWebhookPayload = (r: Parameters<typeof material.webhook>[0]) => material.webhook(r, context());
const suporteWebhookPayload = ({
  createdAt: at,
  ...r
}: Parameters<typeof suporte.webhook>[0] & { createdAt: Date }) =>
  suporte.webhook(r, { ...context(), createdAt: at });
const seoWebhookPayload = ({
  createdAt: at,
  ...r
}: Omit<Parameters<typeof seo.webhook>[0], "resposta" | "tipoAnalise"> & {
  createdAt: Date;
  tipoAnalise: "analise-conteudo" | "analise-tecnica" | "analise-cro";
}) => seo.webhook({ ...r, resposta: null }, { ...context(), createdAt: at });
const bolsaWebhookPayload = ({
  valorCents,
  anexo,
  ...r
}: Omit<Parameters<typeof bolsa.webhook>[0], "valor"> & { valorCents: number; anexo?: string }) =>
  bolsa.webhook({ ...r, valor: valorCents }, context(anexo ? [anexo] : []));

describe("webhook payloads (spec §7)", () => {
  it("reimbursement: valor in reais, anexos, centro_custo, fixed type and status", () => {
    const payload = reembolsoWebhookPayload({
      nome: "Ana Souza",
      data: "2025-03-01",
      tipo: "alimentacao",
      valorCents: 123456,
      descricao: "Almoço com cliente",
      anexos: ["https://arquivos/1_nota.pdf", "https://arquivos/2_foto.jpg"],
      centroCusto: "geral",
      chavePix: "52998224725",
    });
    expect(payload).toEqual({
      nome: "Ana Souza",
      data: "2025-03-01",
      tipo: "alimentacao",
      valor: 1234.56,
      descricao: "Almoço com cliente",
      anexos: ["https://arquivos/1_nota.pdf", "https://arquivos/2_foto.jpg"],
      centro_custo: "geral",
      chavePix: "52998224725",
      tipo_solicitacao: "Solicitação de reembolso",
      status: "pendente",
    });
    expect(JSON.stringify(payload)).toContain('"valor":1234.56');
  });

  it("reimbursement without a PIX key sends ''; amounts keep their cents", () => {
    const base = {
      nome: "Ana",
      data: "2025-03-01",
      tipo: "outros",
      descricao: "Outros gastos",
      anexos: [],
      centroCusto: "ti",
    } as const;
    expect(reembolsoWebhookPayload({ ...base, valorCents: 7 })).toMatchObject({ chavePix: "", valor: 0.07 });
    expect(reembolsoWebhookPayload({ ...base, valorCents: 1999, chavePix: null }).valor).toBe(19.99);
  });

  it("material: descricao as material, referencia '' when absent, urgency value", () => {
    const request = {
      nome: "Ana Souza",
      descricao: "Mouse sem fio",
      motivo: "O atual quebrou",
      linkReferencia: null,
      quantidade: 2,
      urgencia: "alta",
    } as const;
    expect(materialWebhookPayload(request)).toEqual({
      nome: "Ana Souza",
      material: "Mouse sem fio",
      motivo: "O atual quebrou",
      quantidade: 2,
      referencia: "",
      nivelUrgencia: "alta",
      tipo_solicitacao: "Solicitação de material",
    });
    expect(materialWebhookPayload({ ...request, linkReferencia: "https://x.com/m" }).referencia).toBe(
      "https://x.com/m",
    );
  });

  it("support: the fields, tipo 'suporte' and an ISO timestamp", () => {
    expect(
      suporteWebhookPayload({
        nome: "Ana Souza",
        email: "ana@agencia.com.br",
        departamento: "RH",
        assunto: "Férias",
        descricao: "Quero marcar minhas férias.",
        prioridade: "media",
        createdAt,
      }),
    ).toEqual({
      nome: "Ana Souza",
      email: "ana@agencia.com.br",
      departamento: "RH",
      assunto: "Férias",
      descricao: "Quero marcar minhas férias.",
      prioridade: "media",
      tipo: "suporte",
      data_solicitacao: "2025-03-05T14:30:00.000Z",
    });
  });

  it("SEO: tipoAnalise as its label", () => {
    const base = { url: "https://agencia.com.br", email: "ana@agencia.com.br", nome: "Ana", createdAt };
    expect(seoWebhookPayload({ ...base, tipoAnalise: "analise-conteudo" })).toEqual({
      url: "https://agencia.com.br",
      tipoAnalise: "Análise de conteúdo",
      email: "ana@agencia.com.br",
      nome: "Ana",
      data_solicitacao: "2025-03-05T14:30:00.000Z",
    });
    expect(seoWebhookPayload({ ...base, tipoAnalise: "analise-tecnica" }).tipoAnalise).toBe(
      "Análise técnica",
    );
    expect(seoWebhookPayload({ ...base, tipoAnalise: "analise-cro" }).tipoAnalise).toBe("Análise de CRO");
  });

  it("training grant: valor as formatted text, anexo or null", () => {
    const request = {
      titulo: "Curso de TypeScript",
      tipo: "Cursos",
      valorCents: 123456,
      linkPlataforma: "https://alura.com.br/ts",
      chavePix: "ana@agencia.com.br",
      valorAgregado: "Código melhor",
      criadoPor: "Ana Souza",
    } as const;
    expect(bolsaWebhookPayload(request)).toEqual({
      titulo: "Curso de TypeScript",
      tipo: "Cursos",
      valor: "R$\u00a01.234,56",
      linkPlataforma: "https://alura.com.br/ts",
      chavePix: "ana@agencia.com.br",
      valorAgregado: "Código melhor",
      criadoPor: "Ana Souza",
      anexo: null,
      tipo_solicitacao: "Solicitação de bolsa de capacitação",
      status: "pendente",
    });
    expect(bolsaWebhookPayload({ ...request, anexo: "https://arquivos/1_cert.pdf" }).anexo).toBe(
      "https://arquivos/1_cert.pdf",
    );
  });
});
