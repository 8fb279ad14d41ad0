/*
 * Writes docs/configuration.md from the configuration schema (src/server/config-docs.ts).
 * Run after changing src/server/config.ts or config-descriptions.ts: npm run docs:config
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { configurationMarkdown } from "../src/server/config-docs";

const target = path.join(import.meta.dirname, "..", "docs", "configuration.md");
writeFileSync(target, configurationMarkdown());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
