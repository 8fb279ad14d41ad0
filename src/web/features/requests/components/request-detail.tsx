import {
  AlertCircle,
  ArrowLeft,
  CheckCircle2,
  Clock,
  ExternalLink,
  Loader2,
  PlugZap,
  RotateCw,
  SearchX,
  Send,
  XCircle,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { detailRows } from "@/domain/requests/detail-rows";
import { requestKind } from "@/domain/requests/kinds";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { cn } from "@/web/lib/cn";
import { formatInstantDateTime } from "@/web/lib/format";
import { notifyError, notifyInfo, notifySuccess } from "@/web/lib/notify";
import { useRequest } from "../api/get-request";
import { useResendRequest } from "../api/resend-request";
import { isRequestKind, kindLabel } from "../lib/kinds";
import { DELIVERY_LABELS, DETAIL_NOT_FOUND, RESEND_LABELS } from "../lib/messages";
import type { RequestDelivery } from "../types";
import { AttachmentItem } from "./attachment-item";
import { KindIcon } from "./kind-icon";
import { REQUEST_FORMS } from "./request-forms";
import { RequestStandingPanel } from "./request-standing";
import { RequestTimeline } from "./request-timeline";

function BackLink({ reviewer = false }: { reviewer?: boolean }) {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start text-muted-foreground">
      <Link to={reviewer ? paths.app.caixa.getHref() : paths.app.solicitacoes.getHref()}>
        <ArrowLeft aria-hidden="true" />
        {reviewer ? "Caixa de entrada" : "Minhas solicitações"}
      </Link>
    </Button>
  );
}

/**
 * One request, at its one address, for everyone who may see it (decision 011): its
 * author and the reviewers of the teams that handle it, each with what they
 * may do — the fields, the files previewed in the page, where it stands and
 * the moves allowed now, the timeline with comments, and, for its author, the
 * delivery to the automation.
 */
export function RequestDetailView({ tipo, id }: { tipo: string; id: string }) {
  const query = useRequest(tipo, id);

  if (query.isPending) return <DetailSkeleton />;

  // Only when nothing was loaded: a failed refresh keeps showing what it has.
  if (!query.data) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <BackLink />
        {notFound ? (
          <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
              <SearchX className="size-6" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-1">
              <h1 className="text-xl font-semibold tracking-tight">{DETAIL_NOT_FOUND.title}</h1>
              <p className="text-sm text-muted-foreground">{DETAIL_NOT_FOUND.description}</p>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.app.solicitacoes.getHref()}>Voltar para Minhas solicitações</Link>
            </Button>
          </div>
        ) : (
          <div
            role="alert"
            className="flex flex-col items-center gap-4 rounded-xl border border-destructive/30 bg-card px-6 py-14 text-center"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <AlertCircle className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-lg font-semibold tracking-tight">Não foi possível carregar a solicitação.</h1>
            <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <RotateCw aria-hidden="true" />
              )}
              Tentar novamente
            </Button>
          </div>
        )}
      </div>
    );
  }

  const { dados, anexos, entrega, situacao } = query.data;
  const kind = query.data.tipo;
  const rows = isRequestKind(kind) ? detailRows(kind, dados) : [];
  const createdAt = typeof dados.createdAt === "string" ? dados.createdAt : null;
  const hasFiles = Boolean(requestKind(kind).attachments) || anexos.length > 0;
  const reviewer = situacao.papel === "revisor";
  const requestId = String(dados.id ?? id);
  const KindPanel = isRequestKind(kind) ? REQUEST_FORMS[kind].detailPanel : undefined;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <BackLink reviewer={reviewer} />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="gap-0 overflow-hidden py-0 lg:col-start-1 lg:row-start-1">
          <div className="flex items-center gap-4 border-b px-5 py-5 sm:px-8 sm:py-6">
            <KindIcon kind={kind} className="size-11 rounded-xl" />
            <div className="flex min-w-0 flex-col gap-1">
              <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{kindLabel(kind)}</h1>
              {createdAt ? (
                <p className="text-sm text-muted-foreground">
                  {reviewer ? `Enviada por ${situacao.solicitante.nome} em ` : "Enviada em "}
                  {formatInstantDateTime(createdAt)}
                </p>
              ) : null}
            </div>
          </div>

          <section aria-labelledby="detail-data-title" className="px-5 py-6 sm:px-8">
            <h2
              id="detail-data-title"
              className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
            >
              Dados da solicitação
            </h2>
            <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
              {rows.map((row) => (
                <div key={row.key} className={cn("flex min-w-0 flex-col gap-1", row.wide && "sm:col-span-2")}>
                  <dt className="text-xs font-medium text-muted-foreground">{row.label}</dt>
                  <dd
                    className={cn(
                      "text-sm break-words",
                      row.long && "whitespace-pre-line",
                      row.muted && "text-muted-foreground italic",
                    )}
                  >
                    {row.href ? (
                      <a
                        href={row.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex max-w-full items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                      >
                        <span className="break-all">{row.text}</span>
                        <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                        <span className="sr-only">(abre em nova aba)</span>
                      </a>
                    ) : (
                      row.text
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          {hasFiles ? (
            <section aria-labelledby="detail-files-title" className="border-t px-5 py-6 sm:px-8">
              <h2
                id="detail-files-title"
                className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
              >
                Anexos
              </h2>
              {anexos.length > 0 ? (
                <ul className="grid gap-2">
                  {anexos.map((file) => (
                    <AttachmentItem key={file.id} file={file} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">Nenhum anexo.</p>
              )}
            </section>
          ) : null}

          {reviewer ? null : (
            <section
              aria-labelledby="detail-delivery-title"
              className="border-t bg-muted/40 px-5 py-5 sm:px-8"
            >
              <h2
                id="detail-delivery-title"
                className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
              >
                Envio para a automação
              </h2>
              <DeliveryState entrega={entrega} />
              {entrega?.status === "failed" ? <ResendButton tipo={kind} id={requestId} /> : null}
            </section>
          )}
        </Card>

        {/* On a phone the state and the moves come first: a reviewer acts without scrolling past the fields. */}
        <Card className="row-start-1 gap-0 px-5 py-5 sm:px-6 lg:sticky lg:top-20 lg:col-start-2">
          <RequestStandingPanel tipo={kind} id={requestId} standing={situacao} dados={dados} />
        </Card>

        {/* What the kind's form declaration adds to its page (a cash advance's settlement, decision 067). */}
        {KindPanel ? (
          <div className="lg:col-start-1">
            <KindPanel id={requestId} />
          </div>
        ) : null}

        <Card className="gap-0 px-5 py-6 sm:px-8 lg:col-start-1">
          <RequestTimeline tipo={kind} id={requestId} standing={situacao} />
        </Card>
      </div>
    </div>
  );
}

/** A delivery the worker gave up on can be sent again by its author: same webhook, one attempt now. */
function ResendButton({ tipo, id }: { tipo: string; id: string }) {
  const resend = useResendRequest(tipo, id);
  const onClick = async () => {
    try {
      const { entrega } = await resend.mutateAsync();
      if (entrega?.status === "delivered") notifySuccess(RESEND_LABELS.delivered);
      else notifyInfo(RESEND_LABELS.queued.title, { description: RESEND_LABELS.queued.description });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) return;
      notifyError(RESEND_LABELS.failed);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="mt-3"
      onClick={() => void onClick()}
      disabled={resend.isPending}
    >
      {resend.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Send aria-hidden="true" />
      )}
      {resend.isPending ? RESEND_LABELS.busy : RESEND_LABELS.button}
    </Button>
  );
}

function DeliveryState({ entrega }: { entrega: RequestDelivery | null }) {
  let icon: React.ReactNode;
  let text: string;
  let tone: string;
  if (!entrega) {
    icon = <PlugZap aria-hidden="true" />;
    text = DELIVERY_LABELS.none;
    tone = "text-muted-foreground";
  } else if (entrega.status === "delivered") {
    icon = <CheckCircle2 aria-hidden="true" />;
    text = DELIVERY_LABELS.delivered(entrega.entregueEm ? formatInstantDateTime(entrega.entregueEm) : "—");
    tone = "text-emerald-700";
  } else if (entrega.status === "failed") {
    icon = <XCircle aria-hidden="true" />;
    text = DELIVERY_LABELS.failed;
    tone = "text-destructive";
  } else {
    icon = <Clock aria-hidden="true" />;
    text = DELIVERY_LABELS.pending;
    tone = "text-amber-800";
  }
  const attempts = entrega && entrega.tentativas > 0 ? entrega.tentativas : 0;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p className={cn("flex items-center gap-2 text-sm font-medium [&_svg]:size-4 [&_svg]:shrink-0", tone)}>
        {icon}
        {text}
      </p>
      {attempts > 0 ? (
        <p className="text-xs text-muted-foreground">
          {attempts === 1 ? "1 tentativa" : `${attempts} tentativas`}
        </p>
      ) : null}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" aria-busy="true">
      <BackLink />
      <Card className="gap-0 py-0">
        <div className="flex items-center gap-4 border-b px-5 py-6 sm:px-8">
          <Skeleton className="size-11 rounded-xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        </div>
        <div className="grid gap-5 px-5 py-6 sm:grid-cols-2 sm:px-8">
          {[0, 1, 2, 3, 4, 5].map((cell) => (
            <div key={cell} className="flex flex-col gap-2">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-4 w-40" />
            </div>
          ))}
        </div>
        <p className="sr-only" role="status">
          Carregando a solicitação...
        </p>
      </Card>
    </div>
  );
}
