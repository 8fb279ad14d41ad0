import { Plus, X } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import type { ControlProps } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";

type ListInputProps = ControlProps & {
  value: string[] | undefined;
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  /** What one item is, for the buttons' names ('Adicionar atividade'). */
  itemName: string;
  /** The name of the list of added items. */
  listLabel: string;
  placeholder: string;
  ref?: React.Ref<HTMLInputElement>;
};

/**
 * Spec §2 /vagas list inputs: the text is trimmed, empty text is ignored, Enter
 * (or 'Adicionar') adds it, and each item has its own remove button.
 */
export function ListInput({
  value,
  onChange,
  onBlur,
  itemName,
  listLabel,
  placeholder,
  ref,
  ...control
}: ListInputProps) {
  const items = value ?? [];
  const [text, setText] = useState("");

  const add = () => {
    const item = text.trim();
    if (!item) {
      setText("");
      return;
    }
    onChange([...items, item]);
    setText("");
  };

  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));

  return (
    <div className="grid gap-2.5">
      <div className="flex gap-2">
        <Input
          {...control}
          ref={ref}
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onBlur={onBlur}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            // Enter adds the item; it never submits the form.
            event.preventDefault();
            add();
          }}
          enterKeyHint="done"
          className="min-w-0 flex-1"
        />
        <Button type="button" variant="outline" onClick={add} className="shrink-0">
          <Plus aria-hidden="true" />
          Adicionar<span className="sr-only"> {itemName}</span>
        </Button>
      </div>
      {items.length > 0 ? (
        <ul aria-label={listLabel} className="flex flex-wrap gap-2">
          {items.map((item, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: items may repeat; the position is their identity
              key={`${index}-${item}`}
              className="flex max-w-full min-w-0 items-center gap-1 rounded-lg border bg-muted/50 py-1 pr-1 pl-3 text-sm"
            >
              <span className="min-w-0 break-words">{item}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 shrink-0 text-muted-foreground hover:text-destructive"
                aria-label={`Remover ${item}`}
                onClick={() => remove(index)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
