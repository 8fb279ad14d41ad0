/*
 * On a terminal a person reads the log: one readable line per event, the
 * time, the level and the message, with the fields after (pino-pretty). Piped
 * to a file or a collector, the log stays JSON lines, one object each, as
 * docs/operations.md promises. pino-pretty loads only on a terminal.
 */
export async function terminalLogStream(
  output: { isTTY?: boolean } & NodeJS.WritableStream = process.stdout,
): Promise<NodeJS.WritableStream | undefined> {
  if (!output.isTTY) return undefined;
  const { default: pretty } = await import("pino-pretty");
  return pretty({
    colorize: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
    singleLine: true,
    destination: output,
  });
}
