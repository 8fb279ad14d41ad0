/*
 * The kinds of file an upload may hold, judged by content (facts.md, ASVS
 * 5.2.2): the bytes a file of each kind starts with, its content type, and the
 * extensions that name it (the first is the one we give). DOC is the whole OLE2
 * compound-file magic; DOCX starts as a ZIP, and the server also checks that the
 * archive holds `word/` once stored.
 */
export const FILE_KINDS = {
  jpeg: {
    label: "JPG",
    contentType: "image/jpeg",
    extensions: ["jpg", "jpeg"],
    signature: [0xff, 0xd8, 0xff],
  },
  png: {
    label: "PNG",
    contentType: "image/png",
    extensions: ["png"],
    signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
  pdf: {
    label: "PDF",
    contentType: "application/pdf",
    extensions: ["pdf"],
    signature: [0x25, 0x50, 0x44, 0x46],
  },
  doc: {
    label: "DOC",
    contentType: "application/msword",
    extensions: ["doc"],
    signature: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  },
  docx: {
    label: "DOCX",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
    signature: [0x50, 0x4b, 0x03, 0x04],
  },
} as const satisfies Record<
  string,
  { label: string; contentType: string; extensions: readonly string[]; signature: readonly number[] }
>;

export type FileKind = keyof typeof FILE_KINDS;

export function fileKindOfContentType(contentType: string): FileKind | undefined {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => FILE_KINDS[kind].contentType === type);
}

/** The kind whose signature the first bytes carry, if any. */
export function detectFileKind(head: Uint8Array): FileKind | undefined {
  return (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => {
    const signature = FILE_KINDS[kind].signature;
    return head.length >= signature.length && signature.every((byte, i) => head[i] === byte);
  });
}

/** How many first bytes decide a file's kind. */
export const SIGNATURE_LENGTH = Math.max(...Object.values(FILE_KINDS).map((kind) => kind.signature.length));
