import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The line a test file carries when it runs for tens of seconds (the fuzzer, the backups). */
export const LONG_FILE_MARK = "@long-file";

/**
 * Vitest's order, but the files marked long start first. Vitest starts the longest files first
 * from its own timings, which a fresh clone (CI) does not have: it falls back to the largest
 * files, and a short file with a long run (the fuzzer: 60 s on PGlite) started last, alone on
 * one of the two workers while the other had finished.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => readFileSync(file.moduleId, "utf8").includes(LONG_FILE_MARK);
    const marked = new Set(sorted.filter(long));
    return [...marked, ...sorted.filter((file) => !marked.has(file))];
  }
}
