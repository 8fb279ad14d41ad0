import {
  HEIC_HEAD_BYTES,
  isHeicHead,
  jpegName,
  PHOTO_QUALITY,
  photoTreatment,
  reducedSize,
} from "./photo-plan";

/*
 * The browser's half of photo reduction (docs/decisions/065): loaded only when a file is chosen
 * (prepare-files.ts imports it on demand), so no first page downloads it. A photo is decoded with
 * its EXIF orientation applied and drawn again as a JPEG; a HEIC photo is decoded by the browser
 * when it can (Safari) and otherwise by heic-to (libheif), itself loaded only for such a file.
 */

/** Files this module made: sent as they are when the pipeline looks at them again. */
const prepared = new WeakSet<Blob>();

async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, HEIC_HEAD_BYTES).arrayBuffer());
}

async function decodeHeic(file: File): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // Chromium and Firefox cannot decode HEIC. heic-to's CSP build runs libheif (asm.js, no eval)
    // in a worker it starts from a blob: URL, which the server's CSP allows (decision 065).
    const { heicTo } = await import("heic-to/csp");
    return heicTo({ blob: file, type: "bitmap", options: { imageOrientation: "from-image" } });
  }
}

async function drawJpeg(bitmap: ImageBitmap, size: { width: number; height: number }): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d context");
  // A PNG's transparent parts would turn black in a JPEG: white, like the paper.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", PHOTO_QUALITY),
  );
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error("toBlob gave nothing");
  return blob;
}

/**
 * The file to upload for a chosen one: a large photo reduced to PHOTO_LONG_SIDE as a JPEG, a HEIC
 * photo converted (and reduced), anything else as it is. A photo the browser cannot decode goes as
 * chosen: the attachment rules then judge it as the server would.
 */
export async function reducePhoto(file: File): Promise<File> {
  if (prepared.has(file)) return file;
  const heic = isHeicHead(await headOf(file));
  const treatment = photoTreatment(file, heic);
  if (treatment === "keep") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = heic
      ? await decodeHeic(file)
      : await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const size = reducedSize(bitmap.width, bitmap.height);
    if (!size && treatment === "measure") return file;
    const blob = await drawJpeg(bitmap, size ?? { width: bitmap.width, height: bitmap.height });
    const reduced = new File([blob], jpegName(file.name), {
      type: "image/jpeg",
      lastModified: file.lastModified,
    });
    prepared.add(reduced);
    return reduced;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
