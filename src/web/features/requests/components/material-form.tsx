import { zodResolver } from "@hookform/resolvers/zod";
import { Package } from "lucide-react";
import { useMemo } from "react";
import type { User } from "@/domain/auth/auth.schema";
import {
  DEFAULT_MATERIAL_QUANTITY,
  type MaterialFormValues,
  MaterialInputSchema,
} from "@/domain/requests/kinds/material";
import { requestMessages } from "@/domain/requests/messages";
import { URGENCY_OPTIONS } from "@/domain/requests/options";
import { SelectField } from "@/web/components/form/controlled-fields";
import { FormItem } from "@/web/components/form/form-item";
import {
  RequestFormCard,
  RequestFormFields,
  RequestFormFooter,
} from "@/web/components/form/request-form-layout";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { useCreateMaterial } from "../api/create-material";
import { useRequestForm } from "../lib/use-request-form";

const FIELD_ORDER = ["nome", "descricao", "motivo", "linkReferencia", "quantidade", "urgencia"] as const;
const resolver = zodResolver(MaterialInputSchema);

const emptyValues = (nome: string): MaterialFormValues => ({
  nome,
  descricao: "",
  motivo: "",
  linkReferencia: "",
  quantidade: String(DEFAULT_MATERIAL_QUANTITY),
  urgencia: "",
});

/** Spec §2 /material, §3 material_solicitacoes, §5 Material, §8 Requests. */
export function MaterialForm({ user }: { user: User }) {
  const userName = user.name.trim();
  const defaults = useMemo(() => emptyValues(userName), [userName]);
  const mutation = useCreateMaterial();
  const {
    form: {
      register,
      control,
      formState: { errors },
    },
    onSubmit,
    busy,
  } = useRequestForm({
    resolver,
    defaults,
    fieldOrder: FIELD_ORDER,
    send: (values, idempotencyKey) => mutation.mutateAsync({ body: values, idempotencyKey }),
    isPending: mutation.isPending,
    errorNotice: () => requestMessages.material.error,
    successNotice: () => requestMessages.material.success,
  });

  return (
    <RequestFormCard
      title="Solicitação de Material"
      description="Peça o material de trabalho de que você precisa e diga até quando."
      icon={Package}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Solicitação de material">
        <RequestFormFields>
          <FormItem
            id="material-nome"
            label="Nome"
            required
            error={errors.nome?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                autoComplete="name"
                placeholder="Digite seu nome completo"
                {...register("nome")}
              />
            )}
          </FormItem>

          <FormItem
            id="material-descricao"
            label="Material"
            required
            hint="O que você precisa: item, modelo, especificações."
            error={errors.descricao?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Textarea
                {...controlProps}
                rows={3}
                placeholder="Ex.: Mouse sem fio ergonômico"
                {...register("descricao")}
              />
            )}
          </FormItem>

          <FormItem
            id="material-motivo"
            label="Motivo"
            required
            error={errors.motivo?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Textarea
                {...controlProps}
                rows={3}
                placeholder="Por que você precisa deste material?"
                {...register("motivo")}
              />
            )}
          </FormItem>

          <FormItem
            id="material-link-referencia"
            label="Link de referência (opcional)"
            hint="Uma página do produto, com http:// ou https://."
            error={errors.linkReferencia?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                type="url"
                inputMode="url"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="https://"
                {...register("linkReferencia")}
              />
            )}
          </FormItem>

          <FormItem id="material-quantidade" label="Quantidade" required error={errors.quantidade?.message}>
            {(controlProps) => (
              <Input
                {...controlProps}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...register("quantidade")}
              />
            )}
          </FormItem>

          <SelectField
            control={control}
            name="urgencia"
            id="material-urgencia"
            label="Urgência"
            required
            error={errors.urgencia?.message}
            options={URGENCY_OPTIONS}
            placeholder="Selecione a urgência"
          />
        </RequestFormFields>
        <RequestFormFooter busy={busy} />
      </form>
    </RequestFormCard>
  );
}
