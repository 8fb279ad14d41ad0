import { z } from "zod";
import { checkPasswordChoice } from "./auth.rules";
import { checkPersonName } from "./person-name";
import { SsoProviderSchema } from "./sso";

export const RegisterInputSchema = z.object({
  name: z.string().default(""),
  email: z.string().default(""),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});

export const LoginInputSchema = z.object({
  email: z.string().default(""),
  password: z.string().default(""),
});

export const MagicLinkInputSchema = z.object({
  email: z.string().default(""),
  /** Where the link lands once signed in: a request's page (decision 011), else /. See return-path.ts. */
  returnTo: z.string().max(200).optional(),
});

/**
 * The person's click on the page an e-mailed sign-in link opens (`/link-de-acesso`): only this POST
 * spends the link, so a mail scanner's GET of it changes nothing.
 */
export const MagicLinkVerifyInputSchema = z.object({
  token: z.string().max(200).default(""),
  /** The page the link was asked from (decision 011); see return-path.ts. */
  next: z.string().max(200).optional(),
});
export type MagicLinkVerifyInput = z.infer<typeof MagicLinkVerifyInputSchema>;
export const MagicLinkVerifyResultSchema = z.object({
  /** Where the browser goes now: the page asked for, or /login's second step for an account with the app. */
  to: z.string(),
});
export type MagicLinkVerifyResult = z.infer<typeof MagicLinkVerifyResultSchema>;

/** The one-click confirmation, in the browser that registered (it holds the sign-up's cookie). */
export const ConfirmInThisBrowserInputSchema = z.object({ token: z.string().max(200).default("") });

export const ResendConfirmationInputSchema = z.object({ email: z.string().default("") });

/** The e-mailed confirmation link and the set-password page carry the token. */
export const ConfirmationTokenQuerySchema = z.object({ token: z.string().max(200).default("") });

/**
 * Whose sign-up a confirmation link is for, shown on the confirmation page; `sameBrowser`: this is
 * the browser that registered, which confirms with one click and keeps the password chosen then.
 */
export const PendingConfirmationSchema = z.object({
  email: z.string(),
  name: z.string(),
  sameBrowser: z.boolean(),
});
export type PendingConfirmation = z.infer<typeof PendingConfirmationSchema>;

export const ConfirmWithPasswordInputSchema = z.object({
  token: z.string().max(200).default(""),
  name: z.string().default(""),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});
export type ConfirmWithPasswordInput = z.infer<typeof ConfirmWithPasswordInputSchema>;

/**
 * The confirmation page's check before anything is sent: `checkPasswordChoice`,
 * the rule the server applies, with its messages under the fields it names.
 */
export const ConfirmWithPasswordFormSchema = ConfirmWithPasswordInputSchema.omit({ token: true }).superRefine(
  (values, ctx) => {
    const failure = checkPasswordChoice(values);
    for (const [field, message] of Object.entries(failure?.fields ?? {})) {
      if (message) ctx.addIssue({ code: "custom", path: [field], message });
    }
  },
);

export const ConfirmWithPasswordResultSchema = z.object({ email: z.string() });

/** 'Minha conta': the new name (checked with the one name rule, domain/auth/person-name.ts). */
export const UpdateNameInputSchema = z.object({ name: z.string().max(1000).default("") });

/** 'Seus dados''s check before anything is sent: checkPersonName, as the server applies it; the name sent trimmed. */
export const UpdateNameFormSchema = z.object({
  name: z
    .string()
    .superRefine((name, ctx) => {
      const message = checkPersonName(name);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .transform((name) => name.trim()),
});

export const UserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type User = z.infer<typeof UserSchema>;

/** What the signed-in user may see; computed by the server from the allow-lists (spec §6). */
export const AccessSchema = z.object({
  vagas: z.boolean(),
  planejamento: z.boolean(),
  /** 'Caixa de entrada': a member of a team that handles requests (decision 011). */
  caixa: z.boolean(),
  /** 'Equipes e permissões': an administrator (ADMIN_EMAILS). */
  admin: z.boolean(),
  /** RH ('Feriados', the balances): a member of a team that handles 'Ausência', or an administrator (docs/decisions/060). */
  rh: z.boolean(),
});
export type Access = z.infer<typeof AccessSchema>;

/**
 * The second factor as the gate sees this session (docs/decisions/055): `pending` means the
 * person must enrol before anything else; the server answers 403 SECOND_FACTOR_REQUIRED meanwhile.
 */
export const SecondFactorGateSchema = z.object({
  required: z.boolean(),
  enrolled: z.boolean(),
  pending: z.boolean(),
  /** Their factor is a passkey, and this session began without it: 403 `PASSKEY_REQUIRED` until it does. */
  passkeyNeeded: z.boolean(),
  /**
   * They have the authenticator app, and this session began without its code (it was opened before
   * the app was enrolled, or before they had to have it): 403 `SECOND_FACTOR_SIGN_IN_REQUIRED`
   * until they sign in again with it.
   */
  codeNeeded: z.boolean(),
});
export type SecondFactorGate = z.infer<typeof SecondFactorGateSchema>;

export const MeSchema = z.object({
  user: UserSchema,
  access: AccessSchema,
  secondFactor: SecondFactorGateSchema,
});
export type Me = z.infer<typeof MeSchema>;

/** Public settings the sign-up form needs before anyone is signed in. */
export const PublicConfigSchema = z.object({
  allowedEmailDomains: z.array(z.string()),
  requireEmailVerification: z.boolean(),
  /** The identity providers configured, each a button on /login and /register (docs/decisions/052). */
  sso: z.array(SsoProviderSchema),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const RegisterResultSchema = z.object({ user: UserSchema, requiresEmailVerification: z.boolean() });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/**
 * `POST /api/login`: the signed-in user (the session is the cookie), or, for an account with an
 * authenticator app, `secondStep`: the code is asked next (a short-lived cookie holds the step).
 */
export const LoginResultSchema = z.union([
  z.object({ user: UserSchema }),
  z.object({ secondStep: z.literal(true) }),
]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** An answer that only says it was done (the same whether or not anything was there to do). */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

export type ConfirmWithPasswordResult = z.infer<typeof ConfirmWithPasswordResultSchema>;

/** Error body of every API answer that is not 2xx. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  description: z.string().optional(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A request's state now, when a move was refused because it changed (409 STATE_CONFLICT). */
  status: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
