/*
 * npm run new:kind -- <name> [--label "Viagem"]
 *
 * Scaffolds a request kind (docs/decisions/010): its folder src/domain/requests/kinds/<name>/ (meta,
 * messages, workflow, sample, definition, index, test), its form declaration
 * src/web/features/requests/components/<name>-form.tsx, and the registry lines it needs: one each in
 * kinds/meta.ts, kinds/index.ts and request-forms.ts, and its name in the list kinds/meta.test.ts
 * pins. Then regenerates docs/configuration.md (its WEBHOOK_<NAME>_URL and _SECRET). The result
 * passes `npm run check` and the tests as written; ARCHITECTURE.md's checklist says what is left.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { KIND_NAMES, REQUEST_KIND_META } from "../src/domain/requests/kinds/meta";
import { domainFiles, formFile, type Names, pascal } from "./new-kind/templates";

const ROOT = path.join(import.meta.dirname, "..");
const KINDS = "src/domain/requests/kinds";
const FORMS = "src/web/features/requests/components";
const COLOURS = ["#0284c7", "#7c3aed", "#dc2626", "#65a30d", "#ea580c", "#0891b2", "#c026d3", "#4d7c0f"];

function fail(message: string): never {
  console.error(`new:kind: ${message}`);
  process.exit(1);
}

/** Inserts `line` before the first match of `before` after `after`, in `file`. */
function insertLine(file: string, after: string, before: string, line: string) {
  const full = path.join(ROOT, file);
  const text = readFileSync(full, "utf8");
  const start = text.indexOf(after);
  const at = start < 0 ? -1 : text.indexOf(before, start + after.length);
  if (at < 0) fail(`${file}: cannot find where to add '${line.trim()}'; add it by hand`);
  writeFileSync(full, `${text.slice(0, at)}${line}\n${text.slice(at)}`);
}

/** Puts an import at the top of `file` (Biome sorts it afterwards). */
function addImport(file: string, statement: string) {
  const full = path.join(ROOT, file);
  writeFileSync(full, `${statement}\n${readFileSync(full, "utf8")}`);
}

function names(): Names {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { label: { type: "string" } },
  });
  const kind = positionals[0] ?? fail("usage: npm run new:kind -- <name> [--label 'Viagem']");
  // The name is the stored kind, a path segment and part of WEBHOOK_<NAME>_URL: lower case letters only.
  if (!/^[a-z][a-z0-9]{2,30}$/.test(kind)) fail(`'${kind}': lower case letters and digits, 3 to 31`);
  if ((KIND_NAMES as string[]).includes(kind) || existsSync(path.join(ROOT, KINDS, kind)))
    fail(`'${kind}' exists already`);
  const metas = KIND_NAMES.map((name) => REQUEST_KIND_META[name]);
  if (metas.some((meta) => meta.formPath === `/${kind}`)) fail(`/${kind} is another kind's page`);
  // The other sections' places (src/domain/shell/navigation.ts), read as text: the menu's order is unique.
  const sections = readFileSync(path.join(ROOT, "src/domain/shell/navigation.ts"), "utf8");
  const sectionOrders = [...sections.matchAll(/\border: (\d+),/g)].map((m) => Number(m[1]));
  const taken = new Set<number>([...metas.map((meta) => meta.nav.order), ...sectionOrders]);
  let order = 121;
  while (taken.has(order)) order++;
  const colours = new Set<string>(metas.map((meta) => meta.chartColour));
  const colour = COLOURS.find((c) => !colours.has(c)) ?? COLOURS[0]!;
  return { kind, label: values.label ?? pascal(kind), order, colour };
}

const n = names();
const folder = path.join(ROOT, KINDS, n.kind);
mkdirSync(folder);
for (const [file, text] of Object.entries(domainFiles(n))) writeFileSync(path.join(folder, file), text);
writeFileSync(path.join(ROOT, FORMS, `${n.kind}-form.tsx`), formFile(n));

// The registry lines: the type checker holds meta.ts, index.ts and request-forms.ts together.
addImport(`${KINDS}/meta.ts`, `import { ${n.kind}Meta } from "./${n.kind}/meta";`);
insertLine(`${KINDS}/meta.ts`, "REQUEST_KIND_META = {", "} as const;", `  ${n.kind}: ${n.kind}Meta,`);
addImport(`${KINDS}/index.ts`, `import { ${n.kind} } from "./${n.kind}";`);
insertLine(`${KINDS}/index.ts`, "REQUEST_KIND_REGISTRY = {", "} as const", `  ${n.kind},`);
addImport(`${FORMS}/request-forms.ts`, `import { ${n.kind}Form } from "./${n.kind}-form";`);
insertLine(`${FORMS}/request-forms.ts`, "REQUEST_FORMS", "};", `  ${n.kind}: ${n.kind}Form,`);
insertLine(`${KINDS}/meta.test.ts`, "toMatchInlineSnapshot(`", "      ]", `        "${n.kind}",`);

const written = [
  `${KINDS}/${n.kind}`,
  `${FORMS}/${n.kind}-form.tsx`,
  `${KINDS}/meta.ts`,
  `${KINDS}/index.ts`,
  `${KINDS}/meta.test.ts`,
  `${FORMS}/request-forms.ts`,
];
execFileSync("npx", ["biome", "check", "--write", ...written], { cwd: ROOT, stdio: "inherit" });
// Its WEBHOOK_<NAME>_URL and _SECRET in the generated configuration reference.
execFileSync("npx", ["tsx", "scripts/config-docs.ts"], { cwd: ROOT, stdio: "inherit" });
console.log(`new:kind: '${n.kind}' written (${written.join(", ")}, docs/configuration.md).
Next: npm run check; npx vitest run ${KINDS}/${n.kind} ${KINDS}/meta.test.ts ${FORMS}/request-forms.test.ts;
then what ARCHITECTURE.md's "Checklist: a new request kind" lists beyond the scaffold.`);
