import { z } from "zod";
import { choiceField, urlField } from "../../fields";
import { optionLabel } from "../../options";
import { defineRequestKind } from "../definition";
import { seoMessages } from "./messages";
import { seoMeta } from "./meta";
import { ENABLED_SEO_ANALYSIS_TYPE_VALUES, SEO_ANALYSIS_TYPE_OPTIONS, type SeoAnalysisType } from "./options";
import { seoSample } from "./sample";
import { ANALYSIS_WORKFLOW } from "./workflow";

/**
 * The page analysis form (spec §2 /seo, §5 SEO). Only the enabled analyses are
 * accepted: the CRO option is disabled in the form, so the server refuses it
 * with the same message. The requester's nome and email come from the session.
 */
export const SeoInputSchema = z.object({
  url: urlField(seoMessages.fields.urlInvalid),
  tipoAnalise: choiceField(ENABLED_SEO_ANALYSIS_TYPE_VALUES, seoMessages.fields.tipoAnaliseRequired),
});
export type SeoInput = z.infer<typeof SeoInputSchema>;
export type SeoFormValues = z.input<typeof SeoInputSchema>;

/** seo_solicitacoes: the analysis asked for, who asked, and the automation's answer. */
export type SeoRecord = {
  url: string;
  tipoAnalise: SeoAnalysisType;
  nome: string;
  email: string;
  /** The automation's answer, when the immediate attempt got one (shown as the toast's text). */
  resposta: string | null;
};

export type SeoWebhookPayload = {
  url: string;
  /** The label, not the value: 'Análise de conteúdo', 'Análise técnica' or 'Análise de CRO' (spec §7). */
  tipoAnalise: string;
  email: string;
  nome: string;
  data_solicitacao: string;
};

/** Spec §7 SEO analysis call. */
export function seoWebhookPayload(record: SeoRecord, createdAt: Date): SeoWebhookPayload {
  return {
    url: record.url,
    tipoAnalise: optionLabel(SEO_ANALYSIS_TYPE_OPTIONS, record.tipoAnalise),
    email: record.email,
    nome: record.nome,
    data_solicitacao: createdAt.toISOString(),
  };
}

export const seo = defineRequestKind(seoMeta, {
  schema: () => SeoInputSchema,
  toRecord: (input, requester): SeoRecord => ({
    url: input.url,
    tipoAnalise: input.tipoAnalise,
    nome: requester.name.trim() || requester.email,
    email: requester.email,
    resposta: null,
  }),
  moneyFields: [],
  list: { fields: ["url"], summary: (f) => String(f.url) },
  detail: [
    { key: "url", label: "URL da página", as: "url", wide: true },
    { key: "tipoAnalise", label: "Tipo de análise", options: SEO_ANALYSIS_TYPE_OPTIONS },
    { key: "nome", label: "Solicitante" },
    { key: "email", label: "Email" },
    { key: "resposta", label: "Resposta da análise", as: "long", wide: true },
  ],
  webhook: (record, context) => seoWebhookPayload(record, context.createdAt),
  // Spec §7 SEO: the requester waits for the automation's answer.
  workflow: ANALYSIS_WORKFLOW,
  sample: seoSample,
  delivery: { mode: "immediate", answerField: "resposta" },
  messages: {
    success: (answer) => seoMessages.success(answer),
    error: () => seoMessages.error,
  },
});
