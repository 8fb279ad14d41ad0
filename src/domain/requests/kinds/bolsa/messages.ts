import type { Notice } from "../../../messages";
import { SUCCESS_TITLE } from "../../messages";

/** The texts of its form and toasts (spec §5, §8); those the spec does not give are marked "ours". */
export const bolsaMessages = {
  fields: {
    tituloRequired: "Título é obrigatório",
    tipoRequired: "Tipo é obrigatório",
    valorRequired: "Valor é obrigatório",
    linkPlataformaInvalid: "Digite uma URL válida",
    valorAgregadoRequired: "Como pode agregar valor é obrigatório",
    criadoPorRequired: "Criado por é obrigatório",
  },
  success: {
    title: SUCCESS_TITLE,
    // ours, as spec §8 describes it: the grant will be analysed soon.
    description: "Sua solicitação de bolsa de capacitação será analisada em breve.",
  },
  // Spec §8: the error's own message, or this fallback. The title is ours.
  error: (message?: string | null): Notice => ({
    title: "Erro ao enviar solicitação",
    description: message?.trim() || "Tente novamente em alguns minutos.",
  }),
} as const;
