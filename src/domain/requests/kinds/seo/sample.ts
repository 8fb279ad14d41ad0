import { defineKindSample, nth } from "../kind-sample";
import { ENABLED_SEO_ANALYSIS_TYPE_VALUES } from "./options";

/** A page to analyse (JSON). */
export const seoSample = defineKindSample({
  body: ({ n, mark }) => ({
    url: `https://site.example/${mark}`,
    tipoAnalise: nth(ENABLED_SEO_ANALYSIS_TYPE_VALUES, n),
  }),
  record: ({ name, email, n }) => ({
    url: `https://site.example/pagina-${n + 1}`,
    tipoAnalise: nth(ENABLED_SEO_ANALYSIS_TYPE_VALUES, n),
    nome: name,
    email,
  }),
  ends: { decided: "concluida", settled: null, refused: "recusada" },
});
