import { addDays, daysInPeriod, isIsoDate } from "../../dates";
import { matchReasons, type ReasonFacts } from "./messages";
import { compact, nameWords, textNamesPayee, words } from "./names";
import type { OfxEntry } from "./read-ofx";

/*
 * 'Conciliar extrato', step two: which debit of the statement is which
 * payment. Only suggestions: Finance confirms each one with a click, so a
 * rule here errs towards leaving a pair unsuggested (listed on both sides,
 * matched by hand) rather than suggesting a wrong one.
 *
 * A debit and a payment are candidates when the amounts are the same to the
 * cent and the debit is dated from the payment's date to maxBusinessDays
 * business days after it. Never before: the payment's date is the day it was
 * paid or sent, both São Paulo dates like the statement's, and a scheduled
 * payment leaves the account on or after the day it was scheduled, never
 * ahead of it. A window opening a day earlier would only add room for a
 * payment of the same amount made the day before (grants and reimbursements
 * repeat amounts) to be taken for this one; a payment recorded a day late
 * stays unmatched and is paired by hand.
 *
 * Then the evidence, strongest first: the payment's PIX txid in the debit's
 * text, the payee's name in it, or neither. Pairs with evidence are assigned
 * greedily (txid before name, then the shortest time between payment and
 * debit, then statement and list order): a debit or payment already taken is
 * skipped. That is not an optimal assignment, and needs not be: pairs with
 * evidence compete only when they share the amount, a few days and, nearly
 * always, the payee, and then either pairing is the same person paid the
 * same sum. Without evidence
 * a pair is suggested only when the debit has exactly one candidate payment
 * left and that payment exactly one candidate debit.
 */

/**
 * Why 3 business days: a PIX leaves the same day; a TED or a bank slip
 * scheduled in the bank's site leaves on the next business day, and Finance
 * marks a payment 'sent' when it is scheduled, sometimes a day or two before
 * the bank's date. A wider window lets payments of one amount made days
 * apart (a batch of grants, repeated reimbursements) compete for one debit.
 */
export const DEFAULT_MAX_BUSINESS_DAYS = 3;
/** A calendar with no business day in this many days past the window is taken to end there. */
const MAX_CALENDAR_WALK = 31;

export type PaymentToMatch = {
  id: string;
  /** The PIX txid Balcão sent with the payment; empty when there is none. */
  reference: string;
  payeeName: string;
  amountCents: number;
  sentOrPaidOn: string;
};

export type Confidence = "txid" | "name" | "amount-date";

export type MatchSuggestion = {
  entryFitid: string;
  paymentId: string;
  confidence: Confidence;
  reason: string;
};

export type MatchResult = {
  suggestions: MatchSuggestion[];
  /** Debits (only debits are matched) with no suggestion, in statement order. */
  unmatchedEntries: string[];
  unmatchedPayments: string[];
};

export type MatchInput = {
  entries: readonly OfxEntry[];
  payments: readonly PaymentToMatch[];
  isBusinessDay: (isoDate: string) => boolean;
  maxBusinessDays?: number;
};

/** A txid shorter than this could be found in any text by chance. */
const MIN_REFERENCE = 6;

type Debit = { entry: OfxEntry; order: number; cents: number; fields: string[][]; compactText: string };
type Payment = { payment: PaymentToMatch; order: number; name: string[]; reference: string; until: string };
type Pair = { debit: Debit; payment: Payment; confidence: Confidence; distance: number; bankText: string };

const RANK: Record<Confidence, number> = { txid: 0, name: 1, "amount-date": 2 };

function businessCalendar(isBusinessDay: (isoDate: string) => boolean, maxBusinessDays: number) {
  const known = new Map<string, boolean>();
  const isOpen = (date: string) => {
    const cached = known.get(date);
    if (cached !== undefined) return cached;
    const open = isBusinessDay(date);
    known.set(date, open);
    return open;
  };
  const ends = new Map<string, string>();
  return {
    /** Business days after `from`, up to and including `to`. */
    between(from: string, to: string): number {
      let count = 0;
      for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isOpen(day)) count++;
      return count;
    },
    /** The last date at most maxBusinessDays business days after `paidOn`: the eve of the next one. */
    windowEnd(paidOn: string): string {
      const cached = ends.get(paidOn);
      if (cached) return cached;
      let day = paidOn;
      let seen = 0;
      for (let step = 0; step < maxBusinessDays + MAX_CALENDAR_WALK; step++) {
        const next = addDays(day, 1);
        if (isOpen(next) && ++seen > maxBusinessDays) break;
        day = next;
      }
      ends.set(paidOn, day);
      return day;
    },
  };
}

function prepare(input: MatchInput, windowEnd: (paidOn: string) => string) {
  const debits: Debit[] = [];
  for (const [order, entry] of input.entries.entries()) {
    if (entry.amountCents >= 0) continue;
    const fields = [words(entry.name), words(entry.memo)];
    debits.push({
      entry,
      order,
      cents: -entry.amountCents,
      fields,
      compactText: compact(`${entry.name} ${entry.memo}`),
    });
  }
  const byAmount = new Map<number, Payment[]>();
  for (const [order, payment] of input.payments.entries()) {
    // A payment that cannot be a debit (no amount, no date) is simply left unmatched.
    if (!(payment.amountCents > 0) || !isIsoDate(payment.sentOrPaidOn)) continue;
    const reference = compact(payment.reference);
    const prepared = {
      payment,
      order,
      name: nameWords(payment.payeeName),
      reference: reference.length >= MIN_REFERENCE ? reference : "",
      until: windowEnd(payment.sentOrPaidOn),
    };
    const sameAmount = byAmount.get(payment.amountCents);
    if (sameAmount) sameAmount.push(prepared);
    else byAmount.set(payment.amountCents, [prepared]);
  }
  return { debits, byAmount };
}

function inWindow(debit: Debit, payment: Payment): boolean {
  return debit.entry.postedOn >= payment.payment.sentOrPaidOn && debit.entry.postedOn <= payment.until;
}

function evidence(debit: Debit, payment: Payment): Pick<Pair, "confidence" | "bankText"> | null {
  const { name, memo } = debit.entry;
  if (payment.reference && debit.compactText.includes(payment.reference))
    return { confidence: "txid", bankText: memo || name };
  const field = debit.fields.findIndex((bankWords) => textNamesPayee(bankWords, payment.name));
  if (field === -1) return null;
  return { confidence: "name", bankText: (field === 0 ? name : memo).trim() };
}

function byStrength(a: Pair, b: Pair): number {
  return (
    RANK[a.confidence] - RANK[b.confidence] ||
    a.distance - b.distance ||
    a.debit.order - b.debit.order ||
    a.payment.order - b.payment.order
  );
}

function distance(debit: Debit, payment: Payment): number {
  return daysInPeriod(payment.payment.sentOrPaidOn, debit.entry.postedOn) - 1;
}

/** Pairs with a txid or a name, strongest first. */
function pairsWithEvidence(debits: Debit[], byAmount: Map<number, Payment[]>): Pair[] {
  const pairs: Pair[] = [];
  for (const debit of debits) {
    for (const payment of byAmount.get(debit.cents) ?? []) {
      if (!inWindow(debit, payment)) continue;
      const found = evidence(debit, payment);
      if (found) pairs.push({ debit, payment, ...found, distance: distance(debit, payment) });
    }
  }
  return pairs.sort(byStrength);
}

/** Pairs of what is left where neither side has another candidate. */
function unambiguousPairs(
  debits: Debit[],
  byAmount: Map<number, Payment[]>,
  taken: { debits: Set<Debit>; payments: Set<Payment> },
): Pair[] {
  const onlyPayment = new Map<Debit, Payment | null>();
  const candidatesOfPayment = new Map<Payment, number>();
  for (const debit of debits) {
    if (taken.debits.has(debit)) continue;
    for (const payment of byAmount.get(debit.cents) ?? []) {
      if (taken.payments.has(payment) || !inWindow(debit, payment)) continue;
      onlyPayment.set(debit, onlyPayment.has(debit) ? null : payment);
      candidatesOfPayment.set(payment, (candidatesOfPayment.get(payment) ?? 0) + 1);
    }
  }
  const pairs: Pair[] = [];
  for (const [debit, payment] of onlyPayment) {
    if (payment === null || candidatesOfPayment.get(payment) !== 1) continue;
    pairs.push({
      debit,
      payment,
      confidence: "amount-date",
      distance: distance(debit, payment),
      bankText: "",
    });
  }
  return pairs;
}

function reasonFor(pair: Pair, facts: ReasonFacts, maxBusinessDays: number): string {
  if (pair.confidence === "txid") return matchReasons.txid(pair.payment.payment.reference.trim(), facts);
  if (pair.confidence === "name")
    return matchReasons.name(pair.payment.payment.payeeName.trim(), pair.bankText, facts);
  return matchReasons.amountDate(maxBusinessDays, facts);
}

/**
 * Suggests which statement debit is which payment. Credits are not
 * considered; each debit and each payment appears in at most one suggestion.
 */
export function matchStatement(input: MatchInput): MatchResult {
  const maxBusinessDays = input.maxBusinessDays ?? DEFAULT_MAX_BUSINESS_DAYS;
  if (!Number.isInteger(maxBusinessDays) || maxBusinessDays < 0)
    throw new RangeError(`maxBusinessDays must be a whole number of days, got ${maxBusinessDays}`);
  const calendar = businessCalendar(input.isBusinessDay, maxBusinessDays);
  const { debits, byAmount } = prepare(input, (paidOn) => calendar.windowEnd(paidOn));
  const taken = { debits: new Set<Debit>(), payments: new Set<Payment>() };
  const chosen: Pair[] = [];
  const take = (pair: Pair) => {
    if (taken.debits.has(pair.debit) || taken.payments.has(pair.payment)) return;
    taken.debits.add(pair.debit);
    taken.payments.add(pair.payment);
    chosen.push(pair);
  };
  pairsWithEvidence(debits, byAmount).forEach(take);
  unambiguousPairs(debits, byAmount, taken).forEach(take);
  const suggestions = chosen.map((pair) => {
    const facts: ReasonFacts = {
      amountCents: pair.debit.cents,
      debitOn: pair.debit.entry.postedOn,
      paidOn: pair.payment.payment.sentOrPaidOn,
      businessDaysAfter: calendar.between(pair.payment.payment.sentOrPaidOn, pair.debit.entry.postedOn),
    };
    return {
      entryFitid: pair.debit.entry.fitid,
      paymentId: pair.payment.payment.id,
      confidence: pair.confidence,
      reason: reasonFor(pair, facts, maxBusinessDays),
    };
  });
  const matchedPayments = new Set(chosen.map((pair) => pair.payment.payment.id));
  return {
    suggestions,
    unmatchedEntries: debits.filter((debit) => !taken.debits.has(debit)).map((debit) => debit.entry.fitid),
    unmatchedPayments: input.payments.filter((payment) => !matchedPayments.has(payment.id)).map((p) => p.id),
  };
}
