import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { Dialog } from "radix-ui";
import type * as React from "react";
import { useMemo } from "react";
import { type Resolver, useWatch } from "react-hook-form";
import { todayInSaoPaulo } from "@/domain/dates";
import { formatBRL } from "@/domain/money";
import {
  isPartialApproval,
  type MoveContext,
  type MoveFormValues,
  type MoveSubmission,
  moveFormDefaults,
  moveFormField,
  moveFormSchema,
  moveText,
} from "@/domain/requests/move-form";
import { COMMENT_MAX, type Flag, REASON_MAX, type RequestStanding } from "@/domain/requests/review-api";
import { ACTION_DONE_TOAST } from "@/domain/requests/standing-text";
import { ACTION_FILE_RULES, type RequestAction } from "@/domain/requests/workflow";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { ApiRequestError } from "@/web/lib/api-client";
import { markServerFields } from "@/web/lib/submit-error";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { FlagList, PixKeyWhenPix, paymentFields } from "./move-fields";

type Values = MoveFormValues<File>;
type Submission = MoveSubmission<File>;

/** Moves that end something for good or turn someone away: shown as the destructive choice. */
export const DESTRUCTIVE: readonly RequestAction[] = ["recusar", "cancelar"];

const FAILED = { title: "Não foi possível concluir a ação", description: "Tente novamente." };

/** A move the reader chose that asks for something first. */
export type AskedMove = { label: string; context: MoveContext };

/** What the dialog says under its title. */
function description(context: MoveContext): string {
  if (context.action === "concluir") return "O resultado vai para o solicitante e fica na linha do tempo.";
  if (context.approval) return "A decisão vai para o solicitante e fica na linha do tempo.";
  if (context.payment) return "O solicitante vê a data e a forma do pagamento.";
  if (moveText(context)) return "O motivo vai para o solicitante e fica na linha do tempo.";
  return "A solicitação não poderá mais ser analisada.";
}

/**
 * Asks for what a move needs before it is sent (the reason, the analysis'
 * result and its optional file, the value approved, the flags' confirmation,
 * the payment), through the form kit with the domain's move-form schema.
 */
export function MoveDialog({
  move,
  flags,
  pixKey,
  busy,
  onClose,
  send,
}: {
  move: AskedMove | null;
  /** The request's flags, for the approver to confirm. */
  flags: readonly Flag[];
  /** Paying: the requester's PIX key. */
  pixKey: string | null;
  busy: boolean;
  onClose: () => void;
  /** Sends the move with what the dialog asked for. */
  send: (action: RequestAction, submission: Submission) => Promise<RequestStanding>;
}) {
  return (
    <Dialog.Root open={move !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95">
          {/* A new form each time it opens: nothing typed for another move stays. */}
          {move ? (
            <MoveForm move={move} flags={flags} pixKey={pixKey} busy={busy} onDone={onClose} send={send} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MoveForm({
  move: { label, context },
  flags,
  pixKey,
  busy,
  onDone,
  send,
}: {
  move: AskedMove;
  flags: readonly Flag[];
  pixKey: string | null;
  busy: boolean;
  onDone: () => void;
  send: (action: RequestAction, submission: Submission) => Promise<RequestStanding>;
}) {
  const resolver = useMemo(
    () => zodResolver(moveFormSchema<File>(context)) as unknown as Resolver<Values, unknown, Submission>,
    [context],
  );
  const { form, onSubmit } = useServerForm({
    resolver,
    defaults: moveFormDefaults<File>(context, todayInSaoPaulo()),
    serverFields: moveFormField,
    send: (submission) => send(context.action, submission),
    errorNotice: (error) => apiErrorNotice(error, FAILED),
    // The server's word on a field shows under it, as the browser's own check would, without a toast;
    // a file too large for the server (413) is the file's.
    intercept: (error) => {
      if (!(error instanceof ApiRequestError)) return false;
      if (error.status === 413) {
        form.setError("arquivo", { type: "server", message: ACTION_FILE_RULES.messages.tooLarge });
        return true;
      }
      return markServerFields(error, moveFormField, (field, message, focus) =>
        form.setError(field, { type: "server", message }, { shouldFocus: focus }),
      );
    },
    // Anything else (someone acted in between: 409) closes the dialog; the page reloads what is true now.
    afterError: (error) => {
      if (!(error instanceof ApiRequestError && error.status === 401)) onDone();
    },
    successNotice: () => ({ title: ACTION_DONE_TOAST[context.action] }),
    onSuccess: onDone,
  });
  const valorAprovado = useWatch({ control: form.control, name: "valorAprovado" });
  const partial = isPartialApproval(context, valorAprovado);
  const pix = <PixKeyWhenPix control={form.control} value={pixKey} />;
  const fields = moveFields(context, { flags, pix, partial });
  const sending = busy || form.formState.isSubmitting;

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-busy={sending}>
      <div className="grid gap-1.5">
        <Dialog.Title className="text-lg font-semibold">
          {context.action === "cancelar" ? "Cancelar esta solicitação?" : label}
        </Dialog.Title>
        <Dialog.Description className="text-sm text-muted-foreground">
          {description(context)}
        </Dialog.Description>
      </div>
      {fields.length ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormFields form={form} fields={fields} idPrefix="acao" announce />
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button type="button" variant="outline" disabled={sending}>
            Voltar
          </Button>
        </Dialog.Close>
        <Button
          type="submit"
          variant={DESTRUCTIVE.includes(context.action) ? "destructive" : "default"}
          disabled={sending}
        >
          {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {label}
        </Button>
      </div>
    </form>
  );
}

/** The dialog's fields, in screen order: the value and the flags, the payment, the text, the file. */
function moveFields(
  context: MoveContext,
  { flags, pix, partial }: { flags: readonly Flag[]; pix: React.ReactNode; partial: boolean },
): FieldSpec<Values>[] {
  const fields: FieldSpec<Values>[] = [];
  const { approval } = context;
  if (approval && approval.requested !== null) {
    fields.push({
      type: "currency",
      name: "valorAprovado",
      label: "Valor aprovado",
      wide: true,
      hint: `Solicitado: ${formatBRL(approval.requested)}. Para aprovar menos, informe o motivo.`,
    });
  }
  if (approval?.flagged) {
    fields.push(
      { type: "element", key: "alertas", node: <FlagList flags={flags} className="sm:col-span-2" /> },
      {
        type: "checkbox",
        name: "confirmarAlertas",
        label: "Verifiquei os alertas e quero aprovar",
        wide: true,
      },
    );
  }
  if (context.payment) fields.push(...paymentFields<Values>(), { type: "element", key: "pix", node: pix });
  const text = moveText(context);
  if (text) {
    const result = text === "result";
    fields.push({
      type: "textarea",
      name: "texto",
      label: result ? "Resultado" : text === "optionalReason" && !partial ? "Motivo (opcional)" : "Motivo",
      wide: true,
      rows: result ? 6 : approval ? 2 : 4,
      attrs: { maxLength: result ? COMMENT_MAX : REASON_MAX, autoFocus: !approval },
    });
  }
  if (context.file) {
    fields.push({
      type: "file",
      name: "arquivo",
      label: context.file.label,
      wide: true,
      rules: ACTION_FILE_RULES,
      prompt: context.payment ? "Anexe o comprovante" : "Anexe o relatório",
    });
  }
  return fields;
}
