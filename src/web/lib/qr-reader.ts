/*
 * Reading a QR code from a photo or a PDF in the browser: the browser's own BarcodeDetector where
 * it has one (Android, macOS, ChromeOS), else jsQR; a PDF's first pages drawn by PDF.js first.
 * Both libraries load only when a QR is read, never with the page.
 */

/** Pages of a PDF looked at: a DANFE NFC-e prints its QR on the first; a long one may push it on. */
const PDF_PAGES = 3;
/** A photo's long side is brought down to this before jsQR looks (a 12 MP photo is slow to scan). */
const MAX_SIDE = 2000;

type Detector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? ["qr_code"];
    return formats.includes("qr_code") ? new Native({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/** The QR's text in a drawn canvas, or null. */
async function readCanvas(canvas: HTMLCanvasElement): Promise<string | null> {
  const detector = await nativeDetector();
  if (detector) {
    const found = await detector.detect(canvas).catch(() => []);
    if (found[0]?.rawValue) return found[0].rawValue;
  }
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  const { default: jsQR } = await import("jsqr");
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" })?.data ?? null;
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  return canvas;
}

async function readImage(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = canvasOf(bitmap.width, bitmap.height);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await readCanvas(canvas);
  } finally {
    bitmap.close();
  }
}

async function readPdf(file: Blob): Promise<string | null> {
  const pdfjs = await import("pdfjs-dist");
  const { default: workerUrl } = await import("pdfjs-dist/build/pdf.worker.min.mjs?url");
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const pdf = await pdfjs.getDocument({ data: await file.arrayBuffer(), isEvalSupported: false }).promise;
  try {
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_PAGES); number++) {
      const page = await pdf.getPage(number);
      // A DANFE's QR is about 3 cm wide: drawn at 3× it has enough pixels per module.
      const viewport = page.getViewport({ scale: 3 });
      const canvas = canvasOf(viewport.width, viewport.height);
      const fitted = page.getViewport({ scale: 3 * (canvas.width / viewport.width) });
      const context = canvas.getContext("2d");
      if (!context) continue;
      await page.render({ canvasContext: context, viewport: fitted }).promise;
      const text = await readCanvas(canvas);
      if (text) return text;
    }
    return null;
  } finally {
    await pdf.destroy();
  }
}

const isPdf = (file: File) => file.type === "application/pdf" || /\.pdf$/i.test(file.name);

/** The text of the first QR code found in a photo or a PDF, or null; never throws. */
export async function readQrCode(file: File): Promise<string | null> {
  try {
    return isPdf(file) ? await readPdf(file) : await readImage(file);
  } catch {
    return null;
  }
}
