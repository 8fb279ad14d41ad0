import { FileText, ImageIcon, Paperclip, Upload, X } from "lucide-react";
import type * as React from "react";
import { type AttachmentRules, acceptAttribute, attachmentFileError } from "@/domain/requests/attachments";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatFileSize } from "@/web/lib/format";
import type { ControlProps } from "./form-item";

type FilePickerProps = ControlProps & {
  rules: AttachmentRules;
  files: readonly File[];
  onChange: (files: File[]) => void;
  onBlur?: () => void;
  ref?: React.Ref<HTMLInputElement>;
  name?: string;
  /** What the drop area says, e.g. 'Escolha os comprovantes'. */
  prompt: string;
  disabled?: boolean;
  /** Files already stored with the request (editing it): listed first, each can be removed. */
  kept?: readonly KeptFile[];
  onRemoveKept?: (id: string) => void;
};

/** A stored attachment, as the request's page lists it. */
export type KeptFile = { id: string; nome: string; tamanho: number; contentType: string };

function fileIcon(type: string) {
  return type.startsWith("image/") ? ImageIcon : type ? FileText : Paperclip;
}

/** One line of a file list: icon, name, size or problem, and the remove button. */
function FileRow({
  name,
  type,
  detail,
  problem,
  disabled,
  onRemove,
}: {
  name: string;
  type: string;
  detail: string;
  problem?: string | null;
  disabled?: boolean;
  onRemove: () => void;
}) {
  const Icon = fileIcon(type);
  return (
    <li
      className={cn(
        "flex min-w-0 items-center gap-3 rounded-md border bg-card px-3 py-2",
        problem && "border-destructive/50",
      )}
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className={cn("text-xs", problem ? "text-destructive" : "text-muted-foreground")}>
          {problem ?? detail}
        </p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground hover:text-foreground"
        aria-label={`Remover ${name}`}
        disabled={disabled}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * A file field over a drop area: the real <input type="file"> covers the area
 * (transparent), so a click, the keyboard and a dropped file all reach it. The
 * chosen files are listed below, each with its size, its own problem if it has
 * one, and a button to remove it. With `rules.max` 1 a new file replaces the old
 * (a stored one too). Stored files being kept (`kept`) are listed above them.
 */
export function FilePicker({
  rules,
  files,
  onChange,
  onBlur,
  ref,
  name,
  prompt,
  disabled,
  kept = [],
  onRemoveKept,
  "aria-required": _required,
  ...control
}: FilePickerProps) {
  const multiple = rules.max !== 1;

  const add = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied so that choosing the same file again (after removing it) is a change.
    event.target.value = "";
    if (picked.length === 0) return;
    if (!multiple) {
      for (const file of kept) onRemoveKept?.(file.id);
      onChange(picked.slice(0, 1));
      return;
    }
    onChange([...files, ...picked.filter((file) => !files.some((chosen) => sameFile(chosen, file)))]);
  };

  return (
    <div className="grid gap-3">
      <div
        className={cn(
          "relative flex flex-col items-center justify-center gap-1.5 rounded-lg border border-dashed border-input bg-muted/40 px-4 py-5 text-center transition-[border-color,background-color,box-shadow]",
          "hover:border-primary/40 hover:bg-brand-soft/60",
          "has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/30",
          control["aria-invalid"] && "border-destructive",
          disabled && "opacity-60",
        )}
      >
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-card text-primary shadow-xs">
          <Upload className="size-4" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium">{prompt}</p>
        <p className="text-xs text-muted-foreground">Clique para escolher ou arraste até aqui</p>
        <input
          ref={ref}
          type="file"
          name={name}
          multiple={multiple}
          accept={acceptAttribute(rules)}
          disabled={disabled}
          onChange={add}
          onBlur={onBlur}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          {...control}
        />
      </div>
      {kept.length > 0 ? (
        <ul className="grid gap-2" aria-label="Arquivos enviados">
          {kept.map((file) => (
            <FileRow
              key={file.id}
              name={file.nome}
              type={file.contentType}
              detail={`${formatFileSize(file.tamanho)} · enviado`}
              disabled={disabled}
              onRemove={() => onRemoveKept?.(file.id)}
            />
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className="grid gap-2" aria-label="Arquivos escolhidos">
          {files.map((file, index) => (
            <FileRow
              key={`${file.name}-${file.size}-${file.lastModified}`}
              name={file.name}
              type={file.type}
              detail={formatFileSize(file.size)}
              problem={attachmentFileError(file, rules)}
              disabled={disabled}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
