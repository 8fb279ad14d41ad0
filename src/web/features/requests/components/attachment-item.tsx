import { Download, Eye, FileText, ImageIcon, XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { formatFileSize } from "@/web/lib/format";
import type { RequestAttachment } from "../types";

/** What the browser shows by itself; the server answers these inline with `?ver=1`. */
const isImage = (type: string) => ["image/png", "image/jpeg", "image/webp", "image/gif"].includes(type);
const isPreviewable = (type: string) => isImage(type) || type === "application/pdf";

/** One file of a request: 'Ver' opens images and PDFs in the page (decision 011), 'Baixar' downloads it. */
export function AttachmentItem({ file }: { file: RequestAttachment }) {
  const [open, setOpen] = useState(false);
  const previewUrl = `${file.url}?ver=1`;
  const image = isImage(file.contentType);
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg border bg-card px-3 py-2.5">
      {image ? (
        <ImageIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      ) : (
        <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{file.nome}</span>
        <span className="text-xs text-muted-foreground">{formatFileSize(file.tamanho)}</span>
      </span>
      {isPreviewable(file.contentType) ? (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <Button type="button" variant="ghost" size="sm" aria-label={`Ver ${file.nome}`}>
              <Eye aria-hidden="true" />
              <span className="hidden sm:inline">Ver</span>
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
            <Dialog.Content className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl border bg-background shadow-xl sm:inset-6 lg:inset-x-[10%]">
              <div className="flex items-center gap-2 border-b px-4 py-3">
                <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-semibold">
                  {file.nome}
                </Dialog.Title>
                <Dialog.Description className="sr-only">Pré-visualização do anexo</Dialog.Description>
                <Button asChild variant="outline" size="sm">
                  <a href={file.url} download={file.nome}>
                    <Download aria-hidden="true" />
                    Baixar
                  </a>
                </Button>
                <Dialog.Close asChild>
                  <Button type="button" variant="ghost" size="icon" aria-label="Fechar">
                    <XIcon aria-hidden="true" />
                  </Button>
                </Dialog.Close>
              </div>
              <div className="flex min-h-0 flex-1 items-center justify-center bg-muted/40">
                {image ? (
                  <img src={previewUrl} alt={file.nome} className="max-h-full max-w-full object-contain" />
                ) : (
                  <iframe src={previewUrl} title={file.nome} className="size-full border-0 bg-white" />
                )}
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
      <Button asChild variant="ghost" size="sm">
        <a href={file.url} download={file.nome} aria-label={`Baixar ${file.nome}`}>
          <Download aria-hidden="true" />
          <span className="hidden sm:inline">Baixar</span>
        </a>
      </Button>
    </li>
  );
}
