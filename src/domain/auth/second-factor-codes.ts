/*
 * The error codes of the second factor's refusals (docs/decisions/055), apart from its texts
 * (second-factor-rules.ts): every signed-in page's download reads these two, and only the pages
 * that enrol or ask for a code read the texts (docs/decisions/025).
 */

/** The error code of a 403 to a person who must enrol first: the SPA sends them to enrol. */
export const SECOND_FACTOR_REQUIRED = "SECOND_FACTOR_REQUIRED";
/** The error code of a 403 to a person whose factor is a passkey and who signed in without it. */
export const PASSKEY_REQUIRED = "PASSKEY_REQUIRED";
