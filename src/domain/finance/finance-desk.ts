import { isRequestKind, type RequestKind, requestKind } from "../requests/kinds";
import { txidForRequest } from "./br-code";

/*
 * Paying through the bank (docs/decisions/059) is the business of those who pay: the members of a
 * team that handles a paid kind (Financeiro, and whichever team an administrator gives such a kind).
 */

type Member = { readonly teams: readonly { readonly kinds: readonly string[] }[] };

/** The paid kinds the person's teams handle. */
export function paidKindsOf(person: Member): RequestKind[] {
  const kinds = new Set(person.teams.flatMap((team) => team.kinds));
  return [...kinds].filter((k): k is RequestKind => isRequestKind(k) && Boolean(requestKind(k).payment));
}

export function paysRequests(person: Member): boolean {
  return paidKindsOf(person).length > 0;
}

/**
 * A payment's 'seu número' in the bank's files (at most 20 characters, CNAB 240's field): the
 * start of the request's PIX txid, so the statement's memo names the request either way.
 */
export function paymentReference(requestId: string): string {
  return txidForRequest(requestId).slice(0, 20);
}
