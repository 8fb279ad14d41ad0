import { Hourglass, Loader2, PencilLine, UserRound, Users } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { Link } from "react-router";
import { attachmentFileError } from "@/domain/requests/attachments";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { type RequestStanding, reviewMessages } from "@/domain/requests/review-api";
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
import { useRequestAction } from "../api/review-actions";
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
}: {
  tipo: RequestKind;
  id: string;
  standing: RequestStanding;
}) {
  const action = useRequestAction(tipo, id);
  const [asking, setAsking] = useState<Action | null>(null);

  const run = async (
    chosen: Action,
    extra: { motivo?: string; resultado?: string; arquivo?: File } = {},
  ): Promise<DialogErrors | null> => {
    try {
      await action.mutateAsync({ acao: chosen.acao, versao: standing.versao, ...extra });
      notifySuccess(ACTION_DONE_TOAST[chosen.acao]);
      setAsking(null);
      return null;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) return null;
      const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
      const text = fields?.motivo ?? fields?.resultado;
      const file = fields?.[ACTION_FILE_FIELD];
      if (text || file) return { text, file };
      if (error instanceof ApiRequestError && error.status === 413)
        return { file: ACTION_FILE_RULES.messages.tooLarge };
      // 409: someone acted in between; the page reloads what is true now.
      setAsking(null);
      toastApiError(error, FAILED);
      return null;
    }
  };

  const onClick = (chosen: Action) => {
    if (chosen.precisaMotivo || chosen.acao === "concluir" || chosen.acao === "cancelar") setAsking(chosen);
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
        busy={action.isPending}
        onClose={() => (action.isPending ? undefined : setAsking(null))}
        onConfirm={(text, arquivo) =>
          asking
            ? run(asking, {
                ...(asking.acao === "concluir" ? { resultado: text } : text ? { motivo: text } : {}),
                ...(arquivo ? { arquivo } : {}),
              })
            : Promise.resolve(null)
        }
      />
    </section>
  );
}

/** The dialog's fields' messages, from the browser's own checks or the server's answer. */
type DialogErrors = { text?: string; file?: string };

/** Asks for the reason (or the analysis' result and its optional file, or a confirmation) before the move. */
function ActionDialog({
  action,
  file: fileField,
  busy,
  onClose,
  onConfirm,
}: {
  action: Action | null;
  /** The move may bring a file: its field's label. */
  file: { label: string } | null;
  busy: boolean;
  onClose: () => void;
  /** Resolves to the fields' error messages, or null. */
  onConfirm: (text: string, file: File | undefined) => Promise<DialogErrors | null>;
}) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<DialogErrors>({});
  const fieldId = useId();
  const isResult = action?.acao === "concluir";
  const needsText = Boolean(action?.precisaMotivo) || isResult;
  const emptyMessage = isResult ? reviewMessages.resultRequired : reviewMessages.reasonRequired;
  const error = errors.text;
  const fileProblem = fileField && files[0] ? attachmentFileError(files[0], ACTION_FILE_RULES) : null;
  // A chosen file's own problem shows on its row (FilePicker); the server's answer shows below.
  const fileError = errors.file;

  const reset = () => {
    setText("");
    setFiles([]);
    setErrors({});
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing = needsText && !text.trim() ? emptyMessage : undefined;
    if (missing || fileProblem) {
      setErrors({ text: missing });
      return;
    }
    const messages = await onConfirm(text.trim(), fileField ? files[0] : undefined);
    if (messages) setErrors(messages);
    else reset();
  };

  return (
    <Dialog.Root
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) {
          setErrors({});
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
                  : needsText
                    ? "O motivo vai para o solicitante e fica na linha do tempo."
                    : "A solicitação não poderá mais ser analisada."}
              </Dialog.Description>
            </div>
            {needsText ? (
              <div className="grid gap-2">
                <Label htmlFor={fieldId}>{isResult ? "Resultado" : "Motivo"}</Label>
                <Textarea
                  id={fieldId}
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    if (error) setErrors((current) => ({ ...current, text: undefined }));
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                  rows={isResult ? 6 : 4}
                  maxLength={isResult ? 5000 : 2000}
                  autoFocus
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
                  prompt="Anexe o relatório"
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
