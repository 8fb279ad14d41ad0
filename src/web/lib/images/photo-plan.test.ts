import { describe, expect, it } from "vitest";
import { attachmentRules } from "@/domain/requests/attachments";
import {
  isHeicHead,
  jpegName,
  namedHeic,
  PHOTO_LONG_SIDE,
  photoAccept,
  photoTreatment,
  reducedSize,
  SMALL_IMAGE_BYTES,
  takesPhotos,
} from "./photo-plan";

const MB = 1024 * 1024;
const head = (brand: string) => new Uint8Array([0, 0, 0, 24, ...Buffer.from(`ftyp${brand}`)]);

describe("reducedSize: the long side brought to 2,000 px, proportions kept", () => {
  it("a 12 MP photo, landscape and portrait", () => {
    expect(reducedSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(reducedSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
  });

  it("rounds each side and never gives a side of 0", () => {
    expect(reducedSize(4001, 2999)).toEqual({ width: 2000, height: 1499 });
    expect(reducedSize(10_000, 3)).toEqual({ width: 2000, height: 1 });
  });

  it("null for a photo already no larger than the target", () => {
    expect(reducedSize(PHOTO_LONG_SIDE, 1200)).toBeNull();
    expect(reducedSize(800, 600)).toBeNull();
    expect(reducedSize(2001, 10)).toEqual({ width: 2000, height: 10 });
  });
});

describe("photoTreatment: which chosen files the browser opens", () => {
  it("a large JPEG or PNG is measured; a small one goes as chosen", () => {
    expect(photoTreatment({ name: "nota.jpg", type: "image/jpeg", size: 4 * MB }, false)).toBe("measure");
    expect(photoTreatment({ name: "pix.png", type: "image/png", size: 2 * MB }, false)).toBe("measure");
    expect(photoTreatment({ name: "nota.jpg", type: "image/jpeg", size: SMALL_IMAGE_BYTES }, false)).toBe(
      "keep",
    );
  });

  it("PDFs and documents are never touched, however large", () => {
    expect(photoTreatment({ name: "nota.pdf", type: "application/pdf", size: 9 * MB }, false)).toBe("keep");
    expect(photoTreatment({ name: "a.docx", type: "", size: 9 * MB }, false)).toBe("keep");
  });

  it("an image without a declared type is judged by its name", () => {
    expect(photoTreatment({ name: "IMG_0001.JPG", type: "", size: 3 * MB }, false)).toBe("measure");
  });

  it("HEIC by content is converted whatever its size or name", () => {
    expect(photoTreatment({ name: "IMG_0001.jpg", type: "image/jpeg", size: 100 }, true)).toBe("convert");
  });
});

describe("HEIC recognised by its first bytes and by its name", () => {
  it("an iPhone photo's 'ftyp heic' box, and HEIF's own brands", () => {
    expect(isHeicHead(head("heic"))).toBe(true);
    expect(isHeicHead(head("mif1"))).toBe(true);
    expect(isHeicHead(head("heix"))).toBe(true);
  });

  it("not an AVIF, an MP4, a JPEG or too few bytes", () => {
    expect(isHeicHead(head("avif"))).toBe(false);
    expect(isHeicHead(head("isom"))).toBe(false);
    expect(isHeicHead(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(false);
    expect(isHeicHead(head("heic").subarray(0, 11))).toBe(false);
  });

  it("by type or extension, any case", () => {
    expect(namedHeic({ name: "IMG_1.HEIC", type: "" })).toBe(true);
    expect(namedHeic({ name: "a", type: "image/heif" })).toBe(true);
    expect(namedHeic({ name: "a.jpg", type: "image/jpeg" })).toBe(false);
  });
});

describe("the file field's accept and the reduced name", () => {
  const photos = attachmentRules({
    fileKinds: ["jpeg", "png", "pdf"],
    min: 1,
    maxBytes: MB,
    messages: { tooLarge: "x", type: "y" },
  });
  const documents = attachmentRules({
    fileKinds: ["pdf", "docx"],
    min: 1,
    maxBytes: MB,
    messages: { tooLarge: "x", type: "y" },
  });

  it("a field that takes JPEG also offers HEIC (converted before the rules judge it)", () => {
    expect(takesPhotos(photos)).toBe(true);
    expect(photoAccept(photos, ".jpg")).toBe(".jpg,.heic,.heif,image/heic,image/heif");
    expect(takesPhotos(documents)).toBe(false);
    expect(photoAccept(documents, ".pdf")).toBe(".pdf");
  });

  it("'.jpg' in place of the extension", () => {
    expect(jpegName("IMG_0001.HEIC")).toBe("IMG_0001.jpg");
    expect(jpegName("recibo.png")).toBe("recibo.jpg");
    expect(jpegName("foto")).toBe("foto.jpg");
    expect(jpegName("")).toBe("foto.jpg");
  });
});
