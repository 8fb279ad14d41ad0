import { z } from "zod";
import { authMessages, type Notice } from "../messages";
import { isAllowedEmailDomain } from "./email-domain";

export const MIN_PASSWORD_LENGTH = 6;

export const RegisterInputSchema = z.object({
  name: z.string().default(""),
  email: z.string().default(""),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

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

export const LoginInputSchema = z.object({
  email: z.string().default(""),
  password: z.string().default(""),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

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

export const MagicLinkInputSchema = z.object({ email: z.string().default("") });

export const UserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type User = z.infer<typeof UserSchema>;

/** What the signed-in user may see; computed by the server from the allow-lists (spec §6). */
export const AccessSchema = z.object({ vagas: z.boolean(), planejamento: z.boolean() });
export type Access = z.infer<typeof AccessSchema>;

export const MeSchema = z.object({ user: UserSchema, access: AccessSchema });
export type Me = z.infer<typeof MeSchema>;

/** Public settings the sign-up form needs before anyone is signed in. */
export const PublicConfigSchema = z.object({
  allowedEmailDomains: z.array(z.string()),
  requireEmailVerification: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const RegisterResultSchema = z.object({ user: UserSchema, requiresEmailVerification: z.boolean() });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** Error body of every API answer that is not 2xx. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  description: z.string().optional(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
