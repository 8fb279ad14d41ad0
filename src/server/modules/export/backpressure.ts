import { finished, type Readable, type Writable } from "node:stream";

/**
 * Resolves when `stream` wants more (or is gone: a download the browser
 * dropped must not leave the export waiting forever). True if it is gone.
 */
export async function drained(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return true;
  if (!needsDrain(stream)) return false;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
  return stream.destroyed;
}

/**
 * Node's streams say `writableNeedDrain`; the readable-stream 2 copies inside
 * ExcelJS's zip (archiver) predate it and keep it in their state only, so the
 * XLSX sheet's input was never waited for and a fast reader buffered the whole
 * sheet there.
 */
function needsDrain(stream: Writable): boolean {
  const legacy = (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  return stream.writableNeedDrain ?? legacy?.needDrain ?? false;
}

/**
 * What an export reads while it writes `download`. If the download is
 * dropped (closed before its end), every source still open is closed with it:
 * a paused S3 body would otherwise hold its socket of the SDK's pool for good.
 */
export function sourcesOf(download: Readable, onError: (err: unknown) => void) {
  const open = new Set<Readable>();
  let dropped = false;
  finished(download, (err) => {
    if (!err) return;
    dropped = true;
    for (const source of open) source.destroy();
  });
  return {
    get dropped() {
      return dropped;
    },
    /** `source`, kept until it closes; null (and closed) if the download is gone already. */
    add(source: Readable): Readable | null {
      if (dropped) {
        source.destroy();
        return null;
      }
      open.add(source);
      source.once("close", () => open.delete(source));
      // Whoever pipes a source may not listen for its errors: a read failing midway fails the download.
      source.once("error", (err) => {
        onError(err);
        download.destroy(err);
      });
      return source;
    },
  };
}
