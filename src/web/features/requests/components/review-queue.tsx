import { AlertTriangle, ChevronRight, Inbox, Loader2, UserRound, Wallet } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatBRL } from "@/domain/money";
import { isRequestKind, REQUEST_KIND_REGISTRY } from "@/domain/requests/kinds";
import { type QueueItem, reviewMessages } from "@/domain/requests/review-api";
import { ageText } from "@/domain/requests/standing-text";
import { ListEmpty, ListError } from "@/web/components/list-states";
import { LoadMoreButton } from "@/web/components/load-more-button";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { paths } from "@/web/config/paths";
import { formatInstantDate } from "@/web/lib/format";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { type QueueFilters, useQueue } from "../api/get-queue";
import { useBulkAction } from "../api/payment-batch";
import { kindLabel } from "../lib/kinds";
import { ExportMenu } from "./export-menu";
import { KindIcon } from "./kind-icon";
import { PrazoBadge } from "./prazo-badge";
import { QueueFilterBar, useQueueFilters } from "./queue-filters";
import { StatusBadge } from "./status-badge";

const ROW_GRID =
  "grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 [grid-template-areas:'type_status'_'summary_summary'_'who_value'_'age_owner'] md:grid-cols-[11rem_minmax(0,1fr)_11rem_7rem_10.5rem] md:items-center md:gap-x-4 md:[grid-template-areas:'type_summary_who_value_status'_'type_summary_age_owner_status']";

/**
 * 'Caixa de entrada' (decision 011): the requests the user's teams handle, oldest
 * first, with kind, requester, summary, value, age and who took it; filters
 * by kind, state, requester and period. Open requests unless a state is chosen.
 */
export function ReviewQueue() {
  const { filters, set, clear } = useQueueFilters();
  const query = useQueue(filters);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const selection = useBulkSelection(items);

  return (
    <div className="flex flex-col gap-6">
      <QueueHeader filters={filters} />

      <QueueFilterBar filters={filters} set={set} clear={clear} filtered={filtered} />

      {query.isPending ? (
        <QueueSkeleton />
      ) : !query.data ? (
        <ListError
          title="Não foi possível carregar a caixa de entrada."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : items.length === 0 ? (
        <ListEmpty
          icon={Inbox}
          title={filtered ? "Nenhuma solicitação com esses filtros." : "Nada esperando por você."}
          hint={
            filtered
              ? "Mude ou limpe os filtros para ver as outras."
              : "Quando chegar uma solicitação para a sua equipe, ela aparece aqui."
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          <QueueList items={items} selection={selection} />
          <BulkBar selection={selection} />
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
            <p className="text-sm text-muted-foreground">Mostrando {items.length}</p>
            <LoadMoreButton query={query} label="Carregar mais" className="w-full sm:w-auto" />
          </div>
        </div>
      )}
    </div>
  );
}

/** The table of requests (cards on a phone), with a box to choose each one a bulk move takes. */
function QueueList({
  items,
  selection,
}: {
  items: readonly QueueItem[];
  selection: ReturnType<typeof useBulkSelection>;
}) {
  return (
    <div className="overflow-hidden md:rounded-xl md:border md:bg-card md:shadow-sm">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[11rem_minmax(0,1fr)_11rem_7rem_10.5rem] gap-x-4 border-b bg-muted/50 px-5 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid"
      >
        <span>Tipo</span>
        <span>Resumo</span>
        <span>Solicitante</span>
        <span className="text-right">Valor</span>
        <span>Situação</span>
      </div>
      <ul className="flex flex-col gap-3 md:gap-0 md:divide-y" aria-label="Caixa de entrada">
        {items.map((item) => (
          <li key={`${item.tipo}-${item.id}`} className="flex items-stretch gap-1">
            {selection.anyEligible ? (
              <span className="flex w-8 shrink-0 items-center justify-center md:w-10">
                {bulkMoveOf(item) ? (
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={selection.selected.has(itemKey(item))}
                    onChange={(e) => selection.toggle(item, e.target.checked)}
                    aria-label={`Escolher ${item.resumo}`}
                  />
                ) : null}
              </span>
            ) : null}
            <QueueRow item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's title, and its ways out: the payment batch and the export of what the filters show. */
function QueueHeader({ filters }: { filters: QueueFilters }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Caixa de entrada</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          As solicitações que as suas equipes atendem, das mais antigas para as mais recentes.
        </p>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={paths.app.lotePagamento.getHref()}>
            <Wallet aria-hidden="true" />
            Lote de pagamento
          </Link>
        </Button>
        <ExportMenu filters={filters} />
      </div>
    </div>
  );
}

/** One request of the queue: kind, summary and flags, requester, value, age and deadline, who took it, state. */
function QueueRow({ item }: { item: QueueItem }) {
  return (
    <Link
      to={paths.app.solicitacao.getHref(item.tipo, item.id)}
      className={`${ROW_GRID} group min-w-0 flex-1 rounded-xl border bg-card p-4 shadow-xs transition-[background-color,border-color] outline-none hover:border-primary/30 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/40 md:rounded-none md:border-0 md:px-5 md:py-3 md:shadow-none md:focus-visible:ring-inset`}
    >
      <span className="flex min-w-0 items-center gap-3 [grid-area:type]">
        <KindIcon kind={item.tipo} className="size-8" />
        <span className="truncate text-sm font-medium">{kindLabel(item.tipo)}</span>
      </span>
      <span className="flex min-w-0 flex-col gap-1 [grid-area:summary]">
        <span className="line-clamp-2 min-w-0 text-sm break-words md:truncate">{item.resumo}</span>
        {item.alertas.length ? (
          <span className="flex flex-wrap gap-1">
            {item.alertas.map((flag) => (
              <span
                key={flag.tipo}
                title={flag.explicacao}
                className="inline-flex items-center gap-1 rounded-full border border-amber-200 bg-amber-50 px-2 py-0.5 text-[11px] font-medium text-amber-900"
              >
                <AlertTriangle className="size-3" aria-hidden="true" />
                {flag.rotulo}
              </span>
            ))}
          </span>
        ) : null}
      </span>
      <span className="min-w-0 truncate text-sm [grid-area:who]">{item.solicitante.nome}</span>
      <span className="text-right text-sm font-medium tabular-nums [grid-area:value]">
        {item.valor !== null ? formatBRL(item.valor) : <span className="text-muted-foreground">—</span>}
      </span>
      <span
        className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground [grid-area:age]"
        title={`Enviada em ${formatInstantDate(item.createdAt)}`}
      >
        {ageText(item.createdAt)}
        {item.prazo ? <PrazoBadge prazo={item.prazo} /> : null}
      </span>
      <span className="flex min-w-0 items-center justify-end gap-1 text-xs text-muted-foreground [grid-area:owner] md:justify-end">
        {item.responsavel ? (
          <>
            <UserRound className="size-3 shrink-0" aria-hidden="true" />
            <span className="truncate">{item.responsavel.nome}</span>
          </>
        ) : (
          <span>Ninguém assumiu</span>
        )}
      </span>
      <span className="flex flex-col items-end gap-1 [grid-area:status] md:flex-row md:items-center md:justify-between">
        <StatusBadge status={item.status} />
        {item.aguardandoAprovacaoDe ? (
          <span className="text-xs text-muted-foreground md:hidden">
            {reviewMessages.secondApproval(item.aguardandoAprovacaoDe)}
          </span>
        ) : null}
        <ChevronRight
          className="hidden size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 md:block"
          aria-hidden="true"
        />
      </span>
    </Link>
  );
}

const itemKey = (item: { tipo: string; id: string }) => `${item.tipo}:${item.id}`;

/**
 * The move a queue row may take in bulk (decision 015): approving an unflagged
 * reimbursement or grant under analysis, or paying an approved one. The
 * server checks each again; flagged ones are approved one by one.
 */
function bulkMoveOf(item: QueueItem): "aprovar" | "marcar_pago" | null {
  if (!isRequestKind(item.tipo) || !REQUEST_KIND_REGISTRY[item.tipo].payment) return null;
  if (item.status === "em_analise" && !item.alertas.length && !item.aguardandoAprovacaoDe) return "aprovar";
  if (item.status === "aprovado") return "marcar_pago";
  return null;
}

function useBulkSelection(items: readonly QueueItem[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const bulk = useBulkAction();
  const chosen = items.filter((i) => selected.has(itemKey(i)) && bulkMoveOf(i));
  return {
    selected,
    bulk,
    anyEligible: items.some((i) => bulkMoveOf(i)),
    toApprove: chosen.filter((i) => bulkMoveOf(i) === "aprovar"),
    toPay: chosen.filter((i) => bulkMoveOf(i) === "marcar_pago"),
    clear: () => setSelected(new Set()),
    toggle: (item: QueueItem, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(itemKey(item));
        else next.delete(itemKey(item));
        return next;
      }),
  };
}

/** Shown while rows are chosen: approve the chosen ones, or mark them paid, in one action. */
function BulkBar({ selection }: { selection: ReturnType<typeof useBulkSelection> }) {
  const { toApprove, toPay, bulk } = selection;
  if (!toApprove.length && !toPay.length) return null;
  const run = async (acao: "aprovar" | "marcar_pago", chosen: readonly QueueItem[]) => {
    try {
      const result = await bulk.mutateAsync({ acao, itens: chosen.map((i) => ({ tipo: i.tipo, id: i.id })) });
      const done = result.resultados.filter((r) => r.ok).length;
      const failed = result.resultados.filter((r) => !r.ok);
      selection.clear();
      const doneText = {
        aprovar: ["1 solicitação aprovada", `${done} solicitações aprovadas`],
        marcar_pago: ["1 solicitação marcada como paga", `${done} solicitações marcadas como pagas`],
      }[acao];
      if (done) notifySuccess(done === 1 ? doneText[0]! : doneText[1]!);
      if (failed.length)
        toastApiError(new Error(), {
          title:
            failed.length === 1
              ? "1 solicitação não foi alterada"
              : `${failed.length} solicitações não foram alteradas`,
          description: failed[0]!.erro ?? "Tente novamente.",
        });
    } catch (error) {
      toastApiError(error, { title: "Não foi possível concluir a ação", description: "Tente novamente." });
    }
  };
  return (
    <section
      aria-label="Ações em lote"
      className="sticky bottom-3 z-10 flex flex-col gap-2 rounded-xl border bg-card px-4 py-3 shadow-lg sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm">
        {toApprove.length + toPay.length} {toApprove.length + toPay.length === 1 ? "escolhida" : "escolhidas"}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="ghost" onClick={selection.clear} disabled={bulk.isPending}>
          Limpar
        </Button>
        {toApprove.length ? (
          <Button type="button" onClick={() => void run("aprovar", toApprove)} disabled={bulk.isPending}>
            {bulk.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Aprovar ({toApprove.length})
          </Button>
        ) : null}
        {toPay.length ? (
          <Button type="button" onClick={() => void run("marcar_pago", toPay)} disabled={bulk.isPending}>
            {bulk.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Marcar como pagas ({toPay.length})
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function QueueSkeleton() {
  return (
    <div
      className="flex flex-col gap-3 md:gap-0 md:divide-y md:rounded-xl md:border md:bg-card"
      aria-hidden="true"
    >
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          className="flex items-center gap-4 rounded-xl border bg-card p-4 md:rounded-none md:border-0"
        >
          <Skeleton className="size-8 rounded-lg" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
      ))}
    </div>
  );
}
