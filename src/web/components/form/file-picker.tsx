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
};

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * A file field over a drop area: the real <input type="file"> covers the area
 * (transparent), so a click, the keyboard and a dropped file all reach it. The
 * chosen files are listed below, each with its size, its own problem if it has
 * one, and a button to remove it. With `rules.max` 1 a new file replaces the old.
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
      onChange(picked.slice(0, 1));
      return;
    }
    onChange([...files, ...picked.filter((file) => !files.some((kept) => sameFile(kept, file)))]);
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
      {files.length > 0 ? (
        <ul className="grid gap-2" aria-label="Arquivos escolhidos">
          {files.map((file, index) => {
            const problem = attachmentFileError(file, rules);
            const Icon = file.type.startsWith("image/") ? ImageIcon : file.type ? FileText : Paperclip;
            return (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className={cn(
                  "flex min-w-0 items-center gap-3 rounded-md border bg-card px-3 py-2",
                  problem && "border-destructive/50",
                )}
              >
                <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={file.name}>
                    {file.name}
                  </p>
                  <p className={cn("text-xs", problem ? "text-destructive" : "text-muted-foreground")}>
                    {problem ?? formatFileSize(file.size)}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-foreground"
                  aria-label={`Remover ${file.name}`}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
