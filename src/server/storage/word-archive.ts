/*
 * Is a stored ZIP a Word document (DOCX)? Answered from the archive's central
 * directory, the list of entries at its end that every ZIP reader trusts, so
 * only the tail is read, never the whole file. Local headers scattered through
 * the data would be the wrong witness: a ZIP stored inside a ZIP shows its
 * inner headers too. Format: PKWARE APPNOTE.TXT §4.3.12 and §4.3.16,
 * https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT
 */

const END_SIGNATURE = 0x06054b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_SIZE = 46;
// About 15 000 entries; a Word document has a few dozen.
const MAX_DIRECTORY = 1024 * 1024;

/** `read(start, end)` returns bytes [start, end) of an archive of `size` bytes. */
export async function isWordArchive(
  read: (start: number, end: number) => Promise<Buffer>,
  size: number,
): Promise<boolean> {
  if (size < END_SIZE) return false;
  const tailStart = Math.max(0, size - END_SIZE - MAX_COMMENT);
  const tail = await read(tailStart, size);
  const end = findEndRecord(tail);
  if (end < 0) return false;

  const multiDisk = tail.readUInt16LE(end + 4) !== 0 || tail.readUInt16LE(end + 6) !== 0;
  const entries = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  // Zip64 marks these fields 0xFFFFFFFF, which fails the bounds check: no DOCX within our limits needs Zip64.
  if (multiDisk || dirSize > MAX_DIRECTORY || dirOffset + dirSize > tailStart + end) return false;

  const dir =
    dirOffset >= tailStart
      ? tail.subarray(dirOffset - tailStart, dirOffset - tailStart + dirSize)
      : await read(dirOffset, dirOffset + dirSize);

  let pos = 0;
  for (let i = 0; i < entries; i++) {
    if (pos + ENTRY_SIZE > dir.length || dir.readUInt32LE(pos) !== ENTRY_SIGNATURE) return false;
    const nameLength = dir.readUInt16LE(pos + 28);
    const extraLength = dir.readUInt16LE(pos + 30);
    const commentLength = dir.readUInt16LE(pos + 32);
    const name = dir.subarray(pos + ENTRY_SIZE, pos + ENTRY_SIZE + nameLength).toString("latin1");
    // Word writes the document's parts under word/; spreadsheets (xl/), slides (ppt/) and plain ZIPs fail here.
    if (name.startsWith("word/")) return true;
    pos += ENTRY_SIZE + nameLength + extraLength + commentLength;
  }
  return false;
}

/* The end record is 22 bytes plus a comment of up to 64 KiB; scan back for the one that ends exactly at the file's end. */
function findEndRecord(tail: Buffer): number {
  for (let i = tail.length - END_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_SIGNATURE && i + END_SIZE + tail.readUInt16LE(i + 20) === tail.length) {
      return i;
    }
  }
  return -1;
}
