import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { Controller, type Path, useForm } from "react-hook-form";
import {
  type Client,
  type ClientFormValues,
  type ClientInput,
  ClientInputSchema,
  clientMessages,
} from "@/domain/planning/client.schema";
import { MARKET_TYPES } from "@/domain/planning/options";
import { FormItem } from "@/web/components/form/form-item";
import { OptionSelect } from "@/web/components/form/option-select";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifySuccess } from "@/web/lib/notify";
import { showSubmitError } from "@/web/lib/submit-error";
import { useSingleSubmit } from "@/web/lib/use-single-submit";
import { useSaveClient } from "../api/clients";
import { CLIENT_LINKS } from "./client-links";

const FIELD_ORDER = [
  "name",
  "segment",
  "market_type",
  "voice_tone",
  "persona_brief",
  "notes",
  "website",
  "instagram_url",
  "facebook_url",
  "linkedin_url",
  "youtube_url",
] as const satisfies readonly Path<ClientFormValues>[];

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

function initialValues(client: Client | undefined): ClientFormValues {
  return {
    name: client?.name ?? "",
    segment: client?.segment ?? "",
    market_type: client?.market_type ?? "",
    voice_tone: client?.voice_tone ?? "",
    persona_brief: client?.persona_brief ?? "",
    notes: client?.notes ?? "",
    website: client?.website ?? "",
    instagram_url: client?.instagram_url ?? "",
    facebook_url: client?.facebook_url ?? "",
    linkedin_url: client?.linkedin_url ?? "",
    youtube_url: client?.youtube_url ?? "",
  };
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
  const editing = client !== undefined;
  const mutation = useSaveClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClientFormValues, unknown, ClientInput>({
    resolver,
    defaultValues: initialValues(client),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const onSubmit = useSingleSubmit(
    handleSubmit(async (values) => {
      let saved: Client;
      try {
        saved = await mutation.mutateAsync({ id: client?.id, body: values });
      } catch (error) {
        // A taken name is not "an error, try again": the toast says what to change.
        const taken = error instanceof ApiRequestError && error.status === 409;
        showSubmitError(
          error,
          taken
            ? { title: clientMessages.saveFailed.title, description: clientMessages.nameTaken }
            : clientMessages.saveFailed,
          FIELD_ORDER,
          (field, message, focus) => setError(field, { type: "server", message }, { shouldFocus: focus }),
        );
        return;
      }
      notifySuccess(editing ? clientMessages.updated.title : clientMessages.created.title);
      onDone(saved);
    }),
  );
  const busy = isSubmitting || mutation.isPending;
  const formName = editing ? "Editar cliente" : "Cadastrar cliente";

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label={formName} className="flex flex-col">
      <div className="grid gap-x-5 gap-y-6 sm:grid-cols-2">
        <FormItem
          id="cliente-nome"
          label="Nome"
          required
          error={errors.name?.message}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Input
              {...controlProps}
              autoComplete="off"
              placeholder="Ex.: Padaria Pão Quente"
              {...register("name")}
            />
          )}
        </FormItem>

        <FormItem id="cliente-segmento" label="Segmento" error={errors.segment?.message}>
          {(controlProps) => (
            <Input
              {...controlProps}
              autoComplete="off"
              placeholder="Ex.: Alimentação"
              {...register("segment")}
            />
          )}
        </FormItem>

        <FormItem id="cliente-tipo-mercado" label="Tipo de mercado" error={errors.market_type?.message}>
          {(controlProps) => (
            <Controller
              control={control}
              name="market_type"
              render={({ field }) => (
                <OptionSelect
                  {...controlProps}
                  options={MARKET_TYPE_OPTIONS}
                  placeholder="Selecione o tipo de mercado"
                  value={field.value ?? ""}
                  onChange={(value) => field.onChange(value === NO_MARKET_TYPE ? "" : value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          )}
        </FormItem>

        <FormItem
          id="cliente-tom-voz"
          label="Tom de voz"
          error={errors.voice_tone?.message}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Input
              {...controlProps}
              autoComplete="off"
              placeholder="Ex.: Próximo e bem-humorado"
              {...register("voice_tone")}
            />
          )}
        </FormItem>

        <FormItem
          id="cliente-persona"
          label="Persona"
          hint="Quem o cliente quer alcançar: perfil, dores e interesses."
          error={errors.persona_brief?.message}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Textarea
              {...controlProps}
              rows={3}
              placeholder="Ex.: Famílias do bairro que compram pão todas as manhãs"
              {...register("persona_brief")}
            />
          )}
        </FormItem>

        <FormItem
          id="cliente-observacoes"
          label="Observações"
          error={errors.notes?.message}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Textarea
              {...controlProps}
              rows={3}
              placeholder="Preferências, restrições, datas importantes..."
              {...register("notes")}
            />
          )}
        </FormItem>

        <fieldset className="grid min-w-0 gap-x-5 gap-y-6 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-4 text-sm font-semibold">Presença digital</legend>
          {CLIENT_LINKS.map(({ field, label, placeholder }) => (
            <FormItem
              key={field}
              id={`cliente-${field.replace("_url", "").replace("_", "-")}`}
              label={label}
              error={errors[field]?.message}
              className={field === "website" ? "sm:col-span-2" : undefined}
            >
              {(controlProps) => (
                <Input
                  {...controlProps}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={placeholder}
                  {...register(field)}
                />
              )}
            </FormItem>
          ))}
        </fieldset>
      </div>

      <div className="mt-7 flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          Campos com <span className="text-destructive">*</span> são obrigatórios.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy ? "Salvando..." : "Salvar"}
          </Button>
        </div>
      </div>
    </form>
  );
}
