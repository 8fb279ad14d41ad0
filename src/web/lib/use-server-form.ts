import { useEffect } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { Notice } from "@/domain/messages";
import { filesPrepared } from "@/web/components/form/preparing-files";
import { toasterReady } from "@/web/components/ui/lazy-toaster";
import { DraftKept } from "@/web/lib/drafts/draft";
import { useDraftRestore } from "@/web/lib/drafts/use-draft-restore";
import { notifySuccess } from "@/web/lib/notify";
import { markServerFields, type ServerFields, showSubmitError } from "@/web/lib/submit-error";
import { useIdempotencyKey } from "@/web/lib/use-idempotency-key";
import { useSingleSubmit } from "@/web/lib/use-single-submit";

export type ServerFormOptions<TValues extends FieldValues, TOutput, TResult> = {
  resolver: Resolver<TValues, unknown, TOutput>;
  defaults: TValues;
  /** Where the server's field messages go (the form's fields in screen order: the first gets the focus). */
  serverFields: ServerFields<Path<TValues>>;
  /** The call; `idempotencyKey` stays the same while the values do (a retry or a double send is saved once). */
  send: (values: TOutput, idempotencyKey: string) => Promise<TResult>;
  /** The mutation is running (the button stays busy until it settles). */
  isPending?: boolean;
  /** The error toast of a failed call. */
  errorNotice: (error: unknown) => Notice;
  /** A failure the form handles itself (a version conflict): true and nothing else is shown. */
  intercept?: (error: unknown) => boolean;
  /** After the toast and the field messages of a failure. */
  afterError?: (error: unknown, form: UseFormReturn<TValues, unknown, TOutput>) => void;
  /** The success toast; none without it. */
  successNotice?: (result: TResult) => Notice;
  /** Empties the form after a success (the request forms: another request starts blank). */
  resetOnSuccess?: boolean;
  onSuccess?: (result: TResult) => void;
  /** Values the schema refused (nothing was sent): the field messages are shown in any case. */
  onInvalid?: (errors: FieldErrors<TValues>) => void;
};

/**
 * The one submit pipeline of every form that writes to the server (spec §4
 * Forms): validation with the shared schema, one submission at a time under
 * one Idempotency-Key, the error toast with the server's field messages under
 * the fields, and the success toast, reset or navigation. A request sent
 * without a connection is kept on the device ('Aguardando conexão') and the
 * form starts blank; one the server refused later comes back filled
 * (docs/decisions/066).
 */
export function useServerForm<TValues extends FieldValues, TOutput, TResult>(
  options: ServerFormOptions<TValues, TOutput, TResult>,
) {
  const key = useIdempotencyKey();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: options.resolver,
    defaultValues: options.defaults as DefaultValues<TValues>,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { watch, handleSubmit, setError, reset } = form;
  const mark = (field: Path<TValues>, message: string, focus: boolean) =>
    setError(field, { type: "server", message }, { shouldFocus: focus });
  const drafts = useDraftRestore({
    reset: (values) => reset({ ...options.defaults, ...values } as TValues),
    markErrors: (error) => markServerFields(error, options.serverFields, mark),
  });

  // Other values are another submission, with a key of its own. The first change also loads the
  // toaster that will tell the outcome: by the time the form is sent it is there, with a
  // connection or without one (Chromium never fetches again a chunk that failed; decision 066).
  useEffect(() => {
    const subscription = watch(() => {
      key.renew();
      void toasterReady();
    });
    return () => subscription.unsubscribe();
  }, [watch, key.renew]);

  const submit = handleSubmit(async (values) => {
    let result: TResult;
    try {
      result = await options.send(values, key.take());
    } catch (error) {
      if (error instanceof DraftKept) {
        await drafts.kept(error, form.getValues());
        key.renew();
        reset(options.defaults);
        return;
      }
      if (options.intercept?.(error)) return;
      showSubmitError(error, options.errorNotice(error), options.serverFields, mark);
      options.afterError?.(error, form);
      return;
    }
    const notice = options.successNotice?.(result);
    if (notice) notifySuccess(notice.title, { description: notice.description });
    key.renew();
    drafts.settled();
    if (options.resetOnSuccess) reset(options.defaults);
    options.onSuccess?.(result);
  }, options.onInvalid);
  // A file still being prepared joins the values when it is ready: the submission waits for it.
  const onSubmit = useSingleSubmit(async (event) => {
    event.preventDefault();
    await filesPrepared(event.currentTarget);
    await submit();
  });

  return { form, onSubmit, busy: form.formState.isSubmitting || Boolean(options.isPending) };
}
