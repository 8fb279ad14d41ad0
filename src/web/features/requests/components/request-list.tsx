import { AlertCircle, CalendarDays, ChevronRight, ClipboardList, Loader2, RotateCw } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { formatBRL } from "@/domain/money";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS } from "@/domain/requests/kinds";
import { LoadMoreButton } from "@/web/components/load-more-button";
import { SearchBox } from "@/web/components/search-box";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { navIcon } from "@/web/config/nav-icons";
import { paths } from "@/web/config/paths";
import { formatInstantDate } from "@/web/lib/format";
import { useRequests } from "../api/get-requests";
import { kindLabel } from "../lib/kinds";
import type { RequestListItem } from "../types";
import { KindIcon } from "./kind-icon";
import { StatusBadge } from "./status-badge";

/*
 * One grid for both sizes: on a phone each request is a card (type and status,
 * then the summary, then date and value); from md up the same cells line up as
 * the columns of a table under a header row.
 */
const ROW_GRID =
  "grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 [grid-template-areas:'type_status'_'summary_summary'_'date_value'] md:grid-cols-[13rem_minmax(0,1fr)_6rem_8.5rem_7rem] md:items-center md:gap-x-4 md:[grid-template-areas:'type_summary_date_value_status']";

const countText = (total: number) => (total === 1 ? "1 solicitação" : `${total} solicitações`);

/** 'Minhas solicitações': every request of the signed-in user, newest first, 20 at a time. */
export function RequestList() {
  const [params, setParams] = useSearchParams();
  const busca = params.get("busca")?.trim() || undefined;
  const search = (value: string | undefined) => setParams(value ? { busca: value } : {}, { replace: true });
  const query = useRequests(busca);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Minhas solicitações</h1>
        <p className="text-sm text-muted-foreground md:text-base" aria-live="polite">
          {query.isPending
            ? "Carregando suas solicitações..."
            : busca && total !== null
              ? `${countText(total)} com “${busca}”, das mais recentes para as mais antigas.`
              : total === 0
                ? "Acompanhe aqui tudo o que você pedir pelo portal."
                : total !== null
                  ? `${countText(total)} no total, das mais recentes para as mais antigas.`
                  : "Das mais recentes para as mais antigas."}
        </p>
      </div>
      {busca || (total ?? 0) > 0 ? (
        <SearchBox
          value={busca ?? ""}
          onSearch={search}
          placeholder="Palavras da descrição, do assunto, do título…"
          className="max-w-md"
        />
      ) : null}

      {query.isPending ? (
        <ListSkeleton />
      ) : !query.data ? (
        // Only when nothing was loaded: a failed refresh keeps showing the list it has.
        <ListError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : items.length === 0 && busca ? (
        <NothingFound busca={busca} onClear={() => search(undefined)} />
      ) : items.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="overflow-hidden md:rounded-xl md:border md:bg-card md:shadow-sm">
            <div
              aria-hidden="true"
              className={`${ROW_GRID} hidden border-b bg-muted/50 px-5 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid`}
            >
              <span className="[grid-area:type]">Tipo</span>
              <span className="[grid-area:summary]">Resumo</span>
              <span className="[grid-area:date]">Data</span>
              <span className="text-right [grid-area:value]">Valor</span>
              <span className="[grid-area:status]">Situação</span>
            </div>
            <ul className="flex flex-col gap-3 md:gap-0 md:divide-y" aria-label="Solicitações">
              {items.map((item) => (
                <RequestRow key={`${item.tipo}-${item.id}`} item={item} />
              ))}
            </ul>
          </div>
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
            <p className="text-sm text-muted-foreground">
              Mostrando {items.length}
              {total !== null ? ` de ${total}` : ""}
            </p>
            <LoadMoreButton query={query} label="Carregar mais" className="w-full sm:w-auto" />
          </div>
          {query.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm font-medium text-destructive">
              Não foi possível carregar mais solicitações. Tente novamente.
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

function RequestRow({ item }: { item: RequestListItem }) {
  const date = formatInstantDate(item.createdAt);
  return (
    <li>
      <Link
        to={paths.app.solicitacao.getHref(item.tipo, item.id)}
        className={`${ROW_GRID} group rounded-xl border bg-card p-4 shadow-xs transition-[background-color,border-color,box-shadow] outline-none hover:border-primary/30 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/40 md:rounded-none md:border-0 md:px-5 md:py-3.5 md:shadow-none md:focus-visible:ring-inset`}
      >
        <span className="flex min-w-0 items-center gap-3 [grid-area:type]">
          <KindIcon kind={item.tipo} className="size-8" />
          <span className="truncate text-sm font-medium">{kindLabel(item.tipo)}</span>
        </span>
        <span className="line-clamp-2 min-w-0 text-sm break-words text-foreground [grid-area:summary] md:line-clamp-none md:truncate md:text-muted-foreground md:group-hover:text-foreground">
          {item.resumo}
        </span>
        <span className="flex items-center gap-1.5 text-sm text-muted-foreground tabular-nums [grid-area:date]">
          <CalendarDays className="size-3.5 md:hidden" aria-hidden="true" />
          <span className="sr-only">Enviada em </span>
          {date}
        </span>
        <span className="text-right text-sm font-medium tabular-nums [grid-area:value]">
          {item.valor !== null ? (
            formatBRL(item.valor)
          ) : (
            <span aria-hidden="true" className="hidden text-muted-foreground md:inline">
              —
            </span>
          )}
        </span>
        <span className="flex items-center justify-end gap-2 [grid-area:status] md:justify-between">
          <StatusBadge status={item.status} />
          <ChevronRight
            className="hidden size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 md:block"
            aria-hidden="true"
          />
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div
      className="flex flex-col gap-3 md:gap-0 md:divide-y md:overflow-hidden md:rounded-xl md:border md:bg-card md:shadow-sm"
      aria-hidden="true"
      data-testid="requests-loading"
    >
      {[0, 1, 2, 3, 4].map((row) => (
        <div
          key={row}
          className={`${ROW_GRID} rounded-xl border bg-card p-4 md:rounded-none md:border-0 md:px-5 md:py-4`}
        >
          <div className="flex items-center gap-3 [grid-area:type]">
            <Skeleton className="size-8 rounded-lg" />
            <Skeleton className="h-4 w-24" />
          </div>
          <Skeleton className="h-4 w-full max-w-72 [grid-area:summary]" />
          <Skeleton className="h-4 w-20 [grid-area:date]" />
          <Skeleton className="h-4 w-16 justify-self-end [grid-area:value]" />
          <Skeleton className="h-5 w-20 justify-self-end rounded-full [grid-area:status] md:justify-self-start" />
        </div>
      ))}
    </div>
  );
}

function ListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-destructive/30 bg-card px-6 py-12 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertCircle className="size-6" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-1">
        <p className="font-medium">Não foi possível carregar suas solicitações.</p>
        <p className="text-sm text-muted-foreground">Verifique sua conexão e tente de novo.</p>
      </div>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
        Tentar novamente
      </Button>
    </div>
  );
}

function NothingFound({ busca, onClear }: { busca: string; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-10 text-center">
      <p className="text-base font-medium">Nenhuma solicitação encontrada com “{busca}”.</p>
      <Button variant="outline" size="sm" onClick={onClear}>
        Limpar busca
      </Button>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-6 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
        <ClipboardList className="size-6" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-1">
        <p className="text-base font-medium">Você ainda não fez nenhuma solicitação.</p>
        <p className="text-sm text-muted-foreground">
          Quando fizer, ela aparece aqui com a situação e os anexos.
        </p>
      </div>
      <ul className="flex flex-wrap justify-center gap-2" aria-label="Fazer uma solicitação">
        {REQUEST_KINDS.map((kind) => {
          const { formPath, label } = REQUEST_KIND_REGISTRY[kind];
          const Icon = navIcon(formPath);
          return (
            <li key={kind}>
              <Button asChild variant="outline" size="sm">
                <Link to={formPath}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
