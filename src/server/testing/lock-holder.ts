/**
 * A process that takes DATA_DIR's lock and holds it until killed, standing in
 * for a running server in the lock's tests: `node --import tsx lock-holder.ts <dir>`.
 * It prints "locked" once it holds the lock, or the error's message if refused.
 */
import { lockDataDir } from "../data-dir";

const dir = process.argv[2];
if (!dir) throw new Error("usage: lock-holder.ts <DATA_DIR>");
try {
  await lockDataDir(dir);
  process.stdout.write("locked\n");
  setInterval(() => {}, 60_000);
} catch (err) {
  process.stdout.write(`${(err as Error).message}\n`);
  process.exit(3);
}
