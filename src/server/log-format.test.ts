import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { terminalLogStream } from "./log-format";

/** A stand-in for stdout: a terminal or a pipe, whose output the test reads. */
function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  const text: string[] = [];
  stream.on("data", (chunk: Buffer) => text.push(chunk.toString()));
  return { stream, text: () => text.join("") };
}

describe("the log's format", () => {
  it("stays JSON lines when piped", async () => {
    expect(await terminalLogStream(output(false).stream)).toBeUndefined();
  });

  it("is one readable line per event on a terminal, and lets the banner's plain lines through", async () => {
    const terminal = output(true);
    const stream = (await terminalLogStream(terminal.stream))!;
    stream.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: "SMTP_URL is not set" })}\n`);
    stream.write("  Balcão banner\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const text = terminal.text();
    expect(text).toMatch(/WARN.*SMTP_URL is not set/);
    expect(text).not.toContain('"level"');
    expect(text).toContain("Balcão banner");
  });
});
