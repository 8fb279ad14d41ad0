import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Path, Resolver } from "react-hook-form";
import { z } from "zod";
import type { Notice } from "@/domain/messages";
import { parseBrlToCents } from "@/domain/money";
import { notifyError } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";

/**
 * A masked amount ('R$ 1.234,56'; '' for none) read as cents, then judged by
 * `cents`, the server's own field: an empty or zero amount gets its message.
 */
export const maskedCents = (cents: z.ZodType<number, number>) =>
  z
    .string()
    .transform((text) => (text ? (parseBrlToCents(text) ?? 0) : 0))
    .pipe(cents);

/**
 * The forms of 'Equipes e permissões' (the team, and each row of the second
 * approvals, the limits and the service levels): the kit's submit pipeline with
 * the schema the server uses, and on a refusal the toast `failed` with the
 * first field's message (or the server's own words), the fields marked.
 */
export function useAdminForm<V extends FieldValues, O, R>({
  schema,
  defaults,
  fields,
  send,
  isPending,
  failed,
  saved,
  onSaved,
}: {
  /** Reads the form's values (V) into what is sent (O). */
  schema: z.ZodType<O>;
  defaults: V;
  /** The form's fields in screen order, named as the server names them. */
  fields: readonly Path<V>[];
  send: (values: O, idempotencyKey: string) => Promise<R>;
  isPending: boolean;
  failed: Notice;
  saved: (result: R) => Notice;
  onSaved?: (result: R) => void;
}) {
  return useServerForm({
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, O>,
    defaults,
    serverFields: fields,
    send,
    isPending,
    errorNotice: (error) => apiErrorNotice(error, failed),
    onInvalid: (errors) => {
      const first = fields.map((field) => errors[field]?.message).find(Boolean);
      notifyError(failed.title, { description: typeof first === "string" ? first : undefined });
    },
    successNotice: saved,
    onSuccess: onSaved,
  });
}
