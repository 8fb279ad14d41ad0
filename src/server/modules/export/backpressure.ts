import type { Writable } from "node:stream";

/**
 * Resolves when `stream` wants more (or is gone: a download the browser
 * dropped must not leave the export waiting forever). True if it is gone.
 */
export async function drained(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return true;
  if (!stream.writableNeedDrain) return false;
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
