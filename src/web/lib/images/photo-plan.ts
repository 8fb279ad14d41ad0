/*
 * Which chosen files the browser reduces before upload, and to what size (docs/decisions/065):
 * a phone's photo of a receipt is 3-12 MB at 4000 px; at 2,000 px on its long side, as a JPEG of
 * quality 0.85, the print stays legible (the end-to-end test decodes a QR code printed on it) and
 * the upload is a tenth. PDFs and documents are never touched, nor an image too small to matter.
 * Pure: the browser's drawing is in reduce-photo.ts.
 */

/** The long side of a reduced photo, in pixels. */
export const PHOTO_LONG_SIDE = 2000;
/** The JPEG quality of a reduced photo. */
export const PHOTO_QUALITY = 0.85;
/** An image this small goes as chosen, without being opened: it cannot gain much. */
export const SMALL_IMAGE_BYTES = 512 * 1024;

/** What a chosen file needs: nothing, a look at its size (a large JPEG or PNG), or a conversion (HEIC). */
export type PhotoTreatment = "keep" | "measure" | "convert";

const REDUCIBLE_TYPES = ["image/jpeg", "image/png"];
const REDUCIBLE_EXTENSIONS = [".jpg", ".jpeg", ".png"];
const HEIC_TYPES = ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"];
const HEIC_EXTENSIONS = [".heic", ".heif"];
/**
 * The brands of an ISO BMFF 'ftyp' box that mean HEIC/HEIF (ISO/IEC 23008-12, and the list
 * libheif and heic-to read): an iPhone's photo says 'heic'; 'mif1'/'msf1' are HEIF's own.
 */
const HEIC_BRANDS = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"];

/** How many first bytes `isHeicHead` needs. */
export const HEIC_HEAD_BYTES = 12;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

/**
 * Whether these first bytes are a HEIC/HEIF file: a 'ftyp' box at offset 4 whose major brand is
 * one of HEIF's. Judged by content, as the server judges every upload (src/domain/file-kinds.ts),
 * since a photo copied off a phone may carry any name.
 */
export function isHeicHead(head: Uint8Array): boolean {
  if (head.length < HEIC_HEAD_BYTES) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return ascii(4, 8) === "ftyp" && HEIC_BRANDS.includes(ascii(8, 12));
}

/** Whether a file's name or declared type says HEIC/HEIF (its content is checked by `isHeicHead`). */
export function namedHeic(file: { name: string; type: string }): boolean {
  return HEIC_TYPES.includes(file.type.toLowerCase()) || HEIC_EXTENSIONS.includes(extensionOf(file.name));
}

/**
 * What to do with a chosen file before upload. `heic` is what its first bytes say. A HEIC photo
 * is always converted (reviewers' browsers cannot show it, and the server takes JPEG, PNG and PDF);
 * a JPEG or PNG over SMALL_IMAGE_BYTES is opened to measure it; anything else goes as chosen.
 */
export function photoTreatment(
  file: { name: string; type: string; size: number },
  heic: boolean,
): PhotoTreatment {
  if (heic) return "convert";
  const type = file.type.toLowerCase();
  const image = type ? REDUCIBLE_TYPES.includes(type) : REDUCIBLE_EXTENSIONS.includes(extensionOf(file.name));
  return image && file.size > SMALL_IMAGE_BYTES ? "measure" : "keep";
}

/**
 * The size a photo is drawn at: its long side brought to `longSide`, the proportions kept and
 * each side at least one pixel; null when it is no larger than that already.
 */
export function reducedSize(
  width: number,
  height: number,
  longSide = PHOTO_LONG_SIDE,
): { width: number; height: number } | null {
  const long = Math.max(width, height);
  if (long <= longSide) return null;
  const scale = longSide / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The reduced photo's name: the chosen one with '.jpg' (a name without extension gets one). */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name || "foto"}.jpg`;
}

/** Whether a file field takes photos (its rules take JPEG): it then offers the camera and HEIC. */
export function takesPhotos(rules: { fileKinds: readonly string[] }): boolean {
  return rules.fileKinds.includes("jpeg");
}

/**
 * The file input's `accept`: the rules' own, plus HEIC/HEIF where the field takes photos. Such a
 * photo is converted to JPEG before the rules judge it (reduce-photo.ts), so the rules, the same
 * on the server (src/domain/file-kinds.ts), never see a HEIC file from this form.
 */
export function photoAccept(rules: { fileKinds: readonly string[] }, accept: string): string {
  return takesPhotos(rules)
    ? `${accept},${HEIC_EXTENSIONS.join(",")},${HEIC_TYPES.slice(0, 2).join(",")}`
    : accept;
}
