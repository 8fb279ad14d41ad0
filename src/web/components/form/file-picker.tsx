import { Camera, FileText, ImageIcon, Loader2, Paperclip, Upload, X } from "lucide-react";
import type * as React from "react";
import { useRef, useState } from "react";
import { type AttachmentRules, acceptAttribute, attachmentFileError } from "@/domain/requests/attachments";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatFileSize } from "@/web/lib/format";
import { photoAccept, takesPhotos } from "@/web/lib/images/photo-plan";
import type { ControlProps } from "./form-item";
import { useChosenFiles } from "./use-chosen-files";

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

/** A phone or a tablet (a coarse pointer): the field offers the camera beside the files. */
const isPhone = () =>
  typeof window !== "undefined" && Boolean(window.matchMedia?.("(pointer: coarse)").matches);

/** 'Tirar foto': a file input that asks the phone's back camera for a new photo. */
function CameraButton({ disabled, onPicked }: { disabled?: boolean; onPicked: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="h-auto min-h-11 w-full"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Camera aria-hidden="true" />
        Tirar foto
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (picked.length > 0) onPicked(picked);
        }}
      />
    </>
  );
}

/**
 * A file field over a drop area: the real <input type="file"> covers the area
 * (transparent), so a click, the keyboard and a dropped file all reach it. The
 * chosen files are listed below, each with its size, its own problem if it has
 * one, and a button to remove it. With `rules.max` 1 a new file replaces the old
 * (a stored one too). Stored files being kept (`kept`) are listed above them.
 * On a phone, when the field takes photos, 'Tirar foto' opens the camera beside
 * it. Large photos are reduced and HEIC ones converted as they are chosen
 * (docs/decisions/065), so the list shows what will be sent.
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
  const [phone] = useState(isPhone);
  const camera = phone && takesPhotos(rules);
  const { preparing, accept, inputRef } = useChosenFiles({
    files,
    onChange,
    multiple,
    kept,
    onRemoveKept,
    ref,
  });

  const add = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied so that choosing the same file again (after removing it) is a change.
    event.target.value = "";
    if (picked.length > 0) accept(picked);
  };

  return (
    <div className="grid gap-3">
      <div className={cn("grid gap-2", camera && "grid-cols-2")}>
        <div
          className={cn(
            "relative flex flex-col items-center justify-center gap-1.5 rounded-lg border border-dashed border-input bg-muted/40 px-4 py-5 text-center transition-[border-color,background-color,box-shadow]",
            "hover:border-primary/40 hover:bg-brand-soft/60",
            "has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/30",
            control["aria-invalid"] && "border-destructive",
            disabled && "opacity-60",
            camera && "px-2 py-3",
          )}
        >
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-card text-primary shadow-xs">
            <Upload className="size-4" aria-hidden="true" />
          </span>
          <p className="text-sm font-medium">{camera ? "Escolher arquivo" : prompt}</p>
          {camera ? null : (
            <p className="text-xs text-muted-foreground">Clique para escolher ou arraste até aqui</p>
          )}
          <input
            ref={inputRef}
            type="file"
            name={name}
            multiple={multiple}
            accept={photoAccept(rules, acceptAttribute(rules))}
            disabled={disabled}
            onChange={add}
            onBlur={onBlur}
            className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
            {...control}
          />
        </div>
        {camera ? <CameraButton disabled={disabled} onPicked={(picked) => accept(picked)} /> : null}
      </div>
      {preparing ? (
        <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
          Preparando a foto…
        </p>
      ) : null}
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
