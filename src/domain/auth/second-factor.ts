import { z } from "zod";
import { SECOND_STEP_METHODS } from "./second-factor-rules";

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

export const TotpCodeInputSchema = z.object({ code: z.string().max(50).default("") });
export type TotpCodeInput = z.infer<typeof TotpCodeInputSchema>;

/** The ten recovery codes, shown once: after enrolment or when renewed. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Switching the app off: the password, or for an account without one a current code. */
export const DisableTotpInputSchema = z.object({
  password: z.string().max(200).default(""),
  code: z.string().max(50).default(""),
});
export type DisableTotpInput = z.infer<typeof DisableTotpInputSchema>;

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
