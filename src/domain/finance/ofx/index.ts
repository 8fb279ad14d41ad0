/*
 * 'Conciliar extrato': read a bank's OFX statement and suggest which debit is
 * which payment. Pure: the upload route and the page both use it.
 */

export {
  type Confidence,
  DEFAULT_MAX_BUSINESS_DAYS,
  type MatchInput,
  type MatchResult,
  type MatchSuggestion,
  matchStatement,
  type PaymentToMatch,
} from "./match";
export { matchReasons, ofxMessages } from "./messages";
export { type OfxAccount, type OfxEntry, type OfxStatement, type ReadOfxResult, readOfx } from "./read-ofx";
export { MAX_DEPTH, MAX_ENTRIES } from "./tags";
