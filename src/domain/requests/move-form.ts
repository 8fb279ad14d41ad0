import { z } from "zod";
import { isIsoDate } from "../dates";
import { approvedValueError, financeMessages, PAYMENT_METHODS, type PaymentMethod } from "../finance/payment";
import { formatBRL, parseBrlToCents } from "../money";
import { type AttachmentFile, attachmentsError } from "./attachments";
import { type ActionRequest, COMMENT_MAX, REASON_MAX, reviewMessages } from "./review-api";
import { ACTION_FILE_RULES, type RequestAction, transitionFor, type Workflow } from "./workflow";

/*
 * The form of a move's dialog (Recusar, Pedir ajuste, Concluir, Aprovar a
 * value, Marcar como pago...): what the move asks for, read from its workflow
 * transition (a reason, a file) and from the request (the value asked, the
 * flags), and one schema that checks it with the server's own messages. The
 * server checks the same rules again on `POST …/acoes` (ActionInputSchema and
 * the move's service); this schema is what the browser checks before sending.
 */

/** What one move asks for, for one request. */
export type MoveContext = {
  action: RequestAction;
  /** Its transition needs a reason (Recusar, Pedir ajuste, Aguardar solicitante, Reabrir). */
  needsReason: boolean;
  /** The move may bring a file (the transition's `file`): its field's label. */
  file: { readonly label: string } | null;
  /**
   * Approving a request paid by finance (the value asked, in cents: a lower one
   * needs a reason) or a flagged one (the approver confirms having seen the flags).
   */
  approval: { requested: number | null; flagged: boolean } | null;
  /** Paying: the day it was paid and how. */
  payment: boolean;
};

/** What a request tells about a move on it: whether finance pays it, the value asked, its flags. */
export type MoveFacts = { paid: boolean; requested: number; flagged: boolean };

/**
 * What `action` asks for from `state` in `workflow`. `needsReason` is the
 * standing's word (the server's `precisaMotivo`) when the workflow has no such
 * move from there (the page is older than the request).
 */
export function moveContext(
  workflow: Workflow,
  state: string,
  action: { acao: RequestAction; precisaMotivo: boolean },
  facts: MoveFacts,
): MoveContext {
  const transition = transitionFor(workflow, state, action.acao);
  const approving = action.acao === "aprovar" && (facts.paid || facts.flagged);
  return {
    action: action.acao,
    needsReason: transition?.needsReason ?? action.precisaMotivo,
    file: transition?.file ?? null,
    approval: approving ? { requested: facts.paid ? facts.requested : null, flagged: facts.flagged } : null,
    payment: action.acao === "marcar_pago" && facts.paid,
  };
}

/**
 * Whether the move opens a dialog before it is sent: it asks for something
 * (a reason, a result, a value, the flags' confirmation, the payment), or it
 * cannot be undone (cancelling).
 */
export function moveAsks(context: MoveContext): boolean {
  return (
    context.needsReason ||
    context.action === "concluir" ||
    context.action === "cancelar" ||
    context.approval !== null ||
    context.payment
  );
}

/** The text the move takes: the analysis' result, a reason (required or not), or none. */
export function moveText(context: MoveContext): "result" | "reason" | "optionalReason" | null {
  if (context.action === "concluir") return "result";
  if (context.needsReason) return "reason";
  // Approving a value: the reason is there, and required only for approving less than asked.
  return context.approval?.requested ? "optionalReason" : null;
}

/** The values of the dialog's form, as typed (the value as 'R$ 1.234,56'). */
export type MoveFormValues<F extends AttachmentFile = AttachmentFile> = {
  texto: string;
  arquivo: F[];
  valorAprovado: string;
  confirmarAlertas: boolean;
  pagoEm: string;
  formaPagamento: string;
};

/** What the dialog sends besides the move and the version: `POST …/acoes`'s fields and the file. */
export type MoveSubmission<F extends AttachmentFile = AttachmentFile> = Omit<
  ActionRequest,
  "acao" | "versao"
> & {
  arquivo?: F;
};

/** The empty form: the value asked, paid today (São Paulo) by PIX. */
export function moveFormDefaults<F extends AttachmentFile>(
  context: MoveContext,
  today: string,
): MoveFormValues<F> {
  const requested = context.approval?.requested;
  return {
    texto: "",
    arquivo: [],
    valorAprovado: requested ? formatBRL(requested) : "",
    confirmarAlertas: false,
    pagoEm: today,
    formaPagamento: "pix",
  };
}

/** Approving less than asked: the reason becomes required. */
export function isPartialApproval(context: MoveContext, valorAprovado: string): boolean {
  const requested = context.approval?.requested;
  const approved = parseBrlToCents(valorAprovado);
  return requested != null && approved !== null && approved < requested;
}

/** The dialog's form for `context`: its values' rules, and what they send. */
export function moveFormSchema<F extends AttachmentFile>(context: MoveContext) {
  const text = moveText(context);
  const max = text === "result" ? COMMENT_MAX : REASON_MAX;
  const requested = context.approval?.requested || null;
  return z
    .object({
      texto: z.string().max(max, reviewMessages.tooLong(max)),
      arquivo: z.array(z.custom<F>()),
      valorAprovado: z.string(),
      confirmarAlertas: z.boolean(),
      pagoEm: z.string(),
      formaPagamento: z.string(),
    })
    .superRefine((values, issues) => {
      const refuse = (path: keyof MoveFormValues, message: string) =>
        issues.addIssue({ code: "custom", path: [path], message });
      const partial = isPartialApproval(context, values.valorAprovado);
      if ((text === "result" || text === "reason" || partial) && !values.texto.trim()) {
        if (partial) refuse("texto", financeMessages.partialNeedsReason);
        else
          refuse("texto", text === "result" ? reviewMessages.resultRequired : reviewMessages.reasonRequired);
      }
      const fileError = context.file ? attachmentsError(values.arquivo, ACTION_FILE_RULES) : null;
      if (fileError) refuse("arquivo", fileError);
      if (requested) {
        const approved = parseBrlToCents(values.valorAprovado);
        // The reason is the text's to ask for: here only the value itself.
        const valueError =
          approved === null
            ? financeMessages.approvedInvalid
            : approvedValueError(approved, requested, "-")?.message;
        if (valueError) refuse("valorAprovado", valueError);
      }
      if (context.approval?.flagged && !values.confirmarAlertas)
        refuse("confirmarAlertas", financeMessages.flagsUnconfirmed);
      if (context.payment && !isIsoDate(values.pagoEm)) refuse("pagoEm", financeMessages.paidDateInvalid);
      if (context.payment && !(PAYMENT_METHODS as readonly string[]).includes(values.formaPagamento))
        refuse("formaPagamento", financeMessages.methodInvalid);
    })
    .transform((values): MoveSubmission<F> => {
      const typed = values.texto.trim();
      const approved = requested ? parseBrlToCents(values.valorAprovado) : null;
      const file = context.file ? values.arquivo[0] : undefined;
      return {
        ...(text === "result" ? { resultado: typed } : typed ? { motivo: typed } : {}),
        ...(file ? { arquivo: file } : {}),
        ...(approved ? { valorAprovado: approved } : {}),
        ...(context.approval?.flagged ? { confirmarAlertas: true } : {}),
        ...(context.payment
          ? { pagoEm: values.pagoEm, formaPagamento: values.formaPagamento as PaymentMethod }
          : {}),
      };
    });
}

/**
 * The dialog's field for each of the server's field names (its 400's `fields`):
 * the reason and the result are the one text of the dialog.
 */
export function moveFormField(serverName: string): keyof MoveFormValues | null {
  if (serverName === "motivo" || serverName === "resultado") return "texto";
  const fields: readonly string[] = [
    "arquivo",
    "valorAprovado",
    "confirmarAlertas",
    "pagoEm",
    "formaPagamento",
  ];
  return fields.includes(serverName) ? (serverName as keyof MoveFormValues) : null;
}
