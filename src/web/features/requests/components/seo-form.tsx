import { SearchCheck } from "lucide-react";
import { SEO_ANALYSIS_TYPE_OPTIONS } from "@/domain/requests/kinds/seo/options";
import { withKindLabels } from "../lib/kind-labels";
import { seoSuccessNotice } from "../lib/messages";
import type { RequestFormDeclaration } from "./request-form";

// ours: what each analysis looks at.
const ANALYSIS_HINTS: Record<string, string> = {
  "analise-conteudo": "Textos, títulos, palavras-chave e legibilidade.",
  "analise-tecnica": "Desempenho, indexação, metadados e estrutura.",
  "analise-cro": "Conversão: chamadas, formulários e jornada. Em breve.",
};

/** Spec §2 /seo, §5 SEO, §7 SEO analysis (the automation's answer is the toast's text), §8 Requests. */
export const seoForm: RequestFormDeclaration = {
  kind: "seo",
  title: "Análise de páginas",
  badge: "beta",
  description: "Peça uma análise de conteúdo ou técnica de uma página. O resultado chega pelo seu email.",
  icon: SearchCheck,
  name: "Solicitação de análise de página",
  fields: withKindLabels("seo", [
    {
      type: "text",
      name: "url",
      required: true,
      hint: "O endereço completo, com http:// ou https://.",
      wide: true,
      input: "url",
      placeholder: "https://www.exemplo.com.br/pagina",
    },
    {
      type: "cards",
      name: "tipoAnalise",
      id: "seo-tipo",
      required: true,
      wide: true,
      options: SEO_ANALYSIS_TYPE_OPTIONS,
      hints: ANALYSIS_HINTS,
    },
  ]),
  submit: { label: "Solicitar análise", busyLabel: "Analisando..." },
  success: (created) =>
    seoSuccessNotice({ resposta: created.resposta ?? null, entregue: created.entregue ?? null }),
};
