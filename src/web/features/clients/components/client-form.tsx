import { zodResolver } from "@hookform/resolvers/zod";
import type { Client } from "@/domain/planning/api";
import { type ClientFormValues, ClientInputSchema, clientMessages } from "@/domain/planning/client.schema";
import { MARKET_TYPES } from "@/domain/planning/options";
import type { FieldSpec } from "@/web/components/form/form-fields";
import { RecordForm } from "@/web/components/form/record-form";
import { ApiRequestError } from "@/web/lib/api-client";
import { useSaveClient } from "../api/clients";
import { CLIENT_LINKS } from "./client-links";

/*
 * The market type is optional, but a Radix select cannot hold '' as an item:
 * this item stands for "no type" and is stored as '' (the schema makes it null).
 */
const NO_MARKET_TYPE = "nenhum";
const MARKET_TYPE_OPTIONS = [
  { value: NO_MARKET_TYPE, label: "Não informado" },
  ...MARKET_TYPES.map((type) => ({ value: type, label: type })),
];

const resolver = zodResolver(ClientInputSchema);

/** The client's fields, in screen order; the addresses under 'Presença digital'. */
const FIELDS: readonly FieldSpec<ClientFormValues>[] = [
  {
    type: "text",
    name: "name",
    id: "cliente-nome",
    label: "Nome",
    required: true,
    wide: true,
    input: "off",
    placeholder: "Ex.: Padaria Pão Quente",
  },
  {
    type: "text",
    name: "segment",
    id: "cliente-segmento",
    label: "Segmento",
    input: "off",
    placeholder: "Ex.: Alimentação",
  },
  {
    type: "select",
    name: "market_type",
    id: "cliente-tipo-mercado",
    label: "Tipo de mercado",
    options: MARKET_TYPE_OPTIONS,
    placeholder: "Selecione o tipo de mercado",
    parse: (value) => (value === NO_MARKET_TYPE ? "" : value),
  },
  {
    type: "text",
    name: "voice_tone",
    id: "cliente-tom-voz",
    label: "Tom de voz",
    wide: true,
    input: "off",
    placeholder: "Ex.: Próximo e bem-humorado",
  },
  {
    type: "textarea",
    name: "persona_brief",
    id: "cliente-persona",
    label: "Persona",
    hint: "Quem o cliente quer alcançar: perfil, dores e interesses.",
    wide: true,
    rows: 3,
    placeholder: "Ex.: Famílias do bairro que compram pão todas as manhãs",
  },
  {
    type: "textarea",
    name: "notes",
    id: "cliente-observacoes",
    label: "Observações",
    wide: true,
    rows: 3,
    placeholder: "Preferências, restrições, datas importantes...",
  },
  {
    type: "group",
    key: "links",
    legend: "Presença digital",
    fields: CLIENT_LINKS.map(({ field, label, placeholder }) => ({
      type: "text" as const,
      name: field,
      id: `cliente-${field.replace("_url", "").replace("_", "-")}`,
      label,
      wide: field === "website",
      attrs: { type: "url", inputMode: "url", autoComplete: "off", spellCheck: false },
      placeholder,
    })),
  },
];

// A taken name is not "an error, try again": the toast says what to change.
function saveFailed(error: unknown) {
  const taken = error instanceof ApiRequestError && error.status === 409;
  return taken
    ? { title: clientMessages.saveFailed.title, description: clientMessages.nameTaken }
    : clientMessages.saveFailed;
}

/** Create mode (no `client`) or edit mode; `onDone` hears the saved client and closes it. */
export function ClientForm({
  client,
  onDone,
  onCancel,
}: {
  client?: Client;
  onDone: (saved: Client) => void;
  onCancel: () => void;
}) {
  const mutation = useSaveClient();
  const saved = client ? clientMessages.updated : clientMessages.created;
  return (
    <RecordForm
      fields={FIELDS}
      resolver={resolver}
      mutation={mutation}
      record={client}
      idPrefix="cliente"
      name={client ? "Editar cliente" : "Cadastrar cliente"}
      submitLabel="Salvar"
      errorNotice={saveFailed}
      successNotice={() => ({ title: saved.title })}
      onSaved={onDone}
      onCancel={onCancel}
    />
  );
}
