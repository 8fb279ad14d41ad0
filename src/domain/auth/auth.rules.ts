import { authMessages, type Notice } from "../messages";
import { isAllowedEmailDomain } from "./email-domain";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./login.rules";
import { isMailbox } from "./mailbox";
import { checkPersonName } from "./person-name";

/*
 * The sign-up and sign-in rules as plain functions, without zod, so the login
 * page can run them without downloading a validation library.
 */

/** The sign-in rules live in login.rules.ts; the server reads both from here. */
export {
  checkLogin,
  type LoginFailure,
  type LoginInput,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "./login.rules";

export type RegisterInput = { name?: string; email?: string; password?: string; confirmPassword?: string };

export type RegisterField = "name" | "email" | "password" | "confirmPassword";
export type RegisterRule =
  | "REQUIRED_FIELDS"
  | "EMAIL_INVALID"
  | "DOMAIN_NOT_ALLOWED"
  | "PASSWORDS_DIFFER"
  | "PASSWORD_TOO_SHORT"
  | "PASSWORD_TOO_LONG"
  | "NAME_INVALID";
export type RegisterFailure = Notice & { rule: RegisterRule; fields: Partial<Record<RegisterField, string>> };

/**
 * The registration rules in the spec's order (§5): the first rule broken is the
 * only answer, on the form and on the server alike. Rule 2 also needs the
 * address to be one mailbox (docs/decisions/028). After the spec's four come
 * ours: the password's upper bound, then the one rule for a person's name
 * (person-name.ts), so a name that can register can also sign every request form.
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
  const missing = requiredFailure(values);
  if (missing) return missing;
  // The spec's rule 2 answers a text without an at-sign; one with an at-sign must first be one mailbox.
  // As typed: the mailbox rule itself says which blanks around it do not count.
  const email = input.email ?? "";
  if (email.includes("@") && !isMailbox(email)) {
    const m = authMessages.emailInvalid;
    return { ...m, rule: "EMAIL_INVALID", fields: { email: m.description } };
  }
  if (!isAllowedEmailDomain(email, allowedDomains)) {
    const m = authMessages.domainNotAllowed(allowedDomains);
    return { ...m, rule: "DOMAIN_NOT_ALLOWED", fields: { email: m.description } };
  }
  return passwordFailure(values) ?? nameFailure(values.name);
}

export type PasswordChoiceInput = { name?: string; password?: string; confirmPassword?: string };

/**
 * The page that finishes a confirmation opened on another browser: name,
 * password and confirmation, with the registration's rules and messages
 * (everything but the e-mail, which the link proves).
 */
export function checkPasswordChoice(input: PasswordChoiceInput): RegisterFailure | null {
  const values = {
    name: input.name?.trim() ?? "",
    password: input.password ?? "",
    confirmPassword: input.confirmPassword ?? "",
  };
  return requiredFailure(values) ?? passwordFailure(values) ?? nameFailure(values.name);
}

function requiredFailure<F extends string>(
  values: Partial<Record<F, string>>,
): (Notice & { rule: "REQUIRED_FIELDS"; fields: Partial<Record<F, string>> }) | null {
  const missing = (Object.keys(values) as F[]).filter((key) => values[key] === "");
  if (missing.length === 0) return null;
  const m = authMessages.requiredFields;
  return {
    ...m,
    rule: "REQUIRED_FIELDS",
    fields: Object.fromEntries(missing.map((key) => [key, m.description])) as Partial<Record<F, string>>,
  };
}

export type NewPasswordField = "currentPassword" | "password" | "confirmPassword";
export type NewPasswordFailure = Notice & {
  rule: "REQUIRED_FIELDS" | "PASSWORDS_DIFFER" | "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG";
  fields: Partial<Record<NewPasswordField, string>>;
};

/**
 * A new password chosen on 'Minha conta' (with the current one) or on the reset
 * page (without): the sign-up's password rules and messages, in the same order,
 * so one rule answers on every page and on the server (docs/decisions/050).
 */
export function checkNewPassword(input: {
  currentPassword?: string;
  password?: string;
  confirmPassword?: string;
}): NewPasswordFailure | null {
  const values = {
    ...(input.currentPassword === undefined ? {} : { currentPassword: input.currentPassword }),
    password: input.password ?? "",
    confirmPassword: input.confirmPassword ?? "",
  };
  return requiredFailure<NewPasswordField>(values) ?? passwordFailure(values);
}

function passwordFailure(values: { password: string; confirmPassword: string }) {
  if (values.password !== values.confirmPassword) {
    const m = authMessages.passwordsDiffer;
    return { ...m, rule: "PASSWORDS_DIFFER" as const, fields: { confirmPassword: m.description } };
  }
  if (values.password.length < MIN_PASSWORD_LENGTH) {
    const m = authMessages.passwordTooShort;
    return { ...m, rule: "PASSWORD_TOO_SHORT" as const, fields: { password: m.description } };
  }
  if (values.password.length > MAX_PASSWORD_LENGTH) {
    const m = authMessages.passwordTooLong;
    return { ...m, rule: "PASSWORD_TOO_LONG" as const, fields: { password: m.description } };
  }
  return null;
}

function nameFailure(name: string): RegisterFailure | null {
  const message = checkPersonName(name);
  if (!message) return null;
  return {
    ...authMessages.nameInvalid,
    description: message,
    rule: "NAME_INVALID",
    fields: { name: message },
  };
}
