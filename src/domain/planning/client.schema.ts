import { z } from "zod";
import { LONG_TEXT_MAX, optionalUrlField, SHORT_TEXT_MAX, textField } from "../requests/fields";
import { fieldMessages } from "../requests/messages";
import { MARKET_TYPES } from "./options";

/*
 * Spec §3 Client. The spec only reads clients; keeping them is ours (decision 008),
 * so every message here is ours.
 */
export const clientMessages = {
  nameMin: "Nome deve ter pelo menos 2 caracteres",
  nameTaken: "Já existe um cliente com este nome",
  urlInvalid: "Deve ser uma URL válida",
  marketTypeInvalid: "Selecione um tipo de mercado da lista",
  created: { title: "Cliente cadastrado com sucesso!" },
  updated: { title: "Cliente atualizado com sucesso!" },
  saveFailed: { title: "Erro ao salvar cliente", description: "Ocorreu um erro. Tente novamente." },
  // spec §8 Plans, inline
  loadFailed: "Erro ao carregar clientes",
  empty: "Nenhum cliente cadastrado",
  loading: "Carregando clientes...",
} as const;

/** Optional free text: '', null and a missing field become null. */
export function optionalText(max: number = SHORT_TEXT_MAX) {
  return z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(max, fieldMessages.tooLong(max)).nullable());
}

export const ClientInputSchema = z.object({
  name: textField(2, clientMessages.nameMin),
  segment: optionalText(),
  market_type: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(z.enum(MARKET_TYPES, { error: clientMessages.marketTypeInvalid }).nullable()),
  voice_tone: optionalText(),
  persona_brief: optionalText(LONG_TEXT_MAX),
  notes: optionalText(LONG_TEXT_MAX),
  website: optionalUrlField(clientMessages.urlInvalid),
  instagram_url: optionalUrlField(clientMessages.urlInvalid),
  facebook_url: optionalUrlField(clientMessages.urlInvalid),
  linkedin_url: optionalUrlField(clientMessages.urlInvalid),
  youtube_url: optionalUrlField(clientMessages.urlInvalid),
});
export type ClientInput = z.infer<typeof ClientInputSchema>;
export type ClientFormValues = z.input<typeof ClientInputSchema>;

/** A client as the API returns it (spec §3 Client): api.ts. */
