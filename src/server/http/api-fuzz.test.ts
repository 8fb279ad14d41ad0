import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { Fuzzer } from "../testing/fuzz/fuzzer";
import { operationsOf } from "../testing/fuzz/openapi";
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
      const started = Date.now();
      let round = 0;
      do {
        const seed = (settings.seed + round) >>> 0;
        for (const role of ROLES) {
          try {
            await fuzzer.fuzz(role, seed, runs, settings.only);
          } catch (error) {
            const replay = settings.replayHint(seed);
            throw new Error(
              `${error instanceof Error ? error.message : String(error)}\n  round seed ${seed}; ${replay}`,
            );
          }
        }
        round += 1;
        if (settings.seconds !== null) {
          const elapsed = Math.round((Date.now() - started) / 1000);
          process.stdout.write(
            `API fuzzer [${ctx().kind}]: round ${round} (seed ${seed}) done, ${fuzzer.report.calls} calls in ${elapsed} s\n`,
          );
        }
      } while (settings.seconds !== null && Date.now() - started < settings.seconds * 1000);
      const { calls, statuses, known, failures } = fuzzer.report;
      const byStatus = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ");
      const knownText = [...known].map(([name, n]) => `${name} ×${n}`).join("; ");
      process.stdout.write(
        `API fuzzer [${ctx().kind}]: seed ${settings.seed}, ${round} round(s), ${runs} calls per route and person, ` +
          `${calls} calls in ${Math.round((Date.now() - started) / 1000)} s (${byStatus})` +
          `${knownText ? `\n  known, fixed on other branches (known-failures.ts): ${knownText}` : ""}\n`,
      );
      if (settings.stats) {
        for (const [name, counts] of fuzzer.report.byOperation) {
          const text = [...counts]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(" ");
          process.stdout.write(`  ${name}: ${text}\n`);
        }
      }
      if (failures.size > 0) {
        throw new Error(
          `${failures.size} kind(s) of problem (seed ${settings.seed}):\n\n${[...failures.values()].join("\n\n")}`,
        );
      }
    },
    settings.timeoutMs,
  );
});
