import { authMessages, type Notice } from "../messages";
import { isAllowedEmailDomain } from "./email-domain";

/*
 * The sign-up and sign-in rules as plain functions, without zod, so the login
 * page can run them without downloading a validation library.
 */

export const MIN_PASSWORD_LENGTH = 6;

export type RegisterInput = { name?: string; email?: string; password?: string; confirmPassword?: string };

export type RegisterField = "name" | "email" | "password" | "confirmPassword";
export type RegisterRule =
  | "REQUIRED_FIELDS"
  | "DOMAIN_NOT_ALLOWED"
  | "PASSWORDS_DIFFER"
  | "PASSWORD_TOO_SHORT";
export type RegisterFailure = Notice & { rule: RegisterRule; fields: Partial<Record<RegisterField, string>> };

/**
 * The registration rules in the spec's order (§5): the first rule broken is the
 * only answer, on the form and on the server alike.
 */
export function checkRegistration(
  input: RegisterInput,
  allowedDomains: readonly string[],
): RegisterFailure | null {
  const values = {
    name: input.name?.trim() ?? "",
    email: input.email?.trim() ?? "",
    password: input.password ?? "",
    confirmPassword: input.confirmPassword ?? "",
  };
  const missing = (Object.keys(values) as RegisterField[]).filter((key) => values[key] === "");
  if (missing.length > 0) {
    const m = authMessages.requiredFields;
    return {
      ...m,
      rule: "REQUIRED_FIELDS",
      fields: Object.fromEntries(missing.map((key) => [key, m.description])),
    };
  }
  if (!isAllowedEmailDomain(values.email, allowedDomains)) {
    const m = authMessages.domainNotAllowed(allowedDomains);
    return { ...m, rule: "DOMAIN_NOT_ALLOWED", fields: { email: m.description } };
  }
  if (values.password !== values.confirmPassword) {
    const m = authMessages.passwordsDiffer;
    return { ...m, rule: "PASSWORDS_DIFFER", fields: { confirmPassword: m.description } };
  }
  if (values.password.length < MIN_PASSWORD_LENGTH) {
    const m = authMessages.passwordTooShort;
    return { ...m, rule: "PASSWORD_TOO_SHORT", fields: { password: m.description } };
  }
  return null;
}

export type LoginInput = { email?: string; password?: string };

export type LoginFailure = Notice & { fields: Partial<Record<"email" | "password", string>> };

/** Spec §5 Login: e-mail first, then the password (password mode only). */
export function checkLogin(input: LoginInput, mode: "password" | "magic-link"): LoginFailure | null {
  if (!input.email?.trim()) {
    const m = authMessages.emailRequired;
    return { ...m, fields: { email: m.description } };
  }
  if (mode === "password" && !input.password) {
    const m = authMessages.passwordRequired;
    return { ...m, fields: { password: m.description } };
  }
  return null;
}
