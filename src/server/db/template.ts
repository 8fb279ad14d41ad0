import { existsSync, renameSync, rmSync } from "node:fs";
import { Worker } from "node:worker_threads";

/** A new embedded database (no folder yet) starts from the template when the build made one. */
export function needsTemplate(databaseDir: string, templateDir: string): boolean {
  return !existsSync(databaseDir) && existsSync(templateDir);
}

/**
 * Copies the migrated, empty template (docs/decisions/006) to `databaseDir`: beside it first,
 * then renamed into place, so a start interrupted half-way leaves no half database. The copy
 * (about 1,200 files) runs on a worker thread while the app's modules load on the main one
 * (decision 024): on the main thread it took 0.3–0.9 s of a first start.
 */
export async function copyTemplate(templateDir: string, databaseDir: string): Promise<void> {
  const staging = `${databaseDir}.copying`;
  rmSync(staging, { recursive: true, force: true });
  const copying = new Worker(COPY_FOLDER, { eval: true, workerData: { from: templateDir, to: staging } });
  await new Promise<void>((resolve, reject) => {
    copying.once("error", reject);
    copying.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`copying the database template stopped with code ${code}`)),
    );
  });
  renameSync(staging, databaseDir);
}

// Node's own modules only, so the same text runs from the sources (tsx, tests) and from the bundle.
const COPY_FOLDER = `
const { cpSync } = require("node:fs");
const { workerData } = require("node:worker_threads");
cpSync(workerData.from, workerData.to, { recursive: true });
`;
