import { Download, FileUp, Landmark, Loader2, Scale } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { formatDateBR } from "@/domain/dates";
import type { ReturnResult } from "@/domain/finance/bank-api";
import { formatBRL } from "@/domain/money";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { paths } from "@/web/config/paths";
import { apiPaths } from "@/web/lib/api-paths";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useReadBankReturn, useRemittances } from "../api/bank";

/*
 * Under 'Lote de pagamento', for Finance (docs/decisions/059): the files sent to the bank, to
 * download again; 'Enviar retorno do banco', whose answer says what each payment became; and the
 * way to 'Conciliar extrato'.
 */

function ReturnSummary({ result }: { result: ReturnResult }) {
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 px-3 py-2.5 text-sm" role="status">
      {result.jaLido ? null : (
        <p>
          {`${result.pagos.length} ${result.pagos.length === 1 ? "pago" : "pagos"}, ${result.recusados.length} ${result.recusados.length === 1 ? "recusado" : "recusados"}${result.agendados ? `, ${result.agendados} agendado(s)` : ""}.`}
        </p>
      )}
      {result.recusados.length ? (
        <ul className="grid gap-1" aria-label="Pagamentos recusados pelo banco">
          {result.recusados.map((r) => (
            <li key={r.id}>
              <Link to={paths.app.solicitacao.getHref(r.tipo, r.id)} className="font-medium hover:underline">
                {`${r.nome}, ${formatBRL(r.valor)}`}
              </Link>
              <span className="text-muted-foreground">{` — ${r.motivo}`}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {result.naoReconhecidos.length ? (
        <ul className="grid gap-1 text-amber-800" aria-label="O que o arquivo trouxe e não foi reconhecido">
          {result.naoReconhecidos.map((u) => (
            <li key={`${u.linha}:${u.motivo}`}>{u.linha ? `Linha ${u.linha}: ${u.motivo}` : u.motivo}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ReturnUpload() {
  const picker = useRef<HTMLInputElement>(null);
  const read = useReadBankReturn();
  const [result, setResult] = useState<ReturnResult | null>(null);
  const onPicked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    read.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        if (!answer.jaLido) notifySuccess("Retorno do banco lido");
      },
      onError: (error) =>
        toastApiError(error, { title: "Retorno não lido", description: "Tente novamente." }),
    });
  };
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => picker.current?.click()}
          disabled={read.isPending}
        >
          {read.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <FileUp aria-hidden="true" />
          )}
          Enviar retorno do banco
        </Button>
        <Button asChild variant="ghost">
          <Link to={paths.app.conciliacao.getHref()}>
            <Scale aria-hidden="true" />
            Conciliar extrato
          </Link>
        </Button>
        <input
          ref={picker}
          type="file"
          accept=".ret,.txt,text/plain,application/octet-stream"
          className="sr-only"
          aria-label="Arquivo de retorno do banco"
          tabIndex={-1}
          onChange={onPicked}
        />
      </div>
      {result ? <ReturnSummary result={result} /> : null}
    </div>
  );
}

export function BankFilesPanel() {
  const remittances = useRemittances();
  const files = remittances.data?.remessas ?? [];
  return (
    <Card className="gap-4 px-5 py-4" role="region" aria-labelledby="arquivos-banco">
      <div className="flex items-center gap-2">
        <Landmark className="size-5 text-muted-foreground" aria-hidden="true" />
        <h2 id="arquivos-banco" className="text-base font-semibold">
          Arquivos para o banco
        </h2>
      </div>
      <ReturnUpload />
      {files.length ? (
        <ul className="divide-y rounded-md border text-sm" aria-label="Arquivos enviados ao banco">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="font-medium">{`Nº ${f.numero}`}</span>
                <span className="text-muted-foreground">{` · ${f.quantidade} ${f.quantidade === 1 ? "pagamento" : "pagamentos"} · ${formatBRL(f.total)} · para ${formatDateBR(f.dataPagamento)}`}</span>
              </span>
              <Button asChild variant="ghost" size="sm">
                <a href={apiPaths.caixa.remittanceFile(f.id)} download>
                  <Download aria-hidden="true" />
                  {f.nomeArquivo}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nenhum arquivo gerado ainda.</p>
      )}
    </Card>
  );
}
