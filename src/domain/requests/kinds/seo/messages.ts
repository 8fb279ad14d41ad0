import type { Notice } from "../../../messages";
import { SUCCESS_TITLE } from "../../messages";

/** The texts of its form and toasts (spec §5, §8); those the spec does not give are marked "ours". */
export const seoMessages = {
  fields: {
    urlInvalid: "URL inválida. Inclua http:// ou https://",
    tipoAnaliseRequired: "Selecione um tipo de análise",
  },
  // Spec §7 SEO: the automation's answer is the description; ours when it gives none.
  success: (responseText?: string | null): Notice => ({
    title: SUCCESS_TITLE,
    description:
      responseText?.trim() || "Sua solicitação de análise foi enviada. Você receberá o resultado por email.",
  }),
  // Spec §8 elides the start ('...solicitação de análise SEO'); written like the support one. Title ours.
  error: {
    title: "Erro ao enviar solicitação",
    description: "Ocorreu um erro ao enviar sua solicitação de análise SEO. Tente novamente.",
  },
} as const;
