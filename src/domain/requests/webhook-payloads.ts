import { centsToReais, formatBRL } from "../money";
import {
  type CostCentre,
  optionLabel,
  type Priority,
  type ReimbursementType,
  type ScholarshipType,
  SEO_ANALYSIS_TYPE_OPTIONS,
  type SeoAnalysisType,
  type SupportDepartment,
  type Urgency,
} from "./options";

/*
 * The JSON bodies posted to the automation webhooks once a request is saved,
 * field for field as spec §7 "Functions and webhooks" names them (the receivers
 * read these names, so they stay in Portuguese and snake/camel case as given).
 * Pure functions: the outbox stores their result and delivers it.
 */

export type ReembolsoWebhookInput = {
  nome: string;
  /** 'yyyy-mm-dd' */
  data: string;
  tipo: ReimbursementType;
  valorCents: number;
  descricao: string;
  /** Public URLs of the stored attachments. */
  anexos: readonly string[];
  centroCusto: CostCentre;
  chavePix?: string | null;
};

export type ReembolsoWebhookPayload = {
  nome: string;
  data: string;
  tipo: ReimbursementType;
  /** In reais, as a JSON number (1234.56). */
  valor: number;
  descricao: string;
  anexos: string[];
  centro_custo: CostCentre;
  /** '' when none was given, as the form's empty field. */
  chavePix: string;
  tipo_solicitacao: "Solicitação de reembolso";
  status: "pendente";
};

export function reembolsoWebhookPayload(request: ReembolsoWebhookInput): ReembolsoWebhookPayload {
  return {
    nome: request.nome,
    data: request.data,
    tipo: request.tipo,
    valor: centsToReais(request.valorCents),
    descricao: request.descricao,
    anexos: [...request.anexos],
    centro_custo: request.centroCusto,
    chavePix: request.chavePix ?? "",
    tipo_solicitacao: "Solicitação de reembolso",
    status: "pendente",
  };
}

export type MaterialWebhookInput = {
  nome: string;
  descricao: string;
  motivo: string;
  linkReferencia?: string | null;
  quantidade: number;
  urgencia: Urgency;
};

export type MaterialWebhookPayload = {
  nome: string;
  /** The request's descricao: what is asked for. */
  material: string;
  motivo: string;
  quantidade: number;
  /** The reference link, or ''. */
  referencia: string;
  /** The urgency value ('baixa', 'media', 'alta', 'critica'). */
  nivelUrgencia: Urgency;
  tipo_solicitacao: "Solicitação de material";
};

export function materialWebhookPayload(request: MaterialWebhookInput): MaterialWebhookPayload {
  return {
    nome: request.nome,
    material: request.descricao,
    motivo: request.motivo,
    quantidade: request.quantidade,
    referencia: request.linkReferencia ?? "",
    nivelUrgencia: request.urgencia,
    tipo_solicitacao: "Solicitação de material",
  };
}

export type SuporteWebhookInput = {
  nome: string;
  email: string;
  departamento: SupportDepartment;
  assunto: string;
  descricao: string;
  prioridade: Priority;
  /** When the request was made. */
  createdAt: Date;
};

/** Spec §3 Support request: the fields, tipo 'suporte' and the moment as an ISO timestamp. */
export type SuporteWebhookPayload = {
  nome: string;
  email: string;
  departamento: SupportDepartment;
  assunto: string;
  descricao: string;
  prioridade: Priority;
  tipo: "suporte";
  data_solicitacao: string;
};

export function suporteWebhookPayload(request: SuporteWebhookInput): SuporteWebhookPayload {
  return {
    nome: request.nome,
    email: request.email,
    departamento: request.departamento,
    assunto: request.assunto,
    descricao: request.descricao,
    prioridade: request.prioridade,
    tipo: "suporte",
    data_solicitacao: request.createdAt.toISOString(),
  };
}

export type SeoWebhookInput = {
  url: string;
  tipoAnalise: SeoAnalysisType;
  email: string;
  nome: string;
  createdAt: Date;
};

export type SeoWebhookPayload = {
  url: string;
  /** The label, not the value: 'Análise de conteúdo', 'Análise técnica' or 'Análise de CRO' (spec §7). */
  tipoAnalise: string;
  email: string;
  nome: string;
  data_solicitacao: string;
};

export function seoWebhookPayload(request: SeoWebhookInput): SeoWebhookPayload {
  return {
    url: request.url,
    tipoAnalise: optionLabel(SEO_ANALYSIS_TYPE_OPTIONS, request.tipoAnalise),
    email: request.email,
    nome: request.nome,
    data_solicitacao: request.createdAt.toISOString(),
  };
}

export type BolsaWebhookInput = {
  titulo: string;
  tipo: ScholarshipType;
  valorCents: number;
  linkPlataforma: string;
  chavePix: string;
  valorAgregado: string;
  criadoPor: string;
  /** Public URL of the attachment, if one was sent. */
  anexo?: string | null;
};

/**
 * Ours: spec §7 does not show the training grant's call. Built in the style of
 * the reimbursement's, with the fields of spec §3 and valor as formatted text
 * ('R$ 1.234,56', U+00A0 after 'R$', as the form's mask shows it).
 */
export type BolsaWebhookPayload = {
  titulo: string;
  tipo: ScholarshipType;
  valor: string;
  linkPlataforma: string;
  chavePix: string;
  valorAgregado: string;
  criadoPor: string;
  anexo: string | null;
  tipo_solicitacao: "Solicitação de bolsa de capacitação";
  status: "pendente";
};

export function bolsaWebhookPayload(request: BolsaWebhookInput): BolsaWebhookPayload {
  return {
    titulo: request.titulo,
    tipo: request.tipo,
    valor: formatBRL(request.valorCents),
    linkPlataforma: request.linkPlataforma,
    chavePix: request.chavePix,
    valorAgregado: request.valorAgregado,
    criadoPor: request.criadoPor,
    anexo: request.anexo ?? null,
    tipo_solicitacao: "Solicitação de bolsa de capacitação",
    status: "pendente",
  };
}
