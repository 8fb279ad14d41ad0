import { z } from "zod";
import { checkLogin, checkNewPassword } from "./auth.rules";

/*
 * The HTTP contract of a person's own security on 'Minha conta' and of
 * 'Esqueci minha senha' (docs/decisions/050, 051). The bodies take any text, as
 * the sign-up's do: the password rules are `checkNewPassword`'s, so the server
 * answers with the sign-up's messages, not zod's.
 */

export const ChangePasswordInputSchema = z.object({
  currentPassword: z.string().default(""),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
  /** 'Sair dos outros dispositivos': every other session ends; this one stays (checked by default). */
  signOutOthers: z.boolean().default(true),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** The form's check, before anything is sent: the same rule, its messages under the fields. */
export const ChangePasswordFormSchema = ChangePasswordInputSchema.superRefine(newPasswordIssues);

export const ChangePasswordResultSchema = z.object({ signedOutOthers: z.boolean() });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResultSchema>;

/** Whether the account has a password to change (an account may sign in by links only). */
export const PasswordStatusSchema = z.object({ hasPassword: z.boolean() });
export type PasswordStatus = z.infer<typeof PasswordStatusSchema>;

export const RequestPasswordResetInputSchema = z.object({ email: z.string().default("") });
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetInputSchema>;

/** The page's check: the magic link's e-mail rule (required, one mailbox), as the server applies it. */
export const RequestPasswordResetFormSchema = RequestPasswordResetInputSchema.superRefine((values, ctx) => {
  const failure = checkLogin(values, "magic-link");
  if (failure?.fields.email) ctx.addIssue({ code: "custom", path: ["email"], message: failure.fields.email });
});

/** The reset page's link carries its token in the query, which the request log redacts. */
export const PasswordResetTokenQuerySchema = z.object({ token: z.string().max(200).default("") });

/** Whose password a valid reset link sets, shown on the page before anything is typed. */
export const PasswordResetLinkSchema = z.object({ email: z.string() });
export type PasswordResetLink = z.infer<typeof PasswordResetLinkSchema>;

export const ResetPasswordInputSchema = z.object({
  token: z.string().max(200).default(""),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const ResetPasswordFormSchema = ResetPasswordInputSchema.omit({ token: true }).superRefine(
  newPasswordIssues,
);

export const ResetPasswordResultSchema = z.object({ email: z.string() });
export type ResetPasswordResult = z.infer<typeof ResetPasswordResultSchema>;

/** One active session of the signed-in person: never its token, only an id to end it by. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  /** 'Windows · Computador', 'iOS · Celular', or 'Dispositivo desconhecido'. */
  device: z.string(),
  /** 'Chrome 131', or 'Navegador desconhecido'. */
  browser: z.string(),
  ip: z.string().nullable(),
  /** When the session began (sign-in). */
  createdAt: z.string(),
  /** When the server last touched it: the sign-in or its daily renewal (docs/decisions/051). */
  lastUsedAt: z.string(),
  /** The session this very request came with ('Este dispositivo'). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.object({ sessions: z.array(AccountSessionSchema) });
export type AccountSessionList = z.infer<typeof AccountSessionListSchema>;

export const AccountSessionParamsSchema = z.object({ id: z.string().min(1).max(200) });

function newPasswordIssues(
  values: { currentPassword?: string; password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
) {
  const failure = checkNewPassword(values);
  if (!failure) return;
  for (const [field, message] of Object.entries(failure.fields)) {
    if (message) ctx.addIssue({ code: "custom", path: [field], message });
  }
}
