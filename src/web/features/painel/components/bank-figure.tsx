import { Link } from "react-router";
import { formatBRL } from "@/domain/money";
import type { Painel } from "@/domain/painel/api";
import { kindMeta } from "@/domain/requests/kinds/meta";
import { Card } from "@/web/components/ui/card";
import { paths } from "@/web/config/paths";

/**
 * 'Enviado ao banco' now (decision 059): the payments in a file the bank has not
 * answered yet, whatever the period, for the readers who see a kind that pays.
 */
export function BankFigure({ painel }: { painel: Painel }) {
  if (!painel.tipos.some((tipo) => kindMeta(tipo).payment)) return null;
  const { total, centavos } = painel.enviadoAoBanco;
  return (
    <Card
      className="flex-row flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-3 sm:px-5"
      aria-labelledby="painel-banco-titulo"
      data-testid="painel-enviado-ao-banco"
    >
      <div className="flex flex-col gap-0.5">
        <h2 id="painel-banco-titulo" className="font-semibold tracking-tight">
          Enviado ao banco
        </h2>
        <p className="text-xs text-muted-foreground">Pagamentos em arquivos sem retorno do banco, agora.</p>
      </div>
      <p className="text-sm">
        {total === 0 ? (
          "Nenhum pagamento aguardando o banco"
        ) : (
          <>
            <span className="text-lg font-semibold tabular-nums">{total}</span>{" "}
            {total === 1 ? "pagamento" : "pagamentos"} ·{" "}
            <span className="font-semibold tabular-nums">{formatBRL(centavos)}</span>
          </>
        )}
      </p>
      {total > 0 && (
        <Link
          to={`${paths.app.caixa.getHref()}?status=enviado_ao_banco`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Ver na Caixa de entrada
        </Link>
      )}
    </Card>
  );
}
