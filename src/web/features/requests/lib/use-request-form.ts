import { useEffect } from "react";
import { type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { Notice } from "@/domain/messages";
import { notifySuccess } from "@/web/lib/notify";
import { showSubmitError } from "@/web/lib/submit-error";
import { useSingleSubmit } from "@/web/lib/use-single-submit";
import { useIdempotencyKey } from "./use-idempotency-key";

type Options<TValues extends FieldValues, TOutput, TResult> = {
  resolver: Resolver<TValues, unknown, TOutput>;
  defaults: TValues;
  /** The form's fields in screen order: the first one the server refuses gets the focus. */
  fieldOrder: readonly Path<TValues>[];
  send: (values: TOutput, idempotencyKey: string) => Promise<TResult>;
  isPending: boolean;
  errorNotice: (error: unknown) => Notice;
  successNotice: (result: TResult) => Notice;
};

/**
 * What the five request forms share (spec §4 Forms): validation with the shared
 * schema, one submission at a time under one Idempotency-Key, the error toast
 * with the server's field messages, and the success toast and reset.
 */
export function useRequestForm<TValues extends FieldValues, TOutput, TResult>(
  options: Options<TValues, TOutput, TResult>,
) {
  const key = useIdempotencyKey();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: options.resolver,
    defaultValues: options.defaults as never,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { watch, handleSubmit, setError, reset } = form;

  // Other values are another submission, with a key of its own.
  useEffect(() => {
    const subscription = watch(() => key.renew());
    return () => subscription.unsubscribe();
  }, [watch, key.renew]);

  const onSubmit = useSingleSubmit(
    handleSubmit(async (values) => {
      let result: TResult;
      try {
        result = await options.send(values, key.take());
      } catch (error) {
        showSubmitError(error, options.errorNotice(error), options.fieldOrder, (field, message, focus) =>
          setError(field, { type: "server", message }, { shouldFocus: focus }),
        );
        return;
      }
      const notice = options.successNotice(result);
      notifySuccess(notice.title, { description: notice.description });
      key.renew();
      reset(options.defaults);
    }),
  );

  return { form, onSubmit, busy: form.formState.isSubmitting || options.isPending };
}
