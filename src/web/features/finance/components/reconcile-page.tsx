import { ArrowLeft, Check, FileUp, Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { formatDateBR } from "@/domain/dates";
import type { StatementResult } from "@/domain/finance/bank-api";
import { formatBRL } from "@/domain/money";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { paths } from "@/web/config/paths";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useReadStatement, useReconcile } from "../api/bank";

/*
 * 'Conciliar extrato' (docs/decisions/059): the bank's OFX statement read, each debit suggested
 * as one of the payments made (by txid, by name, or by amount and date alone), confirmed with one
 * click; what is left unmatched on each side listed for a look by hand.
 */

type Suggestion = StatementResult["sugestoes"][number];
type Entry = StatementResult["lancamentosSemPar"][number];
type Payment = StatementResult["pagamentosSemPar"][number];

const CONFIDENCE: Record<Suggestion["confianca"], string> = {
  txid: "Código do pagamento",
  name: "Nome",
  "amount-date": "Valor e data",
};

const entryText = (e: Entry) => `${formatDateBR(e.data)} · ${formatBRL(e.valor)} · ${e.descricao}`;

function SuggestionRow({ statementId, suggestion }: { statementId: string; suggestion: Suggestion }) {
  const reconcile = useReconcile(statementId);
  const [done, setDone] = useState(false);
  const { lancamento, pagamento } = suggestion;
  const confirm = () =>
    reconcile.mutate(
      { fitid: lancamento.fitid, tipo: pagamento.tipo, id: pagamento.id },
      {
        onSuccess: () => {
          setDone(true);
          notifySuccess("Pagamento conciliado");
        },
        onError: (error) =>
          toastApiError(error, { title: "Não conciliado", description: "Tente novamente." }),
      },
    );
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_1fr_auto] sm:items-center">
      <span className="min-w-0 text-sm break-words">{entryText(lancamento)}</span>
      <span className="min-w-0 text-sm">
        <Link
          to={paths.app.solicitacao.getHref(pagamento.tipo, pagamento.id)}
          className="font-medium hover:underline"
        >
          {`${pagamento.nome}, ${formatBRL(pagamento.valor)}`}
        </Link>
        <span className="block text-xs text-muted-foreground">
          <Badge variant="secondary" className="mr-1.5">
            {CONFIDENCE[suggestion.confianca]}
          </Badge>
          {suggestion.motivo}
        </span>
      </span>
      {done ? (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700">
          <Check className="size-4" aria-hidden="true" />
          Conciliado
        </span>
      ) : (
        <Button
          type="button"
          size="sm"
          onClick={confirm}
          disabled={reconcile.isPending}
          aria-label={`Confirmar: ${entryText(lancamento)} é o pagamento a ${pagamento.nome}`}
        >
          {reconcile.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Confirmar
        </Button>
      )}
    </li>
  );
}

function Leftovers({ entries, payments }: { entries: Entry[]; payments: Payment[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="gap-2 px-5 py-4">
        <h2 className="text-base font-semibold">Lançamentos sem pagamento</h2>
        {entries.length ? (
          <ul className="grid gap-1.5 text-sm" aria-label="Lançamentos sem pagamento">
            {entries.map((e) => (
              <li key={e.fitid} className="break-words">
                {entryText(e)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Nenhum.</p>
        )}
      </Card>
      <Card className="gap-2 px-5 py-4">
        <h2 className="text-base font-semibold">Pagamentos sem lançamento</h2>
        {payments.length ? (
          <ul className="grid gap-1.5 text-sm" aria-label="Pagamentos sem lançamento">
            {payments.map((p) => (
              <li key={p.id}>
                <Link to={paths.app.solicitacao.getHref(p.tipo, p.id)} className="hover:underline">
                  {`${p.nome}, ${formatBRL(p.valor)}, ${formatDateBR(p.data)}`}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Nenhum.</p>
        )}
      </Card>
    </div>
  );
}

export function ReconcilePage() {
  const picker = useRef<HTMLInputElement>(null);
  const read = useReadStatement();
  const result = read.data;
  const onPicked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file)
      read.mutate(file, {
        onError: (error) =>
          toastApiError(error, { title: "Extrato não lido", description: "Tente novamente." }),
      });
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <Link
          to={paths.app.lotePagamento.getHref()}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Lote de pagamento
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Conciliar extrato</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          Envie o extrato do banco (arquivo OFX): cada débito é comparado aos pagamentos enviados ou pagos.
        </p>
      </div>
      <div>
        <Button type="button" onClick={() => picker.current?.click()} disabled={read.isPending}>
          {read.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <FileUp aria-hidden="true" />
          )}
          Enviar extrato (OFX)
        </Button>
        <input
          ref={picker}
          type="file"
          accept=".ofx,application/x-ofx,text/plain"
          className="sr-only"
          aria-label="Extrato do banco (OFX)"
          tabIndex={-1}
          onChange={onPicked}
        />
      </div>
      {result ? (
        <>
          <p className="text-sm" role="status">
            {`${result.lancamentos} ${result.lancamentos === 1 ? "débito lido" : "débitos lidos"}${result.futurosIgnorados ? ` (${result.futurosIgnorados} futuros ignorados)` : ""}; ${result.sugestoes.length} ${result.sugestoes.length === 1 ? "sugestão" : "sugestões"}.`}
          </p>
          {result.sugestoes.length ? (
            <Card className="gap-0 py-0">
              <ul className="divide-y" aria-label="Sugestões de conciliação">
                {result.sugestoes.map((s) => (
                  <SuggestionRow key={s.lancamento.fitid} statementId={result.id} suggestion={s} />
                ))}
              </ul>
            </Card>
          ) : null}
          <Leftovers entries={result.lancamentosSemPar} payments={result.pagamentosSemPar} />
        </>
      ) : null}
    </div>
  );
}
