/**
 * The name kept for a user (spec §3): the name given at sign-up, else the part
 * of the e-mail before the at-sign, else an empty string.
 */
export function defaultUserName(
  givenName: string | null | undefined,
  email: string | null | undefined,
): string {
  const name = givenName?.trim();
  if (name) return name;
  const at = email?.indexOf("@") ?? -1;
  if (email && at > 0) return email.slice(0, at);
  return "";
}

/** What the top bar shows (spec §2): the first name, or 'Usuário' when there is none. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || "Usuário";
}
