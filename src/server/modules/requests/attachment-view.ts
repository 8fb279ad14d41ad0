import { displayFileName, fileKindOfContentType } from "@/domain/file-name";
import type { RequestAttachment } from "@/domain/requests/review-api";

/** Where a stored file is read with the session (attachments.routes.ts). */
export const downloadPath = (id: string) => `/api/anexos/${id}`;

/** A stored file as its readers get it. */
export function attachmentView(file: {
  id: string;
  nome: string;
  contentType: string;
  tamanho: number;
}): RequestAttachment {
  return {
    id: file.id,
    // Rows stored before names were cleaned and tied to the content: shown as a download names them.
    nome: displayFileName(file.nome, fileKindOfContentType(file.contentType)),
    contentType: file.contentType,
    tamanho: file.tamanho,
    url: downloadPath(file.id),
  };
}
