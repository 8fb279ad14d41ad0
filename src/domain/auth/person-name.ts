/*
 * One rule for a person's name, wherever one is typed or reused: sign-up, the
 * set-password page of a confirmation, 'Minha conta', and the request forms
 * that prefill it (reimbursement, material, support, training grant). A name a
 * user can register is a name every form accepts.
 *
 * Plain functions without zod, so /register and /login stay small; the request
 * schemas wrap the same rule in a zod field (requests/fields.ts).
 */

export const PERSON_NAME_MIN = 3;
/** Ours: the spec sets no upper bound. */
export const PERSON_NAME_MAX = 100;

export const personNameMessages = {
  /** Spec §5 Reimbursement, Material, Support. */
  tooShort: "Nome deve ter pelo menos 3 caracteres",
  // ours: the spec sets no upper bound and says nothing of invisible characters.
  tooLong: `Nome deve ter no máximo ${PERSON_NAME_MAX} caracteres`,
  invalid: "Nome contém caracteres inválidos",
} as const;

export type PersonNameProblem = keyof typeof personNameMessages;

/*
 * Control characters (C0, DEL, C1: line breaks, tabs, escapes) and the bidi
 * embeddings, overrides and isolates, which would let a name reorder the text
 * around it in the top bar, a listing or a webhook.
 */
const FORBIDDEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Characters as people count them (code points), not UTF-16 units. */
const length = (text: string) => [...text].length;

/** What is wrong with `raw` as a person's name, or null when it is fine. Checks the trimmed text. */
export function personNameProblem(raw: string | null | undefined): PersonNameProblem | null {
  const name = (raw ?? "").trim();
  if (FORBIDDEN.test(name)) return "invalid";
  if (length(name) < PERSON_NAME_MIN) return "tooShort";
  if (length(name) > PERSON_NAME_MAX) return "tooLong";
  return null;
}

/** The message for `raw`, or null when it is a valid name. */
export function checkPersonName(raw: string | null | undefined): string | null {
  const problem = personNameProblem(raw);
  return problem ? personNameMessages[problem] : null;
}

/** The form the name is stored in: trimmed. */
export function normalizePersonName(raw: string): string {
  return raw.trim();
}
