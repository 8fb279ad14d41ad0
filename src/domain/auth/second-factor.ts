import { z } from "zod";
import { checkSecondFactorCode, SECOND_STEP_METHODS, secondFactorMessages } from "./second-factor-rules";

/*
 * The HTTP contract of the second factor (docs/decisions/054, 055, 056): an authenticator app
 * (TOTP) with ten single-use recovery codes, and passkeys. Rules and texts: second-factor-rules.ts.
 */

/** One passkey of the signed-in person, never its key material. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** `GET /api/me/segundo-fator`: what the person has, and whether their teams require it. */
export const SecondFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  hasPassword: z.boolean(),
  /** Administrators and the members of a team that requires it (docs/decisions/055). */
  required: z.boolean(),
  passkeys: z.array(PasskeySchema),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** The account's password, when it has one (an account that signs in by links has none). */
export const PasswordConfirmationSchema = z.object({ password: z.string().max(200).default("") });
export type PasswordConfirmation = z.infer<typeof PasswordConfirmationSchema>;

/** The app's enrolment: the otpauth:// URI for the QR code, and its secret to type by hand. */
export const TotpEnrolmentSchema = z.object({ totpUri: z.string(), secret: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/**
 * The app's code as a person types it ('123 456'): checkSecondFactorCode's rule and message, here
 * for the forms of 'Minha conta' and the routes (the rule itself stays without zod for /login's
 * second step: docs/decisions/025).
 */
export const TotpCodeSchema = z
  .string()
  .max(50, secondFactorMessages.codeFormat)
  .superRefine((code, ctx) => {
    const problem = checkSecondFactorCode(code, "totp");
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Confirming the app: a missing code is checked as an empty one ('Informe o código…'). */
export const TotpCodeInputSchema = z.object({ code: TotpCodeSchema.prefault("") });
export type TotpCodeInput = z.infer<typeof TotpCodeInputSchema>;

/** The password of an account that has one: required, as the server's `passwordGiven` says. */
const givenPassword = z.string().min(1, secondFactorMessages.passwordRequired).max(200);

/** What 'Minha conta' asks before a change to the app: the password, when the account has one. */
export const passwordConfirmationFormSchema = (hasPassword: boolean) =>
  hasPassword ? PasswordConfirmationSchema.extend({ password: givenPassword }) : PasswordConfirmationSchema;

/** The ten recovery codes, shown once: after enrolment or when renewed. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Switching the app off: the password, or for an account without one a current code. */
export const DisableTotpInputSchema = z.object({
  password: z.string().max(200).default(""),
  code: z.string().max(50).default(""),
});
export type DisableTotpInput = z.infer<typeof DisableTotpInputSchema>;

/** 'Desativar' as the server checks it: the account's password, or for one without it a current code. */
export const disableTotpFormSchema = (hasPassword: boolean) =>
  hasPassword
    ? DisableTotpInputSchema.extend({ password: givenPassword })
    : DisableTotpInputSchema.extend({ code: TotpCodeSchema });

/** The second step of /login: the app's code or a recovery code. */
export const SecondStepInputSchema = z.object({
  code: z.string().max(50).default(""),
  method: z.enum(SECOND_STEP_METHODS).default("totp"),
});
export type SecondStepInput = z.infer<typeof SecondStepInputSchema>;

export const PasskeyParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The WebAuthn options better-auth makes, passed to the browser's authenticator as they are. */
export const PasskeyOptionsSchema = z.record(z.string(), z.unknown());
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

/** What the authenticator answered (WebAuthn's JSON), checked by better-auth's passkey plugin. */
const webAuthnAnswer = z.record(z.string(), z.unknown()).default({});

export const RegisterPasskeyInputSchema = z.object({
  response: webAuthnAnswer,
  /** How the list shows it ('Notebook', 'Celular'); empty: 'Chave de acesso'. */
  name: z.string().trim().max(60).default(""),
});
export type RegisterPasskeyInput = z.infer<typeof RegisterPasskeyInputSchema>;

export const PasskeySignInInputSchema = z.object({ response: webAuthnAnswer });
export type PasskeySignInInput = z.infer<typeof PasskeySignInInputSchema>;
