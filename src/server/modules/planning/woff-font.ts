import { inflateSync } from "node:zlib";

/*
 * A WOFF 1.0 font unwrapped into the TrueType/OpenType file it packs
 * (https://www.w3.org/TR/WOFF/ §4–§5): the same tables, each inflated when
 * compressed, behind a plain sfnt table directory. fontkit (under pdfkit) reads
 * WOFF too, but inflates a table again on every access: laying out a plan's
 * text took seconds per PDF with the WOFF, a fraction of one with this.
 */

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const padded = (length: number) => (length + 3) & ~3;

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error("Not a WOFF 1.0 font");
  }
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("WOFF table of the wrong length");
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });

  const directory = SFNT_HEADER + SFNT_ENTRY * numTables;
  const out = Buffer.alloc(tables.reduce((size, t) => size + padded(t.data.length), directory));
  // The search fields of the OpenType table directory: the largest power of two not above numTables.
  const entrySelector = Math.floor(Math.log2(Math.max(numTables, 1)));
  const searchRange = 2 ** entrySelector * SFNT_ENTRY;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * SFNT_ENTRY - searchRange, 10);
  let offset = directory;
  tables.forEach((table, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}
