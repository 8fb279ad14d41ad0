import { namedHeic } from "./photo-plan";

/*
 * The entry point of photo reduction for the file field and the submit pipeline (decision 065):
 * reduce-photo.ts, and heic-to behind it, are imported only when a chosen file could need them,
 * so the pages that open without a file (every first page) never download them.
 */

/** A file that may be a large photo or a HEIC one, judged from what the browser declares. */
function mayNeedWork(file: File): boolean {
  if (namedHeic(file)) return true;
  const type = file.type.toLowerCase();
  // An unnamed type may hide a HEIC photo (judged by content there); a PDF or a document never.
  return (type === "" || type === "application/octet-stream" || type.startsWith("image/")) && file.size > 12;
}

/** The files to upload for these chosen ones, in the same order (see reduce-photo.ts). */
export async function prepareFiles(files: readonly File[]): Promise<File[]> {
  if (!files.some(mayNeedWork)) return [...files];
  const { reducePhoto } = await import("./reduce-photo");
  return Promise.all(files.map((file) => (mayNeedWork(file) ? reducePhoto(file) : file)));
}
