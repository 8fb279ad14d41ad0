import { z } from "zod";
import {
  choiceField,
  LONG_TEXT_MAX,
  optionalUrlField,
  personNameField,
  QUANTITY_MAX,
  textField,
} from "../../fields";
import { fieldMessages } from "../../messages";
import { defineRequestKind } from "../definition";
import { materialMessages } from "./messages";
import { materialMeta } from "./meta";
import { URGENCY_OPTIONS, URGENCY_VALUES, type Urgency } from "./options";
import { materialSample } from "./sample";
import { DELIVERY_WORKFLOW } from "./workflow";

/** Spec §2 /material: the quantity starts at 1. */
export const DEFAULT_MATERIAL_QUANTITY = 1;

/**
 * A whole number above zero, typed as text or sent as a number; a missing field
 * takes the default 1, while an emptied one is refused (spec §5 Material).
 */
const quantidadeField = z
  .union([z.number(), z.string()], { error: materialMessages.fields.quantidadeInvalid })
  .optional()
  .transform((value) => {
    if (value === undefined) return DEFAULT_MATERIAL_QUANTITY;
    if (typeof value === "number") return value;
    return /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  })
  .pipe(
    z
      .number({ error: materialMessages.fields.quantidadeInvalid })
      .int(materialMessages.fields.quantidadeInvalid)
      .gt(0, materialMessages.fields.quantidadeInvalid)
      .max(QUANTITY_MAX, materialMessages.fields.quantidadeTooLarge),
  );

/** The material request form (spec §2 /material, §3 material_solicitacoes, §5 Material). */
export const MaterialInputSchema = z.object({
  nome: personNameField(fieldMessages.nomeMin),
  /** What is asked for (sent to the webhook as `material`). */
  descricao: textField(5, fieldMessages.descricaoMin5, LONG_TEXT_MAX),
  motivo: textField(5, materialMessages.fields.motivoMin, LONG_TEXT_MAX),
  /** Optional; '' becomes null, as link_referencia is nullable (spec §3). */
  linkReferencia: optionalUrlField(materialMessages.fields.linkReferenciaInvalid),
  quantidade: quantidadeField,
  urgencia: choiceField(URGENCY_VALUES, materialMessages.fields.urgenciaRequired),
});
export type MaterialInput = z.infer<typeof MaterialInputSchema>;
export type MaterialFormValues = z.input<typeof MaterialInputSchema>;

/** material_solicitacoes (spec §3): the form's fields. */
export type MaterialRecord = {
  nome: string;
  descricao: string;
  motivo: string;
  linkReferencia: string | null;
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

/** Spec §7 Material webhook, field for field. */
export function materialWebhookPayload(record: MaterialRecord): MaterialWebhookPayload {
  return {
    nome: record.nome,
    material: record.descricao,
    motivo: record.motivo,
    quantidade: record.quantidade,
    referencia: record.linkReferencia ?? "",
    nivelUrgencia: record.urgencia,
    tipo_solicitacao: "Solicitação de material",
  };
}

export const material = defineRequestKind(materialMeta, {
  schema: () => MaterialInputSchema,
  toRecord: (input): MaterialRecord => ({
    nome: input.nome,
    descricao: input.descricao,
    motivo: input.motivo,
    linkReferencia: input.linkReferencia,
    quantidade: input.quantidade,
    urgencia: input.urgencia,
  }),
  moneyFields: [],
  list: { fields: ["descricao", "quantidade"], summary: (f) => `${f.descricao} (${f.quantidade})` },
  detail: [
    { key: "nome", label: "Nome" },
    { key: "quantidade", label: "Quantidade" },
    { key: "descricao", label: "Material", as: "long", wide: true },
    { key: "motivo", label: "Motivo", as: "long", wide: true },
    { key: "linkReferencia", label: "Link de referência", as: "url", empty: "Não informado", wide: true },
    { key: "urgencia", label: "Urgência", options: URGENCY_OPTIONS },
  ],
  webhook: (record) => materialWebhookPayload(record),
  workflow: DELIVERY_WORKFLOW,
  sample: materialSample,
  delivery: { mode: "queued" },
  messages: {
    success: () => materialMessages.success,
    error: () => materialMessages.error,
  },
});
