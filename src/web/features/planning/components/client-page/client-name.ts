import { shareMessages } from "@/domain/planning/share-api";
import type { FieldSpec } from "@/web/components/form/form-fields";
import { apiErrorNotice } from "@/web/lib/toast-api-error";

/** What every form of the client's page holds: the name, shared between them (useSharedField). */
export type Named = { nome: string };

/** 'Seu nome' on the client's forms: typed once for the approval and every comment (decision 020). */
export const clientNameField = (id: string): Extract<FieldSpec<Named>, { type: "text" }> => ({
  type: "text",
  name: "nome",
  id,
  label: "Seu nome",
  input: "name",
  // Past the rule's CLIENT_NAME_MAX, so a longer name is said under the field rather than cut.
  attrs: { maxLength: 200 },
});

/** The toast of a refused comment or approval: the server's own words, else 'Não foi possível enviar'. */
export const clientFailedNotice = (error: unknown) =>
  apiErrorNotice(error, { title: shareMessages.sendFailed });
