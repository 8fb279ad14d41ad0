/*
 * One tag reader for both OFX syntaxes, with no DOM (it runs on the server
 * too). OFX 1.0.3 (SGML) closes every aggregate but leaves elements (the
 * leaves holding a value, '<TRNAMT>-150.00') open: an element ends where the
 * next tag starts. OFX 2.2 (XML) closes every tag. Read as SGML, an XML
 * file is only a file whose elements happen to be closed, so one set of
 * rules takes both:
 *
 * - a start tag followed by text is an element holding that text; it ends at
 *   its own end tag or, unclosed, at the next tag of any kind;
 * - a start tag followed by another tag is an aggregate, open until its end
 *   tag; an end tag further up the stack also closes what is still open
 *   inside it (a sloppy export's forgotten end tag costs nothing);
 * - the elements named in ELEMENTS are leaves even when empty ('<MEMO>'
 *   right before '<FITID>', or '<MEMO></MEMO>' as Banco do Brasil writes).
 *
 * The scan is linear (indexOf, no backtracking regular expression over the
 * file) and stops early at the limits, so a hostile file costs at most one
 * pass over text the server already bounded in size.
 */

export type OfxNode = { name: string; text: string | null; children: OfxNode[] };

export type TagProblem = "truncated" | "tooDeep" | "tooManyEntries" | "noRoot";
export type TagTree = { ok: true; root: OfxNode } | { ok: false; problem: TagProblem };

export const MAX_DEPTH = 32;
export const MAX_ENTRIES = 20_000;

/** OFX 1.0.3 and 2.2 elements (leaves) this module reads or meets around them. */
const ELEMENTS = new Set([
  "TRNTYPE",
  "DTPOSTED",
  "DTUSER",
  "DTAVAIL",
  "TRNAMT",
  "FITID",
  "CORRECTFITID",
  "SRVRTID",
  "CHECKNUM",
  "REFNUM",
  "SIC",
  "PAYEEID",
  "NAME",
  "EXTDNAME",
  "MEMO",
  "CURDEF",
  "BANKID",
  "BRANCHID",
  "ACCTID",
  "ACCTTYPE",
  "ACCTKEY",
  "DTSTART",
  "DTEND",
  "BALAMT",
  "DTASOF",
  "CODE",
  "SEVERITY",
  "MESSAGE",
  "DTSERVER",
  "LANGUAGE",
  "ORG",
  "FID",
  "TRNUID",
]);

/** OFX 1.0.3 and 2.2 aggregates: stray text right after one never turns it into an element. */
const AGGREGATES = new Set([
  "OFX",
  "SIGNONMSGSRSV1",
  "SONRS",
  "STATUS",
  "FI",
  "BANKMSGSRSV1",
  "STMTTRNRS",
  "STMTRS",
  "BANKACCTFROM",
  "BANKACCTTO",
  "BANKTRANLIST",
  "STMTTRN",
  "PAYEE",
  "CURRENCY",
  "ORIGCURRENCY",
  "LEDGERBAL",
  "AVAILBAL",
  "CREDITCARDMSGSRSV1",
  "CCSTMTTRNRS",
  "CCSTMTRS",
  "CCACCTFROM",
]);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** SGML and XML character references: '&amp;', '&#233;', '&#xE9;'; an unknown one stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body[0] !== "#") return ENTITIES[body.toLowerCase()] ?? whole;
    const code =
      body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

type Tag = { kind: "start" | "end" | "empty"; name: string };

const TAG = /^(\/?)([A-Za-z][A-Za-z0-9._]{0,63})\s*(\/?)$/;

/** The tag between '<' and '>', or null when the '<' is a literal character of the text. */
function readTag(inner: string): Tag | null {
  const match = TAG.exec(inner);
  if (!match) return null;
  const name = (match[2] ?? "").toUpperCase();
  if (match[1]) return { kind: "end", name };
  return { kind: match[3] ? "empty" : "start", name };
}

class TreeBuilder {
  readonly root: OfxNode = { name: "", text: null, children: [] };
  private readonly stack: OfxNode[] = [this.root];
  private pending = "";
  private entries = 0;
  problem: TagProblem | null = null;

  text(chunk: string): void {
    this.pending += chunk;
  }

  private top(): OfxNode {
    return this.stack[this.stack.length - 1] ?? this.root;
  }

  /** What the text since the last tag means, now that the next tag (or the end) has come. */
  private settle(next: Tag | null): void {
    const node = this.top();
    const value = this.pending.trim();
    this.pending = "";
    const fresh = node !== this.root && node.text === null && node.children.length === 0;
    if (!fresh || AGGREGATES.has(node.name)) return;
    if (value === "" && !ELEMENTS.has(node.name)) return;
    node.text = decodeEntities(value);
    // An element ends here unless the next tag is its own end tag, which then closes it.
    if (!(next?.kind === "end" && next.name === node.name)) this.stack.pop();
  }

  tag(tag: Tag): void {
    this.settle(tag);
    if (tag.kind === "end") {
      const index = this.stack.findLastIndex((node) => node.name === tag.name);
      if (index > 0) this.stack.length = index;
      return;
    }
    const node: OfxNode = { name: tag.name, text: tag.kind === "empty" ? "" : null, children: [] };
    this.top().children.push(node);
    if (tag.name === "STMTTRN" && ++this.entries > MAX_ENTRIES) this.problem = "tooManyEntries";
    if (tag.kind === "start") this.stack.push(node);
    if (this.stack.length > MAX_DEPTH + 1) this.problem = "tooDeep";
  }

  finish(): TagTree {
    this.settle(null);
    if (this.problem) return { ok: false, problem: this.problem };
    const ofx = this.root.children.find((node) => node.name === "OFX");
    if (!ofx) return { ok: false, problem: "noRoot" };
    if (this.stack.includes(ofx)) return { ok: false, problem: "truncated" };
    return { ok: true, root: ofx };
  }
}

/** Skips a comment, a processing instruction ('<?OFX …?>') or a declaration; -1 when the file ends inside it. */
function skipMarkup(text: string, at: number): number | null {
  if (text.startsWith("<!--", at)) {
    const end = text.indexOf("-->", at + 4);
    return end === -1 ? -1 : end + 3;
  }
  const second = text[at + 1];
  if (second !== "?" && second !== "!") return null;
  const end = text.indexOf(">", at);
  return end === -1 ? -1 : end + 1;
}

/** The tree under <OFX>, or why there is none. */
export function readTags(text: string): TagTree {
  const builder = new TreeBuilder();
  let at = 0;
  // The next '>' is looked up once and reused while it lies ahead: a file of
  // '<' without '>' would otherwise be scanned to its end once per '<'.
  let close = -1;
  while (at < text.length && builder.problem === null) {
    const open = text.indexOf("<", at);
    if (open === -1) {
      builder.text(text.slice(at));
      break;
    }
    builder.text(text.slice(at, open));
    const skipped = skipMarkup(text, open);
    if (skipped === -1) return { ok: false, problem: "truncated" };
    if (skipped !== null) {
      at = skipped;
      continue;
    }
    if (close < open) close = text.indexOf(">", open);
    if (close === -1) {
      builder.text(text.slice(open));
      break;
    }
    const tag = close - open > 80 ? null : readTag(text.slice(open + 1, close));
    if (tag === null) {
      builder.text("<");
      at = open + 1;
      continue;
    }
    builder.tag(tag);
    at = close + 1;
  }
  return builder.finish();
}

/** The first child of `node` named `name`. */
export function child(node: OfxNode | undefined, name: string): OfxNode | undefined {
  return node?.children.find((candidate) => candidate.name === name);
}

/** The text of the element `name` directly under `node`, null when absent. */
export function childText(node: OfxNode | undefined, name: string): string | null {
  return child(node, name)?.text ?? null;
}

/** Every node named `name` at any depth under `node`, in document order. */
export function descendants(node: OfxNode, name: string): OfxNode[] {
  const found: OfxNode[] = [];
  const pending: OfxNode[] = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.name === name) found.push(current);
    for (let index = current.children.length - 1; index >= 0; index--) pending.push(current.children[index]!);
  }
  return found;
}
