import { Hourglass, Loader2, PencilLine, UserRound, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { type MoveSubmission, moveAsks, moveContext } from "@/domain/requests/move-form";
import { type RequestStanding, reviewMessages } from "@/domain/requests/review-api";
import { ACTION_DONE_TOAST, withWhomText } from "@/domain/requests/standing-text";
import type { RequestAction } from "@/domain/requests/workflow";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useRequestAction } from "../api/review-actions";
import { type AskedMove, DESTRUCTIVE, MoveDialog } from "./move-dialog";
import { FlagList } from "./move-fields";
import { PrazoBadge } from "./prazo-badge";
import { StatusBadge } from "./status-badge";

type Action = RequestStanding["acoes"][number];

/** The move a reviewer makes most: the filled button. */
const PRIMARY: readonly RequestAction[] = [
  "assumir",
  "aprovar",
  "marcar_pago",
  "marcar_entregue",
  "resolver",
  "concluir",
  "reenviar",
  "retomar",
];

const FAILED = { title: "Não foi possível concluir a ação", description: "Tente novamente." };

/**
 * Where the request is and what this reader may do about it (decision 011): the
 * state, with whom and since when, who took it, the second approval awaited,
 * and one button per move the server allows now. A move that asks for
 * something first (move-form.ts) opens its dialog.
 */
export function RequestStandingPanel({
  tipo,
  id,
  standing,
  dados,
}: {
  tipo: RequestKind;
  id: string;
  standing: RequestStanding;
  /** The request's fields: the value asked and the PIX key, for approving and paying. */
  dados: Record<string, unknown>;
}) {
  const action = useRequestAction(tipo, id);
  const [asking, setAsking] = useState<AskedMove | null>(null);
  const { payment, workflow } = requestKind(tipo);
  const facts = {
    paid: Boolean(payment),
    requested: payment ? Number(dados[payment.amount] ?? 0) : 0,
    flagged: standing.alertas.length > 0,
  };
  const pixKey = payment ? (dados[payment.pixKey] as string | null | undefined) || null : null;
  const send = (acao: RequestAction, submission: MoveSubmission<File> = {}) =>
    action.mutateAsync({ acao, versao: standing.versao, ...submission });

  const onClick = async (chosen: Action) => {
    const context = moveContext(workflow, standing.status, chosen, facts);
    if (moveAsks(context)) {
      setAsking({ label: chosen.label, context });
      return;
    }
    try {
      await send(chosen.acao);
      notifySuccess(ACTION_DONE_TOAST[chosen.acao]);
    } catch (error) {
      // 401: the app is already on its way to /login. 409: someone acted in between; the page reloads.
      if (!(error instanceof ApiRequestError && error.status === 401)) toastApiError(error, FAILED);
    }
  };

  return (
    <section aria-labelledby="standing-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="standing-title" className="sr-only">
          Situação
        </h2>
        <StatusBadge status={standing.status} className="text-sm" />
        {standing.prazo ? <PrazoBadge prazo={standing.prazo} className="text-sm" /> : null}
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="flex items-start gap-2">
          <dt className="sr-only">Com quem está</dt>
          <Users className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dd className="font-medium" data-testid="with-whom">
            {withWhomText(standing)}
          </dd>
        </div>
        {standing.responsavel ? (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Responsável</dt>
            <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <dd>
              Responsável: <span className="font-medium">{standing.responsavel.nome}</span>
            </dd>
          </div>
        ) : null}
        {standing.aguardandoAprovacaoDe ? (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Segunda aprovação</dt>
            <Hourglass className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <dd>{reviewMessages.secondApproval(standing.aguardandoAprovacaoDe)}</dd>
          </div>
        ) : null}
        {standing.papel === "revisor" ? (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Solicitante</dt>
            <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <dd className="min-w-0 wrap-anywhere">
              Solicitante: <span className="font-medium">{standing.solicitante.nome}</span>{" "}
              <span className="text-muted-foreground">({standing.solicitante.email})</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {standing.alertas.length ? <FlagList flags={standing.alertas} /> : null}
      {standing.acoes.length ? (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Ações</legend>
          {standing.acoes.map((a) =>
            a.acao === "reenviar" ? (
              <Button key={a.acao} asChild className="max-sm:flex-1">
                <Link to={paths.app.solicitacaoEditar.getHref(tipo, id)}>
                  <PencilLine aria-hidden="true" />
                  {a.label}
                </Link>
              </Button>
            ) : (
              <Button
                key={a.acao}
                type="button"
                className="max-sm:flex-1"
                variant={
                  DESTRUCTIVE.includes(a.acao) ? "outline" : PRIMARY.includes(a.acao) ? "default" : "outline"
                }
                disabled={action.isPending}
                onClick={() => void onClick(a)}
              >
                {action.isPending && action.variables?.acao === a.acao ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : null}
                {a.label}
              </Button>
            ),
          )}
        </fieldset>
      ) : null}
      <MoveDialog
        move={asking}
        flags={standing.alertas}
        pixKey={pixKey}
        busy={action.isPending}
        onClose={() => (action.isPending ? undefined : setAsking(null))}
        send={send}
      />
    </section>
  );
}
