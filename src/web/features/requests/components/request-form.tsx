import { zodResolver } from "@hookform/resolvers/zod";
import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useMemo } from "react";
import type { FieldValues, Resolver } from "react-hook-form";
import type { User } from "@/domain/auth/auth.schema";
import type { Notice } from "@/domain/messages";
import { maskCurrencyInput } from "@/domain/money";
import type { CreatedRequest } from "@/domain/requests/api";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { KeptFile } from "@/web/components/form/file-picker";
import {
  emptyValues,
  type FieldSpec,
  FormFields,
  fieldOrder,
  valuesFromRecord,
} from "@/web/components/form/form-fields";

import {
  RequestFormCard,
  RequestFormFields,
  RequestFormFooter,
} from "@/web/components/form/request-form-layout";
import { withAttachments } from "@/web/components/form/with-attachments";
import { errorExplanation } from "@/web/lib/submit-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useCreateRequest } from "../api/create-request";

type Values = Record<string, unknown>;

/** A request kind's form, declared: its page's texts and its fields; the rest comes from the kind's registry entry. */
export type RequestFormDeclaration = {
  kind: RequestKind;
  title: string;
  description: string;
  icon: LucideIcon;
  badge?: string;
  /** The form's accessible name. */
  name: string;
  fields: readonly FieldSpec<FieldValues>[];
  submit?: { label: string; busyLabel: string };
  /** Values a new request starts with from the account, editable (the session fields aside). */
  prefill?: (user: User) => Values;
  /** The success toast, when the registry's does not say it all. */
  success?: (created: CreatedRequest) => Notice;
  /** What the kind adds to the request's page, under its data (a cash advance's settlement). */
  detailPanel?: React.ComponentType<{ id: string }>;
};

const resolvers = new Map<RequestKind, Resolver<Values, unknown, Values>>();

/**
 * The kind's schema from the registry: kinds with files validate the texts as
 * typed (the multipart body carries them so) and the files by the kind's rules;
 * the others send the schema's output as JSON.
 */
function resolverFor(kind: RequestKind): Resolver<Values, unknown, Values> {
  let resolver = resolvers.get(kind);
  if (!resolver) {
    const definition = requestKind(kind);
    const schema = definition.schema();
    resolver = (
      definition.attachments
        ? withAttachments(
            zodResolver(schema, undefined, { raw: true }) as never,
            definition.attachments.rules,
          )
        : zodResolver(schema)
    ) as Resolver<Values, unknown, Values>;
    resolvers.set(kind, resolver);
  }
  return resolver;
}

/** The session fields of the kind (spec §2: prefilled and locked), from the signed-in user. */
function sessionValues(kind: RequestKind, user: User | undefined): Values {
  if (!user) return {};
  return requestKind(kind).session?.values({ name: user.name, email: user.email }, {}) ?? {};
}

const formatCents = (cents: number) => maskCurrencyInput(String(cents)).display;

type Submission<R> = {
  defaults: Values;
  send: (values: Values, idempotencyKey: string) => Promise<R>;
  isPending: boolean;
  successNotice: (result: R) => Notice;
  /** The error toast, when not the kind's own. */
  errorNotice?: (error: unknown) => Notice | undefined;
  resetOnSuccess?: boolean;
  onSuccess?: (result: R) => void;
  submit?: { label: string; busyLabel: string };
  kept?: readonly KeptFile[];
  /** Above the fields (editing: what the team asked to change). */
  notice?: React.ReactNode;
  title?: string;
  description?: string;
};

function RequestFormView<R>({
  declaration,
  ...submission
}: { declaration: RequestFormDeclaration } & Submission<R>) {
  const definition = requestKind(declaration.kind);
  const { form, onSubmit, busy } = useServerForm({
    resolver: resolverFor(declaration.kind),
    defaults: submission.defaults,
    serverFields: fieldOrder(declaration.fields),
    send: submission.send,
    isPending: submission.isPending,
    errorNotice: (error) =>
      submission.errorNotice?.(error) ?? definition.messages.error(errorExplanation(error)),
    successNotice: submission.successNotice,
    resetOnSuccess: submission.resetOnSuccess,
    onSuccess: submission.onSuccess,
  });
  const submit = submission.submit ?? declaration.submit;

  return (
    <RequestFormCard
      title={submission.title ?? declaration.title}
      badge={declaration.badge}
      description={submission.description ?? declaration.description}
      icon={declaration.icon}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label={declaration.name}>
        {submission.notice}
        <RequestFormFields>
          <FormFields
            form={form as never}
            fields={declaration.fields}
            idPrefix={declaration.kind}
            kept={submission.kept ? { files: submission.kept, field: "manterAnexos" } : undefined}
          />
        </RequestFormFields>
        <RequestFormFooter busy={busy} label={submit?.label} busyLabel={submit?.busyLabel} />
      </form>
    </RequestFormCard>
  );
}

/** A new request of the kind (spec §2, §8 Requests): sent once, then the form starts blank again. */
export function RequestForm({ declaration, user }: { declaration: RequestFormDeclaration; user?: User }) {
  const { kind } = declaration;
  const mutation = useCreateRequest(kind);
  const session = useMemo(() => sessionValues(kind, user), [kind, user]);
  const defaults = useMemo(
    () => ({ ...emptyValues(declaration.fields), ...(user && declaration.prefill?.(user)), ...session }),
    [declaration, user, session],
  );
  return (
    <RequestFormView
      declaration={declaration}
      defaults={defaults}
      send={(values, idempotencyKey) => mutation.mutateAsync({ values, idempotencyKey })}
      isPending={mutation.isPending}
      successNotice={(created) =>
        declaration.success?.(created) ?? requestKind(kind).messages.success(created.resposta)
      }
      resetOnSuccess
    />
  );
}

/**
 * 'Editar e reenviar' (decision 011): the same form, filled from the stored request;
 * its stored files listed with a remove button each, new ones added with the picker.
 */
export function RequestResubmitForm<R>({
  declaration,
  user,
  record,
  attachments,
  ...submission
}: {
  declaration: RequestFormDeclaration;
  user: User;
  record: Readonly<Values>;
  attachments: readonly KeptFile[];
} & Pick<
  Submission<R>,
  | "send"
  | "isPending"
  | "successNotice"
  | "errorNotice"
  | "onSuccess"
  | "notice"
  | "title"
  | "description"
  | "submit"
>) {
  const { kind } = declaration;
  const hasFiles = Boolean(requestKind(kind).attachments);
  const defaults = useMemo(
    () => ({
      ...valuesFromRecord(declaration.fields, record, formatCents),
      ...sessionValues(kind, user),
      ...(hasFiles ? { manterAnexos: attachments.map((file) => file.id) } : {}),
    }),
    [declaration, record, kind, user, hasFiles, attachments],
  );
  return (
    <RequestFormView
      declaration={declaration}
      defaults={defaults}
      kept={hasFiles ? attachments : undefined}
      {...submission}
    />
  );
}
