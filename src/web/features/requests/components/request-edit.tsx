import { MessageSquareWarning, PencilOff, SearchX } from "lucide-react";
import type * as React from "react";
import { Link, useNavigate } from "react-router";
import { isRequestKind } from "@/domain/requests/kinds";
import { requestStateLabel } from "@/domain/requests/workflow";
import { RequestFormLoading } from "@/web/components/form/request-form-layout";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { useMe } from "@/web/lib/get-me";
import { useRequest } from "../api/get-request";
import { useResubmitRequest } from "../api/resubmit-request";
import { kindLabel } from "../lib/kinds";
import { DETAIL_NOT_FOUND, RESUBMIT_LABELS } from "../lib/messages";
import type { RequestDetail } from "../types";
import { RequestResubmitForm } from "./request-form";
import { REQUEST_FORMS } from "./request-forms";

/** A page-sized message with one way out. */
function Blocked({
  icon: Icon,
  title,
  description,
  link,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: "true" }>;
  title: string;
  description: string;
  link: { to: string; label: string };
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="flex max-w-md flex-col gap-1">
        <h1 className="text-xl font-semibold tracking-tight text-balance">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <Button asChild variant="outline">
        <Link to={link.to}>{link.label}</Link>
      </Button>
    </div>
  );
}

/** The reason of the latest 'Pedir ajuste', shown above the fields. */
function AdjustmentReason({ detail }: { detail: RequestDetail }) {
  const reason = detail.situacao.motivoAjuste;
  if (!reason) return null;
  return (
    <div className="flex gap-3 border-b bg-brand-soft/50 px-5 py-4 text-sm sm:px-8">
      <MessageSquareWarning className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0">
        <span className="font-medium">{RESUBMIT_LABELS.reason}:</span>{" "}
        <span className="break-words whitespace-pre-line">{reason}</span>
      </p>
    </div>
  );
}

/**
 * 'Editar e reenviar' (decision 011): the request's own form, filled with what was
 * sent; its files listed to keep or remove and new ones added. Only the
 * requester, and only while the request is 'Aguardando ajuste'.
 */
export function RequestEditView({ tipo, id }: { tipo: string; id: string }) {
  const user = useMe().data?.user;
  const query = useRequest(tipo, id);
  const mutation = useResubmitRequest(tipo, id);
  const navigate = useNavigate();
  const detailHref = paths.app.solicitacao.getHref(tipo, id);

  if (!isRequestKind(tipo) || (query.isError && !query.data)) {
    const notFound =
      !isRequestKind(tipo) || (query.error instanceof ApiRequestError && query.error.status === 404);
    return (
      <Blocked
        icon={SearchX}
        title={notFound ? DETAIL_NOT_FOUND.title : "Não foi possível carregar a solicitação."}
        description={notFound ? DETAIL_NOT_FOUND.description : "Tente novamente em instantes."}
        link={{ to: paths.app.solicitacoes.getHref(), label: "Voltar para Minhas solicitações" }}
      />
    );
  }
  if (!query.data || !user) return <RequestFormLoading text={RESUBMIT_LABELS.loading} />;

  const detail = query.data;
  const standing = detail.situacao;
  if (standing.status !== "aguardando_ajuste" || standing.papel !== "solicitante") {
    return (
      <Blocked
        icon={PencilOff}
        title={RESUBMIT_LABELS.notEditable.title}
        description={RESUBMIT_LABELS.notEditable.description(requestStateLabel(standing.status))}
        link={{ to: detailHref, label: RESUBMIT_LABELS.back }}
      />
    );
  }

  return (
    <RequestResubmitForm
      declaration={REQUEST_FORMS[tipo]}
      user={user}
      record={detail.dados}
      attachments={detail.anexos}
      title={RESUBMIT_LABELS.title(kindLabel(tipo))}
      description={RESUBMIT_LABELS.description}
      notice={<AdjustmentReason detail={detail} />}
      submit={{ label: RESUBMIT_LABELS.submit, busyLabel: RESUBMIT_LABELS.busy }}
      send={(values, idempotencyKey) => mutation.mutateAsync({ values, idempotencyKey })}
      isPending={mutation.isPending}
      // Someone moved it in between (409): the server says what it is now; the page then shows it.
      errorNotice={(error) => {
        if (!(error instanceof ApiRequestError && error.status === 409)) return undefined;
        void query.refetch();
        return { title: error.body.message, description: error.body.description };
      }}
      successNotice={() => ({ title: RESUBMIT_LABELS.success })}
      onSuccess={() => navigate(detailHref)}
    />
  );
}
