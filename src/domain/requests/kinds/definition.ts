import type { z } from "zod";
import type { Flag } from "../../finance/flags";
import type { Notice } from "../../messages";
import type { AttachmentRules } from "../attachments";
import type { Option } from "../options";
import type { Workflow } from "../workflow";
import type { KindMeta } from "./kind-meta";
import type { KindSample } from "./kind-sample";

/*
 * One request kind, defined once (docs/decisions/010-request-kinds.md):
 * its rules and texts, how it is stored, listed, shown and sent. The server's
 * generic route, service and 'Minhas solicitações' statement, and the web's
 * detail page, are built from these entries; a kind's own code is its entry,
 * its table, its form component and a migration.
 */

/** Who files the request, as the session says; never taken from the body. */
export type Requester = { name: string; email: string };

/** How a stored value is shown on the request's page. */
/** `accessKey`: an NF-e/NFC-e key, in the DANFE's groups of four. */
export type DetailFormat = "text" | "long" | "money" | "date" | "url" | "accessKey";

/** One row of the request's page: a stored field, its label and how to show it. */
export type DetailField<R> = {
  readonly key: keyof R & string;
  readonly label: string;
  readonly as?: DetailFormat;
  /** The value is one of these: its label is shown. */
  readonly options?: readonly Option[];
  /** Shown when the value is empty; without it an empty field is left out. */
  readonly empty?: string;
  /** Takes the whole row. */
  readonly wide?: boolean;
  /** For `url`: the link's words instead of the address ('Consultar na SEFAZ'). */
  readonly linkText?: string;
};

/** What a webhook builder knows besides the stored fields. */
export type WebhookContext = {
  readonly id: string;
  readonly createdAt: Date;
  /** Signed, expiring links to the stored attachments, in upload order. */
  readonly attachmentLinks: readonly string[];
};

export type RequestKindAttachments<R> = {
  /** The multipart field that carries the files. */
  readonly field: "anexo";
  /** Count, size and type rules (with the content signatures of `rules.fileKinds`). */
  readonly rules: AttachmentRules;
  /** A stored field that keeps the comma-joined download addresses (spec §3 anexo_url), if any. */
  readonly urlListField?: keyof R & string;
};

export type RequestKindMessages = {
  /** The success toast; `answer` is an immediate delivery's answer, when there is one. */
  readonly success: (answer?: string | null) => Notice;
  /** The error toast; `explanation` is the server's own words, for the kinds that show them. */
  readonly error: (explanation?: string | null) => Notice;
};

/** The rules of a kind, beside what its meta says (`meta.ts`: names, place, money and routing fields). */
export type RequestKindDefinition<
  K extends string = string,
  S extends z.ZodObject = z.ZodObject,
  R extends Record<string, unknown> = Record<string, unknown>,
> = KindMeta<K> & {
  /** The form's and the server's rules, with the spec's messages; `today` is São Paulo's date. */
  readonly schema: (today?: string) => S;
  /**
   * Fields the form shows prefilled and locked (spec §2) come from the session,
   * not from the body: a client cannot file a request in someone else's name.
   */
  readonly session?: {
    /** The fields it fills: optional in the body. */
    readonly fields: readonly (keyof z.input<S> & string)[];
    readonly values: (
      requester: Requester,
      sent: Readonly<Record<string, unknown>>,
    ) => Record<string, unknown>;
  };
  /** The stored fields (money in cents), from the valid input. */
  readonly toRecord: (input: z.output<S>, requester: Requester) => R;
  /** Stored fields that hold money: cents here, numeric(12,2) in the table. */
  readonly moneyFields: readonly (keyof R & string)[];
  /** 'Minhas solicitações': the line that sums the request up, from the fields it names, and the value shown. */
  readonly list: {
    readonly fields: readonly (keyof R & string)[];
    readonly summary: (fields: Readonly<Record<string, unknown>>) => string;
    readonly value?: keyof R & string;
  };
  /** The request's page, in the form's order. */
  readonly detail: readonly DetailField<R>[];
  readonly attachments?: RequestKindAttachments<R>;
  /** The JSON body posted to the kind's automation (spec §7), from what was stored. */
  readonly webhook: (record: R, context: WebhookContext) => Record<string, unknown>;
  /**
   * "queued": the outbox delivers it after the answer. "immediate": the
   * requester waits for one attempt and sees the automation's answer (spec §7
   * SEO), kept in `answerField`; a failed attempt stays queued.
   */
  readonly delivery:
    | { readonly mode: "queued" }
    | { readonly mode: "immediate"; readonly answerField: keyof R & string };
  readonly messages: RequestKindMessages;
  /** What happens after it is sent (decision 011): its states and moves. */
  readonly workflow: Workflow;
  /**
   * Badges a request of the kind earns from its own listed fields and state, besides finance's
   * flags: shown in 'Caixa de entrada' and on its page (a cash advance past its settlement's deadline).
   */
  readonly alerts?: (fields: Readonly<Record<string, unknown>>, status: string, today: string) => Flag[];
  /** A valid request of the kind (`<kind>/sample.ts`), for the seeds, the benches and the tests. */
  readonly sample: KindSample;
};

/** A kind's definition: its meta and its rules, the literal types kept while checked against the shape. */
export function defineRequestKind<
  const K extends string,
  S extends z.ZodObject,
  R extends Record<string, unknown>,
>(
  meta: KindMeta<K>,
  rules: Omit<RequestKindDefinition<K, S, R>, keyof KindMeta>,
): RequestKindDefinition<K, S, R> {
  return { ...meta, ...rules } as RequestKindDefinition<K, S, R>;
}

/** The signed-in user's name for a locked name field; a user without one keeps what the form sent. */
export function sessionName(requester: Requester, sent: unknown): string {
  return requester.name.trim() || (typeof sent === "string" ? sent : "");
}
