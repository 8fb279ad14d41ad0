import { SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/textarea";

/**
 * Spec §2 /messages: Enter sends, Shift+Enter inserts a newline, and sending only
 * clears the input — the demo has nowhere to send to, so no bubble is added.
 */
export function MessageComposer({ contactName }: { contactName: string }) {
  const [draft, setDraft] = useState("");
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const fieldId = useId();

  const send = () => {
    setDraft("");
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey) return;
    // Enter that confirms an IME candidate (Japanese, Chinese, ...) must not send;
    // Safari reports it with isComposing already false, but keyCode 229.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      aria-label={`Responder a ${contactName}`}
      className="flex flex-col gap-1.5 border-t bg-card p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={fieldId} className="sr-only">
          Mensagem
        </label>
        <Textarea
          id={fieldId}
          ref={textareaRef}
          rows={1}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
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
