import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { lazyRequestLogger, requestIds } from "./request-log";

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  // Fastify's own pino, as the server makes it.
  return { logger: Fastify({ logger: { level, stream } }).log, lines };
}

describe("a request's logger", () => {
  it("makes no child until a level that is on is used, then one, with the request's id", () => {
    const { logger, lines } = capture("warn");
    const child = vi.spyOn(logger, "child");
    const log = lazyRequestLogger(logger, { reqId: "r-1" }, {});
    log.info("incoming request");
    log.debug({ detail: 1 }, "skipped");
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe("warn");
    log.warn({ area: "caixa" }, "access refused");
    log.error("failed");
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map(({ reqId, msg, area }) => ({ reqId, msg, area }))).toEqual([
      { reqId: "r-1", msg: "access refused", area: "caixa" },
      { reqId: "r-1", msg: "failed", area: undefined },
    ]);
  });

  it("logs every level that is on, bound to the request, and its own children keep the binding", () => {
    const { logger, lines } = capture("info");
    const log = lazyRequestLogger(logger, { reqId: "r-2" }, {});
    log.info("incoming request");
    log.child({ job: "export" }).info("done");
    expect(lines.map(({ reqId, job, msg }) => ({ reqId, job, msg }))).toEqual([
      { reqId: "r-2", job: undefined, msg: "incoming request" },
      { reqId: "r-2", job: "export", msg: "done" },
    ]);
  });

  it("follows a route's own log level", () => {
    const { logger, lines } = capture("warn");
    const log = lazyRequestLogger(logger, { reqId: "r-3" }, { level: "debug" });
    log.debug("seen");
    expect(lines.map((line) => line.msg)).toEqual(["seen"]);
  });

  it("is what Fastify's requests log through, with ids unique to the process", async () => {
    const { logger, lines } = capture("info");
    const app = Fastify({
      loggerInstance: logger,
      genReqId: requestIds(),
      childLoggerFactory: lazyRequestLogger,
    });
    app.get("/", async (request) => {
      request.log.warn("handled");
      return { ok: true };
    });
    await app.inject("/");
    await app.inject("/");
    await app.close();
    const ids = lines.filter((line) => line.msg === "handled").map((line) => line.reqId as string);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    expect(lines.filter((line) => line.msg === "request completed")).toHaveLength(2);
  });
});
