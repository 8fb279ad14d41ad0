import { zodResolver } from "@hookform/resolvers/zod";
import { Landmark, Loader2 } from "lucide-react";
import { useEffect } from "react";
import {
  type PayingAccountPage as Page,
  type PayingAccount,
  type PayingAccountInput,
  PayingAccountInputSchema,
} from "@/domain/finance/bank-api";
import type { FieldSpec } from "@/web/components/form/field-spec";
import { FormFields } from "@/web/components/form/form-fields";
import { ListError, ListLoading } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { useServerForm } from "@/web/lib/use-server-form";
import { usePayingAccount, useSavePayingAccount } from "../api/bank";

/*
 * 'Conta pagadora' (docs/decisions/059), for administrators: the account the bank's payment files
 * pay from and the bank's layout they are written in. The file numbers go on from the last one.
 */

type Values = {
  perfil: string;
  banco: string;
  agencia: string;
  agenciaDigito: string;
  conta: string;
  contaDigito: string;
  cnpj: string;
  razaoSocial: string;
  convenio: string;
};

const ORDER = [
  "perfil",
  "banco",
  "agencia",
  "agenciaDigito",
  "conta",
  "contaDigito",
  "cnpj",
  "razaoSocial",
  "convenio",
] as const satisfies readonly (keyof Values)[];

const EMPTY: Values = {
  perfil: "",
  banco: "",
  agencia: "",
  agenciaDigito: "",
  conta: "",
  contaDigito: "",
  cnpj: "",
  razaoSocial: "",
  convenio: "",
};

const valuesOf = (account: PayingAccount | null): Values =>
  account ? { ...account, agenciaDigito: account.agenciaDigito ?? "" } : EMPTY;

function fieldsOf(page: Page): FieldSpec<Values>[] {
  const digits = { input: "off" as const, attrs: { inputMode: "numeric" as const } };
  return [
    {
      type: "select",
      name: "perfil",
      label: "Banco do arquivo",
      required: true,
      wide: true,
      placeholder: "Escolha o layout do banco",
      options: page.perfis.map((p) => ({ value: p.id, label: p.label })),
    },
    { type: "text", name: "banco", label: "Código do banco", required: true, placeholder: "341", ...digits },
    { type: "text", name: "agencia", label: "Agência", required: true, placeholder: "0123", ...digits },
    { type: "text", name: "agenciaDigito", label: "Dígito da agência (se houver)", input: "off" },
    { type: "text", name: "conta", label: "Conta", required: true, placeholder: "45678", ...digits },
    { type: "text", name: "contaDigito", label: "Dígito da conta", required: true, input: "off" },
    {
      type: "text",
      name: "cnpj",
      label: "CNPJ da agência",
      required: true,
      placeholder: "00.000.000/0000-00",
      input: "off",
    },
    { type: "text", name: "razaoSocial", label: "Razão social", required: true, wide: true, input: "off" },
    {
      type: "text",
      name: "convenio",
      label: "Código do convênio",
      required: true,
      hint: "O número que o banco deu ao contrato de pagamentos (no Itaú, use 0).",
      input: "off",
    },
  ];
}

function AccountForm({ page }: { page: Page }) {
  const save = useSavePayingAccount();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(PayingAccountInputSchema) as never,
    defaults: valuesOf(page.conta),
    serverFields: ORDER,
    send: (values) => save.mutateAsync(values as unknown as PayingAccountInput),
    isPending: save.isPending,
    errorNotice: () => ({ title: "Conta não salva", description: "Confira os campos e tente de novo." }),
    successNotice: () => ({ title: "Conta pagadora salva" }),
  });
  useEffect(() => form.reset(valuesOf(page.conta)), [page.conta, form]);
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Conta pagadora" className="grid gap-5">
      <div className="grid gap-x-5 gap-y-6 sm:grid-cols-2">
        <FormFields form={form as never} fields={fieldsOf(page) as never} idPrefix="conta" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {page.conta
            ? `O próximo arquivo será o nº ${page.conta.proximoArquivo}.`
            : "Nenhum arquivo gerado ainda."}
        </p>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Salvar conta
        </Button>
      </div>
    </form>
  );
}

export function PayingAccountPage() {
  const page = usePayingAccount();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Conta pagadora</h1>
        <p className="max-w-2xl text-sm text-muted-foreground md:text-base">
          A conta de onde saem os pagamentos que o Financeiro envia ao banco em arquivo (CNAB 240, PIX por
          chave).
        </p>
      </div>
      <Card className="max-w-3xl gap-5 px-5 py-5 sm:px-7">
        <div className="flex items-center gap-2">
          <Landmark className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-base font-semibold">Dados da conta</h2>
        </div>
        {page.isPending ? (
          <ListLoading text="Carregando a conta…" />
        ) : page.isError ? (
          <ListError
            title="Não foi possível carregar a conta."
            onRetry={() => void page.refetch()}
            retrying={page.isFetching}
          />
        ) : (
          <AccountForm page={page.data} />
        )}
      </Card>
    </div>
  );
}
