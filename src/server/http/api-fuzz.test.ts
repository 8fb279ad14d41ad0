// @long-file: tens of seconds, so it starts first (build/vitest/long-files-first.ts).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { Fuzzer } from "../testing/fuzz/fuzzer";
import { operationsOf } from "../testing/fuzz/openapi";
import { runRounds, summaryText } from "../testing/fuzz/rounds";
import { seedData } from "../testing/fuzz/seed-data";
import { FUZZ_ENV } from "../testing/fuzz/seed-send";
import { fuzzSettings } from "../testing/fuzz/settings";
import type { Role } from "../testing/fuzz/world";
import { describeWithApp } from "../testing/test-app";

/*
 * The API fuzzer (docs/decisions/032): every route of /api/docs/json, called as four people
 * with generated values, valid, at their limits and hostile. No 5xx; every 4xx the API's
 * Portuguese error JSON without internals; no call changes a row that is someone else's.
 * In CI: a fixed seed and a few calls per route. `npm run fuzz` runs it longer with a random
 * seed and prints how to replay a failure.
 */

const settings = fuzzSettings(process.env);
const ROLES: Role[] = ["anonymous", "requester", "reviewer", "admin"];

const webRoot = mkdtempSync(path.join(tmpdir(), "balcao-fuzz-web-"));
writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Balcão</title><div id=root></div>");

describeWithApp("the API fuzzer", { env: FUZZ_ENV, webRoot }, (ctx) => {
  it(
    "signed out, requester, reviewer, administrator: no 5xx, Portuguese errors, nobody else's rows changed",
    async () => {
      const seeded = await seedData(ctx());
      const document = await ctx().app.inject({ url: "/api/docs/json" });
      const operations = operationsOf(document.json());
      expect(operations.length).toBeGreaterThan(60);
      const fuzzer = new Fuzzer(
        ctx(),
        seeded,
        operations,
        settings.keepGoing,
        settings.trace ? (line) => process.stdout.write(`${line}\n`) : undefined,
      );
      await fuzzer.start();
      const runs = settings.runs ?? (ctx().kind === "postgres" ? settings.postgresRuns : settings.pgliteRuns);
      const log = (line: string) => process.stdout.write(`API fuzzer [${ctx().kind}]: ${line}\n`);
      const started = Date.now();
      const rounds = await runRounds(fuzzer, settings, runs, ROLES, log);
      const seconds = Math.round((Date.now() - started) / 1000);
      log(summaryText(fuzzer.report, { seed: settings.seed, rounds, runs, seconds, stats: settings.stats }));
      if (fuzzer.report.failures.size > 0) {
        const { failures } = fuzzer.report;
        throw new Error(
          `${failures.size} kind(s) of problem (seed ${settings.seed}):\n\n${[...failures.values()].join("\n\n")}`,
        );
      }
    },
    settings.timeoutMs,
  );
});
