import { zodResolver } from "@hookform/resolvers/zod";
import { Landmark, Loader2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import type { Resolver } from "react-hook-form";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { PAY_DATE_MAX_DAYS, RemittanceInputSchema } from "@/domain/finance/bank-api";
import { formatBRL } from "@/domain/money";
import type { RequestKind } from "@/domain/requests/kinds";
import type { FieldSpec } from "@/web/components/form/field-spec";
import { FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { apiPaths } from "@/web/lib/api-paths";
import { notifySuccess } from "@/web/lib/notify";
import { markServerFields } from "@/web/lib/submit-error";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useCreateRemittance } from "../api/bank";

/*
 * 'Gerar arquivo para o banco' (docs/decisions/059): the chosen payments go into one CNAB 240
 * file, paid on the day chosen; they move to 'Enviado ao banco', and the file downloads at once
 * (and stays under 'Arquivos para o banco').
 */

type Chosen = { tipo: RequestKind; id: string; versao: number; valorAprovado: number };
type Values = { dataPagamento: string };

const FIELDS: FieldSpec<Values>[] = [
  {
    type: "date",
    name: "dataPagamento",
    label: "Data do pagamento",
    required: true,
    today: todayInSaoPaulo,
    window: (today) => ({ min: today, max: addDays(today, PAY_DATE_MAX_DAYS) }),
    calendarLabel: "Escolha a data do pagamento",
  },
];

/** Downloads a file the API serves, as a link the person clicked would. */
function download(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

export function RemittanceButton({ chosen, onSent }: { chosen: readonly Chosen[]; onSent: () => void }) {
  const [open, setOpen] = useState(false);
  const create = useCreateRemittance();
  const { form, onSubmit, busy } = useServerForm({
    // The day only: the payments are the ones chosen, added when sent.
    resolver: zodResolver(RemittanceInputSchema.pick({ dataPagamento: true })) as unknown as Resolver<
      Values,
      unknown,
      Values
    >,
    defaults: { dataPagamento: todayInSaoPaulo() },
    serverFields: ["dataPagamento"],
    send: (values) =>
      create.mutateAsync({
        dataPagamento: values.dataPagamento,
        itens: chosen.map((c) => ({ tipo: c.tipo, id: c.id, versao: c.versao })),
      }),
    isPending: create.isPending,
    errorNotice: (error) =>
      apiErrorNotice(error, { title: "Arquivo não gerado", description: "Tente novamente." }),
    // A refused day is said under its field only, without a toast.
    intercept: (error) =>
      markServerFields(error, ["dataPagamento"] as const, (name, message, focus) =>
        form.setError(name, { type: "server", message }, { shouldFocus: focus }),
      ),
    onSuccess: (made) => {
      setOpen(false);
      onSent();
      notifySuccess(`Arquivo nº ${made.numero} gerado`, {
        description: `${made.quantidade} ${made.quantidade === 1 ? "pagamento" : "pagamentos"}, ${formatBRL(made.total)}: envie o arquivo ${made.nomeArquivo} ao banco.`,
      });
      download(apiPaths.caixa.remittanceFile(made.id));
    },
  });
  const total = chosen.reduce((sum, c) => sum + c.valorAprovado, 0);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (create.isPending ? undefined : setOpen(next))}>
      <Dialog.Trigger asChild>
        <Button type="button" variant="outline" disabled={!chosen.length}>
          <Landmark aria-hidden="true" />
          Gerar arquivo para o banco
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Gerar arquivo para o banco</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            {`${chosen.length} ${chosen.length === 1 ? "pagamento" : "pagamentos"}, ${formatBRL(total)}, por PIX. Eles passam a 'Enviado ao banco' até o retorno do banco.`}
          </Dialog.Description>
          <form noValidate onSubmit={onSubmit} aria-busy={busy} className="grid gap-4">
            <FormFields form={form} fields={FIELDS} idPrefix="remessa" announce />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Cancelar
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Gerar arquivo
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
