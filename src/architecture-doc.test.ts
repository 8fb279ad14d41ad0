import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The docs a newcomer reads first stay true where a test can tell: every repository path they
 * write in backticks exists, every relative link opens a file, every decision has its status
 * line and its row in the index (docs/decisions/README.md), and every section of the spec a
 * comment cites exists (docs/spec, decision 036).
 */

const root = path.join(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Where a path written in each doc is looked for: the README's security table names them from src/server or src. */
const PATH_BASES: Record<string, string[]> = {
  "README.md": ["", "src/server/", "src/"],
  "ARCHITECTURE.md": [""],
  "docs/operations.md": [""],
};

/** Folders at the top of the repository that git keeps (not the build's, the data's or the installs'). */
const IGNORED = new Set([
  ".git",
  "node_modules",
  "dist",
  "data",
  "backups",
  "test-results",
  "playwright-report",
]);
const ROOTS = new Set(readdirSync(root).filter((name) => !IGNORED.has(name)));
const SOURCE_FILE = /\.(ts|tsx|mjs|md|sql|json|css|html)$/;

/** The inline code spans of a markdown text, fenced blocks left out. */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return [...prose.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)].map((match) => match[2]!.trim());
}

/** A code span that names a file or folder of the repository, not a URL path, a setting or a MIME type. */
function isRepoPath(span: string, bases: string[]): boolean {
  if (/\s|:\/\/|^\//.test(span) || !span.includes("/")) return false;
  const first = span.split("/")[0]!;
  if (first === "." || first === "..") return false;
  return (
    ROOTS.has(first) ||
    SOURCE_FILE.test(span) ||
    bases.some((base) => base && existsSync(path.join(root, base, first)))
  );
}

/** Whether `relative` exists under `dir`; a segment with `<placeholder>` or `*` matches any name. */
function matches(dir: string, segments: string[]): boolean {
  const [segment, ...rest] = segments;
  if (segment === undefined || segment === "") return true;
  if (!/[<*]/.test(segment)) {
    const next = path.join(dir, segment);
    return existsSync(next) && (rest.length === 0 || statSync(next).isDirectory()) && matches(next, rest);
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  const pattern = new RegExp(
    `^${segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>|\*/g, ".+")}$`,
  );
  return readdirSync(dir).some((name) => pattern.test(name) && matches(path.join(dir, name), rest));
}

const exists = (span: string, bases: string[]) =>
  bases.some((base) => matches(path.join(root, base), span.replace(/\/$/, "").split("/")));

describe("paths written in the docs", () => {
  for (const [doc, bases] of Object.entries(PATH_BASES)) {
    it(`${doc}: every file or folder it names in backticks exists`, () => {
      const missing = codeSpans(read(doc)).filter((span) => isRepoPath(span, bases) && !exists(span, bases));
      expect(missing).toEqual([]);
    });
  }
});

/** The markdown files whose relative links are checked. */
function linkedDocs(): string[] {
  const inDocs = (dir: string) =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir))
          .filter((name) => name.endsWith(".md"))
          .map((name) => `${dir}/${name}`)
      : [];
  return [
    "README.md",
    "ARCHITECTURE.md",
    ...inDocs("docs"),
    ...inDocs("docs/guia"),
    ...inDocs("docs/spec"),
    ...inDocs("docs/decisions"),
  ];
}

describe("links between the docs", () => {
  it("every relative link opens a file of the repository", () => {
    const broken = linkedDocs().flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(path.join(root, path.dirname(doc), target)))
        .map((target) => `${doc} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});

describe("decisions", () => {
  const files = readdirSync(path.join(root, "docs/decisions")).filter((name) => /^\d{3}-.+\.md$/.test(name));
  const index = read("docs/decisions/README.md");
  const STATUS =
    /^Status: (accepted|superseded by (\d{3})|accepted, in part superseded by (\d{3})) · Date: (\d{4}-\d{2}-\d{2})$/;

  it("each has its status and date right under its title, naming a decision that exists", () => {
    for (const file of files) {
      const [title, blank, status] = read(`docs/decisions/${file}`).split("\n");
      expect(title, file).toMatch(new RegExp(`^# ${file.slice(0, 3)} — `));
      expect(blank, file).toBe("");
      const parsed = STATUS.exec(status ?? "");
      expect(parsed, `${file}: "${status}"`).not.toBeNull();
      const by = parsed![2] ?? parsed![3];
      if (by)
        expect(
          files.some((other) => other.startsWith(`${by}-`)),
          `${file} names ${by}`,
        ).toBe(true);
    }
  });

  it("each is a row of the index, with the same status and date", () => {
    for (const file of files) {
      const status = read(`docs/decisions/${file}`).split("\n")[2]!;
      const [, state, , , date] = STATUS.exec(status) ?? [];
      const row = index.split("\n").find((line) => line.includes(`](${file})`));
      expect(row, `${file} is not in docs/decisions/README.md`).toBeDefined();
      // Number · title · status · date, whatever padding the formatter gives the table.
      const cells = row!.split("|").map((cell) => cell.trim());
      expect([cells[1], cells[3], cells[4]]).toEqual([file.slice(0, 3), state, date]);
    }
  });
});

/** The numbered sections of the spec: "## 5. Validation rules" is 5 (a "### 5.2 …" would be 5.2). */
const SPEC_SECTIONS = new Set(
  [...read("docs/spec/portal-spec.md").matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((match) => match[1]!),
);

/** Where code cites sections; the spec's copy itself and build output are not code. */
const CITING_ROOTS = ["src", "e2e", "bench", "scripts"];
const CODE_FILE = /\.(ts|tsx|mjs)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return codeFiles(relative);
    return CODE_FILE.test(entry.name) ? [relative] : [];
  });
}

/*
 * A "§" belongs to the nearest document named before it in its sentence: "spec §2 /reembolso,
 * §5 Reimbursement" cites the spec twice, "RFC 6266 §4.3" does not cite it. Other documents cited by
 * section are listed here, so a "§" that names no document fails rather than being skipped.
 */
const CITING = /\b(spec)\b|\b(RFC \d+|APPNOTE\.TXT|MS-CFB|WOFF|art\. \d+)/gi;
const LOOK_BACK = 200;
const SENTENCE_END = /[.!?](?=\s)|\*\//g;

/** Each "§N" of a text as the spec's section N, another document's, or one that names none. */
function sectionCitations(text: string) {
  return [...text.matchAll(/§(\d+(?:\.\d+)*)/g)].map((match) => {
    const window = text.slice(Math.max(0, match.index - LOOK_BACK), match.index);
    const sentenceStart = [...window.matchAll(SENTENCE_END)].at(-1);
    const before = sentenceStart ? window.slice(sentenceStart.index + 1) : window;
    const named = [...before.matchAll(CITING)].at(-1);
    const document = !named ? "none" : named[1] ? "spec" : "other";
    return { section: match[1]!, document, line: text.slice(0, match.index).split("\n").length };
  });
}

describe("the spec's sections cited in code", () => {
  const citations = CITING_ROOTS.filter((dir) => existsSync(path.join(root, dir)))
    .flatMap(codeFiles)
    .flatMap((file) => sectionCitations(read(file)).map((citation) => ({ ...citation, file })));
  const where = (c: { file: string; line: number; section: string }) => `${c.file}:${c.line} §${c.section}`;

  it("the spec's copy has its numbered sections", () => {
    expect([...SPEC_SECTIONS]).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  });

  it("every 'spec §N' names a section the spec has", () => {
    const cited = citations.filter((c) => c.document === "spec");
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((c) => !SPEC_SECTIONS.has(c.section)).map(where)).toEqual([]);
  });

  it("every other § names its document (write 'spec §N', or add the document to CITING)", () => {
    expect(citations.filter((c) => c.document === "none").map(where)).toEqual([]);
  });
});
