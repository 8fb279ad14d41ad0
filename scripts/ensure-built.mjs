// `npm start` builds only when dist/ is missing or older than the sources, so a
// second start is immediate and a fresh clone still works with one command.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const outputs = ["dist/server/server.js", "dist/cli/backup.js", "dist/web/index.html"];
const inputs = [
  "src",
  "build",
  "drizzle",
  "package.json",
  "vite.config.ts",
  "scripts/build-server.mjs",
  "scripts/backup.ts",
  "scripts/restore.ts",
  "scripts/doctor.ts",
];

function newest(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const changedAt = Math.max(...inputs.filter(existsSync).map(newest));
if (changedAt > builtAt) {
  console.log("Building Balcão (first start or sources changed)...");
  execSync("npm run build", { stdio: "inherit" });
}
