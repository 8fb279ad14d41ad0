import { zodResolver } from "@hookform/resolvers/zod";
import { SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useId, useRef } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/textarea";
import { useServerForm } from "@/web/lib/use-server-form";

/** A blank message is not sent (the button stays disabled, Enter does nothing). */
const DraftSchema = z.object({ mensagem: z.string().refine((text) => text.trim() !== "") });

/**
 * Spec §2 /messages: Enter sends, Shift+Enter inserts a newline, and sending only
 * clears the input — the demo has nowhere to send to, so no bubble is added.
 * Through the form kit's submit pipeline like every form, with a send that does nothing.
 */
export function MessageComposer({ contactName }: { contactName: string }) {
  const hintId = useId();
  const fieldId = useId();
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const { form, onSubmit } = useServerForm({
    resolver: zodResolver(DraftSchema),
    defaults: { mensagem: "" },
    serverFields: ["mensagem"],
    send: async () => undefined,
    // Nothing is sent, so nothing can fail.
    errorNotice: () => ({ title: "Não foi possível enviar a mensagem" }),
    resetOnSuccess: true,
    // Back to the box, from 'Enviar' too (react-hook-form's setFocus leaves it on the button).
    onSuccess: () => textareaRef.current?.focus(),
  });
  const draft = useWatch({ control: form.control, name: "mensagem" });
  const { ref: registerRef, ...field } = form.register("mensagem");

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey) return;
    // Enter that confirms an IME candidate (Japanese, Chinese, ...) must not send;
    // Safari reports it with isComposing already false, but keyCode 229.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <form
      noValidate
      aria-label={`Responder a ${contactName}`}
      className="flex flex-col gap-1.5 border-t bg-card p-3 sm:p-4"
      onSubmit={onSubmit}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={fieldId} className="sr-only">
          Mensagem
        </label>
        <Textarea
          id={fieldId}
          rows={1}
          {...field}
          ref={(element) => {
            registerRef(element);
            textareaRef.current = element;
          }}
          onKeyDown={onKeyDown}
          placeholder="Escreva uma mensagem…"
          aria-describedby={hintId}
          className="max-h-40 min-h-10 resize-none"
        />
        <Button type="submit" disabled={draft.trim() === ""} className="shrink-0 max-sm:size-10 max-sm:px-0">
          <SendHorizontal aria-hidden="true" />
          <span className="max-sm:sr-only">Enviar</span>
        </Button>
      </div>
      <p id={hintId} className="hidden text-xs text-muted-foreground sm:block">
        Enter envia · Shift+Enter quebra a linha
      </p>
    </form>
  );
}
