import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "./woff-font";

/** A WOFF holding `tables` (tag → bytes), the compressible ones deflated as a WOFF encoder does. */
function woffOf(tables: Record<string, Buffer>): Buffer {
  const entries = Object.entries(tables).map(([tag, data]) => {
    const packed = deflateSync(data);
    return { tag, data, stored: packed.length < data.length ? packed : data };
  });
  const header = Buffer.alloc(44 + 20 * entries.length);
  header.write("wOFF", 0, "latin1");
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt16BE(entries.length, 12);
  let offset = header.length;
  const bodies: Buffer[] = [];
  entries.forEach((e, i) => {
    const at = 44 + i * 20;
    header.write(e.tag, at, "latin1");
    header.writeUInt32BE(offset, at + 4);
    header.writeUInt32BE(e.stored.length, at + 8);
    header.writeUInt32BE(e.data.length, at + 12);
    header.writeUInt32BE(0xabcdef01 + i, at + 16);
    const body = Buffer.alloc((e.stored.length + 3) & ~3);
    e.stored.copy(body);
    bodies.push(body);
    offset += body.length;
  });
  return Buffer.concat([header, ...bodies]);
}

describe("woffToSfnt", () => {
  it("writes each table, inflated, 4-byte aligned, behind an sfnt directory", () => {
    const repetitive = Buffer.alloc(301, 7);
    const tiny = Buffer.from([1, 2, 3]);
    const sfnt = woffToSfnt(woffOf({ glyf: repetitive, head: tiny, name: Buffer.from("DejaVu ã") }));
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    expect(sfnt.readUInt16BE(4)).toBe(3);
    // searchRange, entrySelector, rangeShift for 3 tables (OpenType spec): 32, 1, 16.
    expect([sfnt.readUInt16BE(6), sfnt.readUInt16BE(8), sfnt.readUInt16BE(10)]).toEqual([32, 1, 16]);
    const table = (i: number) => {
      const at = 12 + i * 16;
      const offset = sfnt.readUInt32BE(at + 8);
      return {
        tag: sfnt.toString("latin1", at, at + 4),
        checksum: sfnt.readUInt32BE(at + 4),
        offset,
        data: sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12)),
      };
    };
    expect(table(0)).toMatchObject({ tag: "glyf", checksum: 0xabcdef01, offset: 60, data: repetitive });
    expect(table(1)).toMatchObject({ tag: "head", offset: 364, data: tiny });
    expect(table(2).offset).toBe(368);
    expect(table(2).data.toString()).toBe("DejaVu ã");
  });

  it("refuses what is not a WOFF", () => {
    expect(() => woffToSfnt(Buffer.from("OTTO and more bytes than a header holds, surely enough"))).toThrow(
      "Not a WOFF 1.0 font",
    );
  });

  it("unwraps DejaVu Sans into a font pdfkit measures and embeds", () => {
    const require = createRequire(import.meta.url);
    const woff = readFileSync(
      require.resolve("@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff"),
    );
    const doc = new PDFDocument();
    doc.registerFont("dejavu", woffToSfnt(woff));
    doc.font("dejavu", 12);
    expect(doc.widthOfString("Promoção → ação")).toBeGreaterThan(doc.widthOfString("Promocao"));
  });
});
