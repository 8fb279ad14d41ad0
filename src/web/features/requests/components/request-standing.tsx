import { Hourglass, Loader2, PencilLine, UserRound, Users } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { Link } from "react-router";
import { todayInSaoPaulo } from "@/domain/dates";
import { approvedValueError, financeMessages } from "@/domain/finance/payment";
import { formatBRL, parseBrlToCents } from "@/domain/money";
import { attachmentFileError } from "@/domain/requests/attachments";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { type Flag, type RequestStanding, reviewMessages } from "@/domain/requests/review-api";
import { ACTION_DONE_TOAST, withWhomText } from "@/domain/requests/standing-text";
import {
  ACTION_FILE_FIELD,
  ACTION_FILE_RULES,
  actionFile,
  type RequestAction,
} from "@/domain/requests/workflow";
import { FilePicker } from "@/web/components/form/file-picker";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Textarea } from "@/web/components/ui/textarea";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { type ActionSubmission, useRequestAction } from "../api/review-actions";
import {
  ApprovalFields,
  type ApprovalValues,
  FlagList,
  PaymentFields,
  type PaymentValues,
} from "./move-fields";
import { PrazoBadge } from "./prazo-badge";
import { StatusBadge } from "./status-badge";

type Action = RequestStanding["acoes"][number];

/** Moves that end something for good or turn someone away: shown as the destructive choice. */
const DESTRUCTIVE: readonly RequestAction[] = ["recusar", "cancelar"];
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
 * Where the request is and what this reader may do about it (issue 11): the
 * state, with whom and since when, who took it, the second approval awaited,
 * and one button per move the server allows now.
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
  const [asking, setAsking] = useState<Action | null>(null);
  const payment = requestKind(tipo).payment;
  const requested = payment ? Number(dados[payment.amount] ?? 0) : 0;
  const pixKey = payment ? (dados[payment.pixKey] as string | null | undefined) || null : null;

  const run = async (
    chosen: Action,
    extra: Omit<ActionSubmission, "acao"> = {},
  ): Promise<DialogErrors | null> => {
    try {
      await action.mutateAsync({ acao: chosen.acao, versao: standing.versao, ...extra });
      notifySuccess(ACTION_DONE_TOAST[chosen.acao]);
      setAsking(null);
      return null;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) return null;
      const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
      if (fields && Object.keys(fields).length) {
        const { motivo, resultado, [ACTION_FILE_FIELD]: file, ...others } = fields;
        return { text: motivo ?? resultado, file, ...others };
      }
      if (error instanceof ApiRequestError && error.status === 413)
        return { file: ACTION_FILE_RULES.messages.tooLarge };
      // 409: someone acted in between; the page reloads what is true now.
      setAsking(null);
      toastApiError(error, FAILED);
      return null;
    }
  };

  const onClick = (chosen: Action) => {
    const asks =
      chosen.precisaMotivo ||
      chosen.acao === "concluir" ||
      chosen.acao === "cancelar" ||
      // Approving a reimbursement or a grant shows the value (and any flags); paying asks when and how.
      (payment && (chosen.acao === "aprovar" || chosen.acao === "marcar_pago")) ||
      (chosen.acao === "aprovar" && standing.alertas.length > 0);
    if (asks) setAsking(chosen);
    else void run(chosen);
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
            <dd className="min-w-0 break-words">
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
                onClick={() => onClick(a)}
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
      <ActionDialog
        action={asking}
        file={asking ? actionFile(requestKind(tipo).workflow, asking.acao) : null}
        approval={
          asking?.acao === "aprovar" && (payment || standing.alertas.length)
            ? { requested: payment ? requested : null, flags: standing.alertas }
            : null
        }
        payment={asking?.acao === "marcar_pago" && payment ? { pixKey } : null}
        busy={action.isPending}
        onClose={() => (action.isPending ? undefined : setAsking(null))}
        onConfirm={(text, extra) =>
          asking
            ? run(asking, {
                ...(asking.acao === "concluir" ? { resultado: text } : text ? { motivo: text } : {}),
                ...extra,
              })
            : Promise.resolve(null)
        }
      />
    </section>
  );
}

/** The dialog's fields' messages, from the browser's own checks or the server's answer (by its field names). */
type DialogErrors = {
  text?: string | undefined;
  file?: string | undefined;
  valorAprovado?: string | undefined;
  confirmarAlertas?: string | undefined;
  pagoEm?: string | undefined;
  formaPagamento?: string | undefined;
};

/** What a move's dialog adds to the text and the file. */
type MoveExtra = Omit<ActionSubmission, "acao" | "motivo" | "resultado" | "versao">;

/** Asks for the reason (or the analysis' result and its optional file, or a confirmation) before the move. */
function ActionDialog({
  action,
  file: fileField,
  approval,
  payment,
  busy,
  onClose,
  onConfirm,
}: {
  action: Action | null;
  /** The move may bring a file: its field's label. */
  file: { label: string } | null;
  /** Approving a reimbursement or a grant (the value asked), or a flagged request. */
  approval: { requested: number | null; flags: readonly Flag[] } | null;
  /** Paying: the requester's PIX key. */
  payment: { pixKey: string | null } | null;
  busy: boolean;
  onClose: () => void;
  /** Resolves to the fields' error messages, or null. */
  onConfirm: (text: string, extra: MoveExtra) => Promise<DialogErrors | null>;
}) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<DialogErrors>({});
  const [approvalValues, setApprovalValues] = useState<ApprovalValues | null>(null);
  const today = todayInSaoPaulo();
  const [paymentValues, setPaymentValues] = useState<PaymentValues>({ pagoEm: today, forma: "pix" });
  const fieldId = useId();
  const isResult = action?.acao === "concluir";
  // Approving less than asked needs a reason: the field is there, required only then.
  const approvedCents = approvalValues ? parseBrlToCents(approvalValues.valor) : null;
  const partial = approval?.requested != null && approvedCents !== null && approvedCents < approval.requested;
  const asksReason = Boolean(action?.precisaMotivo) || isResult || Boolean(approval?.requested);
  const needsText = Boolean(action?.precisaMotivo) || isResult || partial;
  const approvalShown = approval
    ? (approvalValues ?? {
        valor: approval.requested ? formatBRL(approval.requested) : "",
        confirmed: false,
      })
    : null;
  const emptyMessage = isResult ? reviewMessages.resultRequired : reviewMessages.reasonRequired;
  const error = errors.text;
  const fileProblem = fileField && files[0] ? attachmentFileError(files[0], ACTION_FILE_RULES) : null;
  // A chosen file's own problem shows on its row (FilePicker); the server's answer shows below.
  const fileError = errors.file;

  const reset = () => {
    setText("");
    setFiles([]);
    setErrors({});
    setApprovalValues(null);
    setPaymentValues({ pagoEm: todayInSaoPaulo(), forma: "pix" });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing =
      needsText && !text.trim() ? (partial ? financeMessages.partialNeedsReason : emptyMessage) : undefined;
    const approved = approvalShown && approval?.requested ? parseBrlToCents(approvalShown.valor) : undefined;
    const valueProblem =
      approved !== undefined && approval?.requested
        ? approved === null
          ? financeMessages.approvedInvalid
          : approvedValueError(approved, approval.requested, "-")?.message
        : undefined;
    const unconfirmed =
      approval?.flags.length && !approvalShown?.confirmed ? financeMessages.flagsUnconfirmed : undefined;
    if (missing || fileProblem || valueProblem || unconfirmed) {
      setErrors({ text: missing, valorAprovado: valueProblem, confirmarAlertas: unconfirmed });
      return;
    }
    const extra: MoveExtra = {
      ...(fileField && files[0] ? { arquivo: files[0] } : {}),
      ...(approval && approved ? { valorAprovado: approved } : {}),
      ...(approval?.flags.length ? { confirmarAlertas: true } : {}),
      ...(payment
        ? {
            pagoEm: paymentValues.pagoEm,
            formaPagamento: paymentValues.forma as MoveExtra["formaPagamento"],
          }
        : {}),
    };
    const messages = await onConfirm(text.trim(), extra);
    if (messages) setErrors(messages);
    else reset();
  };

  return (
    <Dialog.Root
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) {
          reset();
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95">
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <div className="grid gap-1.5">
              <Dialog.Title className="text-lg font-semibold">
                {action?.acao === "cancelar" ? "Cancelar esta solicitação?" : action?.label}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                {isResult
                  ? "O resultado vai para o solicitante e fica na linha do tempo."
                  : approval
                    ? "A decisão vai para o solicitante e fica na linha do tempo."
                    : payment
                      ? "O solicitante vê a data e a forma do pagamento."
                      : asksReason
                        ? "O motivo vai para o solicitante e fica na linha do tempo."
                        : "A solicitação não poderá mais ser analisada."}
              </Dialog.Description>
            </div>
            {approval && approvalShown ? (
              <ApprovalFields
                requested={approval.requested ?? 0}
                showValue={approval.requested !== null}
                flags={approval.flags}
                values={approvalShown}
                onChange={(values) => {
                  setApprovalValues(values);
                  setErrors((current) => ({
                    ...current,
                    valorAprovado: undefined,
                    confirmarAlertas: undefined,
                  }));
                }}
                errors={errors}
              />
            ) : null}
            {payment ? (
              <PaymentFields
                today={today}
                pixKey={payment.pixKey}
                values={paymentValues}
                onChange={(values) => {
                  setPaymentValues(values);
                  setErrors((current) => ({ ...current, pagoEm: undefined, formaPagamento: undefined }));
                }}
                errors={errors}
              />
            ) : null}
            {asksReason ? (
              <div className="grid gap-2">
                <Label htmlFor={fieldId}>
                  {isResult ? "Resultado" : approval && !partial ? "Motivo (opcional)" : "Motivo"}
                </Label>
                <Textarea
                  id={fieldId}
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    if (error) setErrors((current) => ({ ...current, text: undefined }));
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                  rows={isResult ? 6 : approval ? 2 : 4}
                  maxLength={isResult ? 5000 : 2000}
                  autoFocus={!approval}
                />
                {error ? (
                  <p id={`${fieldId}-error`} className="text-sm text-destructive" role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
            ) : null}
            {fileField ? (
              <div className="grid gap-2">
                <Label htmlFor={`${fieldId}-file`}>{fileField.label}</Label>
                <FilePicker
                  id={`${fieldId}-file`}
                  rules={ACTION_FILE_RULES}
                  files={files}
                  onChange={(chosen) => {
                    setFiles(chosen);
                    setErrors((current) => ({ ...current, file: undefined }));
                  }}
                  prompt={payment ? "Anexe o comprovante" : "Anexe o relatório"}
                  disabled={busy}
                  aria-invalid={fileError || fileProblem ? true : undefined}
                  aria-describedby={fileError ? `${fieldId}-file-error` : undefined}
                />
                {fileError ? (
                  <p id={`${fieldId}-file-error`} className="text-sm text-destructive" role="alert">
                    {fileError}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Voltar
                </Button>
              </Dialog.Close>
              <Button
                type="submit"
                variant={action && DESTRUCTIVE.includes(action.acao) ? "destructive" : "default"}
                disabled={busy}
              >
                {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {action?.label}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
