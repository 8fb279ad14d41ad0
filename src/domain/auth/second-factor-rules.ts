/*
 * The second factor's rules and Portuguese texts (docs/decisions/054, 055, 056; ours: the spec
 * has none), without zod: /login's second step reads them within its download budget
 * (docs/decisions/025). The HTTP contract is second-factor.ts.
 */

/** RFC 6238 as every authenticator app reads it by default: 6 digits every 30 s (docs/decisions/054). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const secondFactorMessages = {
  title: "Verificação em duas etapas",
  required: {
    title: "Verificação em duas etapas obrigatória",
    description:
      "A verificação em duas etapas é obrigatória para a sua função ou equipe. Ative um aplicativo autenticador ou uma chave de acesso para continuar.",
  },
  signInAgain: {
    title: "Entre novamente com o código",
    description:
      "A verificação em duas etapas é obrigatória para a sua função ou equipe, e esta sessão começou sem ela: entre novamente com a senha e o código do aplicativo autenticador.",
  },
  passkeyNotVerified: {
    title: "Chave de acesso sem verificação",
    description:
      "Este dispositivo não pediu PIN, impressão digital nem reconhecimento facial. Configure um bloqueio de tela (PIN ou biometria) e tente de novo, ou use outro dispositivo.",
  },
  passkeyRequired: {
    title: "Entre com a sua chave de acesso",
    description:
      "A verificação em duas etapas é obrigatória para a sua função ou equipe, e a sua é uma chave de acesso: use-a para continuar.",
  },
  codeRequired: "Informe o código de 6 dígitos do aplicativo",
  codeFormat: "O código tem 6 dígitos",
  recoveryCodeRequired: "Informe um código de recuperação",
  recoveryCodeFormat: "O código de recuperação tem o formato XXXXX-XXXXX",
  codeWrong: {
    title: "Código incorreto",
    description: "Confira o código no aplicativo autenticador e tente de novo.",
  },
  codeUsed: {
    title: "Código já usado",
    description: "Este código já serviu para entrar. Espere o próximo código do aplicativo.",
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
      "A verificação em duas etapas é obrigatória para a sua função ou equipe. Cadastre uma chave de acesso antes de desativar o aplicativo.",
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
  passkeyDefaultName: "Chave de acesso",
  passkeyAdded: { title: "Chave de acesso cadastrada" },
  passkeyRemoved: { title: "Chave de acesso removida" },
  passkeyFailed: { title: "Erro na chave de acesso" },
  passkeyRefused: {
    title: "Chave de acesso não aceita",
    description:
      "A chave não foi reconhecida ou não confirmou quem é você (PIN ou biometria). Tente de novo.",
  },
  passkeyNotFresh: {
    title: "Entre de novo",
    description: "Por segurança, cadastrar uma chave de acesso pede um login feito há menos de um dia.",
  },
  passkeyExpired: {
    title: "Tempo esgotado",
    description: "O pedido da chave de acesso expirou. Tente de novo.",
  },
  passkeyCancelled: {
    title: "Chave de acesso cancelada",
    description: "O navegador não usou nenhuma chave. Tente de novo ou use outro método.",
  },
  passkeyLast: {
    title: "Verificação obrigatória",
    description:
      "A verificação em duas etapas é obrigatória para a sua função ou equipe, e esta é a sua única forma de verificação. Ative outra antes de removê-la.",
  },
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
