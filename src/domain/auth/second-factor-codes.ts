/*
 * The error codes of the second factor's refusals (docs/decisions/055), apart from its texts
 * (second-factor-rules.ts): every signed-in page's download reads these two, and only the pages
 * that enrol or ask for a code read the texts (docs/decisions/025).
 */

/** The error code of a 403 to a person who must enrol first: the SPA sends them to enrol. */
export const SECOND_FACTOR_REQUIRED = "SECOND_FACTOR_REQUIRED";
/** The error code of a 403 to a person whose factor is a passkey and who signed in without it. */
export const PASSKEY_REQUIRED = "PASSKEY_REQUIRED";
/** The error code of a 403 to a person with the app whose session began without its code. */
export const SECOND_FACTOR_SIGN_IN_REQUIRED = "SECOND_FACTOR_SIGN_IN_REQUIRED";

/** The codes of every refusal that means "this session owes a second factor": `me` says which. */
export const SECOND_FACTOR_OWED_CODES: readonly string[] = [
  SECOND_FACTOR_REQUIRED,
  PASSKEY_REQUIRED,
  SECOND_FACTOR_SIGN_IN_REQUIRED,
];

/** Whether a session owes a second factor before it may see anything of the portal (decision 055). */
export function secondFactorOwed(gate: { pending: boolean; passkeyNeeded: boolean; codeNeeded: boolean }) {
  return gate.pending || gate.passkeyNeeded || gate.codeNeeded;
}
