import { decodeOfx } from "./decode";
import { parseOfxAmount, parseOfxDate } from "./fields";
import { ofxMessages } from "./messages";
import { normalizeText } from "./names";
import {
  child,
  childText,
  descendants,
  MAX_DEPTH,
  MAX_ENTRIES,
  type OfxNode,
  readTags,
  type TagProblem,
} from "./tags";

/*
 * 'Conciliar extrato', step one: the bank statement Finance uploads, as the
 * list of entries the matcher compares with the payments made. Every problem
 * is an answer in Portuguese, never an exception: the same function runs in
 * the browser (to show the file before sending it) and on the server.
 */

export type OfxEntry = {
  fitid: string;
  /** The calendar date the bank posted it, 'yyyy-mm-dd' (see parseOfxDate). */
  postedOn: string;
  /** Exact cents, negative for money leaving the account (OFX: the sign of TRNAMT decides, not TRNTYPE). */
  amountCents: number;
  /** TRNTYPE as the bank wrote it: DEBIT, CREDIT, PAYMENT, XFER, OTHER… */
  type: string;
  name: string;
  memo: string;
};

export type OfxAccount = { bankId: string; accountId: string; currency: string | null };

export type OfxStatement = {
  ok: true;
  version: 1 | 2;
  account: OfxAccount | null;
  period: { start: string; end: string } | null;
  entries: OfxEntry[];
  /** Entries left out because they are dated after today or after the statement's DTEND (scheduled ones). */
  skippedFuture: number;
  /** Balance lines some banks write as entries ('Saldo do dia', 'SALDO ANTERIOR'): no money moved. */
  skippedBalances: number;
};

export type ReadOfxResult = OfxStatement | { ok: false; message: string };

const TAG_PROBLEMS: Record<TagProblem, string> = {
  truncated: ofxMessages.truncated,
  tooDeep: ofxMessages.tooDeep(MAX_DEPTH),
  tooManyEntries: ofxMessages.tooManyEntries(MAX_ENTRIES),
  noRoot: ofxMessages.noRoot,
};

/** Banco do Brasil writes each day's balance as an entry named 'Saldo do dia'; Itaú writes 'SALDO ANTERIOR' in MEMO. */
function isBalanceLine(name: string, memo: string): boolean {
  return [name, memo].some((text) => /^\s*S/i.test(text) && /^(SALDO|SDO CTA)\b/.test(normalizeText(text)));
}

function readPeriod(list: OfxNode | undefined): { start: string; end: string } | null {
  const start = parseOfxDate(childText(list, "DTSTART") ?? "");
  const end = parseOfxDate(childText(list, "DTEND") ?? "");
  return start && end ? { start, end } : null;
}

function readAccount(statement: OfxNode): OfxAccount | null {
  const from = child(statement, "BANKACCTFROM");
  if (!from) return null;
  return {
    bankId: childText(from, "BANKID") ?? "",
    accountId: childText(from, "ACCTID") ?? "",
    currency: childText(statement, "CURDEF"),
  };
}

type EntryOutcome =
  | { kind: "entry"; entry: OfxEntry }
  | { kind: "balance" }
  | { kind: "error"; message: string };

function readEntry(node: OfxNode, position: number): EntryOutcome {
  const fitid = (childText(node, "FITID") ?? "").trim();
  // OFX 2.2 lets <PAYEE> (an aggregate with its own NAME) stand where <NAME> does.
  const name = childText(node, "NAME") ?? childText(child(node, "PAYEE"), "NAME") ?? "";
  const memo = childText(node, "MEMO") ?? "";
  if (isBalanceLine(name, memo)) return { kind: "balance" };
  const amountText = childText(node, "TRNAMT");
  if (amountText === null)
    return { kind: "error", message: ofxMessages.missingField(fitid, position, "TRNAMT") };
  const amountCents = parseOfxAmount(amountText);
  if (amountCents === null)
    return { kind: "error", message: ofxMessages.badAmount(fitid, position, amountText) };
  const dateText = childText(node, "DTPOSTED");
  if (dateText === null)
    return { kind: "error", message: ofxMessages.missingField(fitid, position, "DTPOSTED") };
  const postedOn = parseOfxDate(dateText);
  if (postedOn === null) return { kind: "error", message: ofxMessages.badDate(fitid, position, dateText) };
  const type = (childText(node, "TRNTYPE") ?? "").toUpperCase();
  return { kind: "entry", entry: { fitid, postedOn, amountCents, type, name, memo } };
}

/**
 * OFX requires FITID unique within an account, but exports repeat or omit it.
 * The matcher names entries by FITID, so each one gets its own: a missing one
 * becomes date and amount ('20261127:-15000'), a repeated one gets '#2', '#3'
 * in file order. Both are stable when the same file is read again.
 */
function giveUniqueFitids(entries: OfxEntry[]): OfxEntry[] {
  const seen = new Set<string>();
  // The next copy number of each id, so 20,000 entries with one FITID cost no more than 20,000 distinct ones.
  const copies = new Map<string, number>();
  return entries.map((entry) => {
    const base = entry.fitid || `${entry.postedOn.replaceAll("-", "")}:${entry.amountCents}`;
    let fitid = base;
    for (let copy = copies.get(base) ?? 2; seen.has(fitid); copy++) {
      fitid = `${base}#${copy}`;
      copies.set(base, copy + 1);
    }
    seen.add(fitid);
    return fitid === entry.fitid ? entry : { ...entry, fitid };
  });
}

type Statement = Omit<OfxStatement, "ok" | "version">;

function readStatement(statement: OfxNode, today: string): Statement | { message: string } {
  const account = readAccount(statement);
  // CURDEF is required by OFX 1.0.3 and 2.2; without it the amounts are taken as reais, Balcão's only currency.
  const currency = (childText(statement, "CURDEF") ?? "").trim().toUpperCase() || "BRL";
  if (currency !== "BRL") return { message: ofxMessages.currency(currency) };
  const list = child(statement, "BANKTRANLIST");
  const period = readPeriod(list);
  const entries: OfxEntry[] = [];
  let skippedFuture = 0;
  let skippedBalances = 0;
  const nodes = list?.children.filter((node) => node.name === "STMTTRN") ?? [];
  for (const [index, node] of nodes.entries()) {
    const outcome = readEntry(node, index + 1);
    if (outcome.kind === "error") return { message: outcome.message };
    if (outcome.kind === "balance") skippedBalances++;
    else if (outcome.entry.postedOn > today || (period && outcome.entry.postedOn > period.end))
      skippedFuture++;
    else entries.push(outcome.entry);
  }
  return { account, period, entries: giveUniqueFitids(entries), skippedFuture, skippedBalances };
}

/**
 * Reads an OFX bank statement (1.x SGML or 2.x XML) from its bytes. `today` is
 * São Paulo's 'yyyy-mm-dd': entries after it, or after the statement's DTEND,
 * are scheduled ones the bank lists ahead and are counted, not returned.
 */
export function readOfx(bytes: Uint8Array, options: { today: string }): ReadOfxResult {
  const decoded = decodeOfx(bytes);
  if (!decoded.ok) return decoded;
  const tree = readTags(decoded.text);
  if (!tree.ok) return { ok: false, message: TAG_PROBLEMS[tree.problem] };
  const statements = descendants(tree.root, "STMTRS");
  if (statements.length === 0) {
    const card = descendants(tree.root, "CCSTMTRS").length > 0;
    return { ok: false, message: card ? ofxMessages.creditCard : ofxMessages.noStatement };
  }
  if (statements.length > 1) return { ok: false, message: ofxMessages.manyStatements };
  const read = readStatement(statements[0]!, options.today);
  if ("message" in read) return { ok: false, message: read.message };
  return { ok: true, version: decoded.version, ...read };
}
