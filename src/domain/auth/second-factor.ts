import { z } from "zod";

/*
 * The second factor (docs/decisions/054, 055, 056): an authenticator app (TOTP)
 * with ten single-use recovery codes, and passkeys. The HTTP contract, the
 * code rules both sides apply, and the Portuguese texts (ours: the spec has no
 * second factor).
 */

/** RFC 6238 as every authenticator app reads it by default: 6 digits every 30 s (docs/decisions/054). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** The error code of a 403 to a person who must enrol first: the SPA sends them to enrol. */
export const SECOND_FACTOR_REQUIRED = "SECOND_FACTOR_REQUIRED";

export const secondFactorMessages = {
  title: "Verificação em duas etapas",
  required: {
    title: "Verificação em duas etapas obrigatória",
    description:
      "Sua equipe exige a verificação em duas etapas. Ative um aplicativo autenticador ou uma chave de acesso para continuar.",
  },
  codeRequired: "Informe o código de 6 dígitos do aplicativo",
  codeFormat: "O código tem 6 dígitos",
  recoveryCodeRequired: "Informe um código de recuperação",
  recoveryCodeFormat: "O código de recuperação tem o formato XXXXX-XXXXX",
  codeWrong: {
    title: "Código incorreto",
    description: "Confira o código no aplicativo autenticador e tente de novo.",
  },
  recoveryCodeWrong: {
    title: "Código de recuperação inválido",
    description: "Este código não existe ou já foi usado. Cada código de recuperação vale uma vez.",
  },
  passwordRequired: "Informe sua senha",
  passwordWrong: {
    title: "Senha incorreta",
    description: "A senha informada não confere. Tente novamente.",
  },
  challengeExpired: {
    title: "Verificação expirada",
    description: "Passaram-se mais de 10 minutos ou houve tentativas demais. Entre de novo com seu email.",
  },
  tooManyAttempts: {
    title: "Muitas tentativas",
    description: "Foram muitos códigos incorretos. Entre de novo com seu email e tente outra vez.",
  },
  locked: {
    title: "Muitas tentativas",
    description:
      "Foram muitos códigos incorretos seguidos. A verificação desta conta fica bloqueada por 15 minutos.",
  },
  alreadyEnabled: {
    title: "Já ativada",
    description: "O aplicativo autenticador já está ativo nesta conta. Desative-o antes de cadastrar outro.",
  },
  notStarted: {
    title: "Cadastro não iniciado",
    description: "Comece de novo: leia o QR code e informe o código do aplicativo.",
  },
  notEnabled: {
    title: "Não ativada",
    description: "O aplicativo autenticador não está ativo nesta conta.",
  },
  stillRequired: {
    title: "Verificação obrigatória",
    description:
      "Sua equipe exige a verificação em duas etapas. Cadastre uma chave de acesso antes de desativar o aplicativo.",
  },
  enabled: {
    title: "Verificação em duas etapas ativada",
    description: "Guarde os códigos de recuperação num lugar seguro: eles aparecem só agora.",
  },
  disabled: { title: "Verificação em duas etapas desativada" },
  codesRenewed: {
    title: "Novos códigos gerados",
    description: "Os códigos anteriores deixaram de valer.",
  },
  failed: { title: "Erro na verificação em duas etapas" },
} as const;

/** What a person types: the 6 digits, spaces and dashes allowed ('123 456'). */
export function normalizeTotpCode(code: string): string {
  return code.replace(/[\s-]/g, "");
}

/** A recovery code as better-auth makes it (XXXXX-XXXXX, letters and digits); spaces around dropped. */
export function normalizeRecoveryCode(code: string): string {
  return code.trim();
}

/** The field message for a code that cannot be right, before anything is asked of the server. */
export function checkSecondFactorCode(code: string, method: SecondStepMethod): string | null {
  if (method === "recuperacao") {
    const value = normalizeRecoveryCode(code);
    if (!value) return secondFactorMessages.recoveryCodeRequired;
    return /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(value) ? null : secondFactorMessages.recoveryCodeFormat;
  }
  const value = normalizeTotpCode(code);
  if (!value) return secondFactorMessages.codeRequired;
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(value) ? null : secondFactorMessages.codeFormat;
}

/** The secret in base32, as an app asks for it when typed by hand, from the otpauth:// URI. */
export function totpSecretOf(totpUri: string): string {
  return new URL(totpUri).searchParams.get("secret") ?? "";
}

export const SECOND_STEP_METHODS = ["totp", "recuperacao"] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

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
