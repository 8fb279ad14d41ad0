import type { ApiError } from "@/domain/auth/auth.schema";

/*
 * A request sent without a connection, kept on this device until it can be sent
 * (docs/decisions/066): the call exactly as it was made, under its Idempotency-Key, so sending it
 * again, however often, stores it once.
 */

/** The call's body: the schema's output as JSON, or the multipart texts in order and then the files. */
export type DraftBody =
  | { type: "json"; data: unknown }
  | { type: "multipart"; fields: [string, string][]; fileField: string; files: File[] };

export type Draft = {
  /** The Idempotency-Key of the submission: also the draft's id. */
  id: string;
  /** Whose draft it is (the user id): each person sees and sends only their own. */
  owner: string;
  /** The API path it is POSTed to. */
  path: string;
  /** What it is, for the banner ('Reembolso'). */
  label: string;
  /** The page of its form, where a refused draft is corrected. */
  formPath: string;
  body: DraftBody;
  /** The form's values as typed, to fill the form again if the server refuses it. */
  values?: Record<string, unknown>;
  /** Waiting for a connection, or refused by the server (then `error` says why). */
  state: "waiting" | "refused";
  error?: ApiError;
  /** When it was kept (ms since the epoch): drafts are sent oldest first. */
  savedAt: number;
};

/** Thrown by the submit pipeline instead of the network failure: the submission is kept, not lost. */
export class DraftKept extends Error {
  readonly draft: Draft;
  constructor(draft: Draft) {
    super("Aguardando conexão");
    this.name = "DraftKept";
    this.draft = draft;
  }
}

/** What the server said of a refused draft: its first field message, else its explanation. */
export function refusalText(error: ApiError | undefined): string {
  if (!error) return "";
  const field = Object.values(error.fields ?? {}).find((message) => typeof message === "string");
  return (field as string | undefined) ?? error.description ?? error.message;
}

/** Texts of the drafts' toasts and banner. */
export const draftMessages = {
  keptTitle: "Aguardando conexão",
  keptDescription: "A solicitação ficou guardada neste aparelho e será enviada quando a conexão voltar.",
  sentTitle: "Enviada",
  sentDescription: (label: string) => `A solicitação de ${label} que aguardava conexão foi enviada.`,
  refusedTitle: "Solicitação não enviada",
} as const;
