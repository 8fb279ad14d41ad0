import type { Notice } from "@/domain/messages";
import { seoMessages } from "@/domain/requests/kinds/seo/messages";
import type { CreatedSeoRequest } from "../types";

/*
 * Texts of ours (the spec does not give them), in the style of
 * src/domain/requests/messages.ts.
 */

/** The SEO request was saved, but the automation has not answered (yet): it is sent by the outbox. */
export const SEO_QUEUED_DESCRIPTION =
  "Sua solicitação foi registrada e será enviada para análise automaticamente.";

/**
 * Spec §7 SEO: the automation's answer is the toast's text. Without one the
 * request is still saved: sent later (entregue false), or kept with no
 * automation configured (entregue null).
 */
export function seoSuccessNotice(result: Pick<CreatedSeoRequest, "resposta" | "entregue">): Notice {
  if (result.resposta?.trim()) return seoMessages.success(result.resposta);
  if (result.entregue === true) return seoMessages.success();
  return { title: seoMessages.success().title, description: SEO_QUEUED_DESCRIPTION };
}

export const DELIVERY_LABELS = {
  pending: "Na fila de envio",
  failed: "Falha no envio",
  none: "Sem integração configurada",
  delivered: (when: string) => `Enviada para a automação em ${when}`,
} as const;

/** ours: sending again a delivery the worker gave up on. */
export const RESEND_LABELS = {
  button: "Enviar novamente",
  busy: "Enviando...",
  delivered: "Solicitação enviada para a automação.",
  queued: {
    title: "Envio na fila",
    description: "A automação não respondeu agora; vamos continuar tentando.",
  },
  failed: "Não foi possível enviar de novo. Tente novamente.",
} as const;

export const DETAIL_NOT_FOUND = {
  title: "Solicitação não encontrada",
  description: "O endereço pode estar incorreto, ou a solicitação não está disponível para você.",
};

/** ours: 'Editar e reenviar' (decision 011). */
export const RESUBMIT_LABELS = {
  title: (kind: string) => `Editar e reenviar: ${kind}`,
  submit: "Reenviar",
  busy: "Reenviando...",
  success: "Solicitação reenviada",
  description: "Altere o que a equipe pediu, confira os anexos e reenvie a solicitação.",
  reason: "Ajuste pedido pela equipe",
  loading: "Carregando a solicitação...",
  notEditable: {
    title: "Esta solicitação não pode ser editada agora",
    description: (state: string) =>
      `Só é possível editar e reenviar uma solicitação enquanto ela está em 'Aguardando ajuste'. Ela está em '${state}'.`,
  },
  back: "Voltar para a solicitação",
} as const;
