import { personNameMessages } from "../auth/person-name";
import type { Notice } from "../messages";
import { REQUEST_STATE_LABELS } from "./workflow";

/*
 * Portuguese texts of the spec's five request forms: field messages (spec §5), toasts
 * (spec §8 Requests and Successes) and listing labels. Texts the spec gives are
 * copied to the letter; those it does not give are marked "ours".
 */

export const fieldMessages = {
  /** Spec §5: 'Nome deve ter pelo menos 3 caracteres', the one name rule's own message. */
  nomeMin: personNameMessages.tooShort,
  dataRequired: "Por favor selecione uma data",
  // ours: the spec only disables these dates in the picker (§5 Reimbursement).
  dataOutOfWindow: "Data fora do período permitido",
  tipoDespesaRequired: "Por favor selecione um tipo de despesa",
  // ours: the spec gives the field a default and no message.
  centroCustoInvalid: "Por favor selecione um centro de custo",
  valorInvalid: "Valor deve ser um número válido",
  descricaoMin5: "Descrição deve ter pelo menos 5 caracteres",
  descricaoMin10: "Descrição deve ter pelo menos 10 caracteres",
  chavePixRequired: "Chave PIX é obrigatória",
  // ours: the spec checks only that a key is given.
  chavePixInvalid: "Chave PIX inválida",
  tituloRequired: "Título é obrigatório",
  tipoRequired: "Tipo é obrigatório",
  valorRequired: "Valor é obrigatório",
  linkPlataformaInvalid: "Digite uma URL válida",
  valorAgregadoRequired: "Como pode agregar valor é obrigatório",
  criadoPorRequired: "Criado por é obrigatório",
  motivoMin: "Motivo deve ter pelo menos 5 caracteres",
  linkReferenciaInvalid: "Deve ser uma URL válida",
  quantidadeInvalid: "Quantidade deve ser um número maior que zero",
  // ours: the column is a 32-bit integer.
  quantidadeTooLarge: "Quantidade muito alta",
  urgenciaRequired: "Por favor selecione o nível de urgência",
  emailInvalid: "Email inválido",
  departamentoRequired: "Por favor selecione um departamento",
  assuntoMin: "Assunto deve ter pelo menos 5 caracteres",
  prioridadeRequired: "Por favor selecione o nível de prioridade",
  urlInvalid: "URL inválida. Inclua http:// ou https://",
  tipoAnaliseRequired: "Selecione um tipo de análise",
  // ours: upper bounds the spec does not set, so the server never stores unbounded text.
  tooLong: (max: number) => `Deve ter no máximo ${max} caracteres`,
} as const;

/** Spec §8 Requests: the reimbursement and material error toast. */
export const sendFailed = {
  title: "Erro ao enviar solicitação",
  description: "Ocorreu um erro. Tente novamente.",
};

export const SUCCESS_TITLE = "Solicitação enviada com sucesso!";

export const requestMessages = {
  reembolso: {
    success: {
      title: SUCCESS_TITLE,
      // ours: the spec asks for tailored descriptions without giving them.
      description: "Sua solicitação de reembolso foi registrada e será analisada em breve.",
    },
    // ours: spec §7, the key could not be saved although the request was.
    successWithoutPixKey: {
      title: SUCCESS_TITLE,
      description:
        "Sua solicitação de reembolso foi registrada, mas não foi possível salvar a chave PIX. Informe-a ao financeiro.",
    },
    error: sendFailed,
  },
  bolsa: {
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
  },
  material: {
    success: {
      title: SUCCESS_TITLE,
      // ours
      description: "Sua solicitação de material foi registrada e será analisada em breve.",
    },
    error: sendFailed,
  },
  suporte: {
    success: {
      title: SUCCESS_TITLE,
      // ours
      description: "Sua solicitação de suporte foi enviada. Nossa equipe retornará em breve.",
    },
    // Spec §8 gives the description; the title is ours.
    error: {
      title: "Erro ao enviar solicitação",
      description: "Ocorreu um erro ao enviar sua solicitação de suporte. Tente novamente.",
    },
  },
  seo: {
    // Spec §7 SEO: the automation's answer is the description; ours when it gives none.
    success: (responseText?: string | null): Notice => ({
      title: SUCCESS_TITLE,
      description:
        responseText?.trim() ||
        "Sua solicitação de análise foi enviada. Você receberá o resultado por email.",
    }),
    // Spec §8 elides the start ('...solicitação de análise SEO'); written like the support one. Title ours.
    error: {
      title: "Erro ao enviar solicitação",
      description: "Ocorreu um erro ao enviar sua solicitação de análise SEO. Tente novamente.",
    },
  },
  /** Spec §8 Successes: the short form, for a request accepted before its delivery is confirmed. */
  sent: { title: "Solicitação enviada" },
} as const satisfies Record<string, Record<string, Notice | ((...args: never[]) => Notice)> | Notice>;

/** Spec §4: requests are created 'pendente'; the review desk's states (decision 011); others as stored. */
export const REQUEST_STATUS_LABELS: Readonly<Record<string, string>> = REQUEST_STATE_LABELS;

export function requestStatusLabel(status: string): string {
  return Object.hasOwn(REQUEST_STATUS_LABELS, status) ? (REQUEST_STATUS_LABELS[status] ?? status) : status;
}
