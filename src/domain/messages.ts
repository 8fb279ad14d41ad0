/**
 * Every Portuguese text the server sends, in one place, so the API and the
 * React app say the same words. Texts come from the spec (§5, §8) to the letter;
 * the few the spec does not give are marked "ours".
 */
export type Notice = { title: string; description?: string };

export const authMessages = {
  emailRequired: { title: "Email obrigatório", description: "Por favor, informe seu email para continuar." },
  passwordRequired: {
    title: "Senha obrigatória",
    description: "Por favor, informe sua senha para continuar.",
  },
  userNotFound: {
    title: "Usuário não encontrado",
    description: "Este email não está cadastrado. Por favor, cadastre-se primeiro.",
  },
  /** Ours (docs/decisions/048): every way of signing in, for an account an administrator switched off. */
  accountDeactivated: {
    title: "Conta desativada. Fale com o administrador.",
  },
  invalidCredentials: {
    title: "Credenciais inválidas",
    description: "Email ou senha incorretos. Por favor, tente novamente.",
  },
  emailNotConfirmed: {
    title: "Email não confirmado",
    description: "Por favor, confirme seu email antes de fazer login.",
  },
  loginFailed: {
    title: "Erro ao fazer login",
    description: "Ocorreu um erro durante o login. Tente novamente.",
  },
  magicLinkSent: { title: "Link de acesso enviado!", description: "Verifique seu e-mail para fazer login." },
  magicLinkFailed: { title: "Erro ao enviar link mágico" },
  // ours: the SMTP server did not take the magic-link e-mail.
  magicLinkNotSent: {
    title: "Erro ao enviar link mágico",
    description: "Não foi possível enviar o email agora. Tente novamente em alguns minutos.",
  },
  requiredFields: { title: "Campos obrigatórios", description: "Por favor, preencha todos os campos." },
  // ours: the text is not one mailbox local@domain (docs/decisions/028).
  emailInvalid: {
    title: "Email inválido",
    description:
      "Informe um único endereço de email, no formato nome@empresa.com.br, sem espaços nem acentos.",
  },
  domainNotAllowed: (domains: readonly string[]) => ({
    title: "Domínio não permitido",
    description: `Apenas emails com domínios ${domains.map((d) => `@${d}`).join(" e ")} são permitidos.`,
  }),
  passwordsDiffer: { title: "Senhas não conferem", description: "As senhas informadas não são iguais." },
  passwordTooShort: { title: "Senha muito curta", description: "A senha deve ter pelo menos 6 caracteres." },
  // ours: better-auth refuses longer passwords at sign-in.
  passwordTooLong: { title: "Senha muito longa", description: "A senha deve ter no máximo 128 caracteres." },
  // ours: the title of a name the one name rule refuses (domain/auth/person-name.ts gives the description).
  nameInvalid: { title: "Nome inválido" },
  emailTaken: {
    title: "Email já cadastrado",
    description: "Este email já está em uso. Por favor, tente fazer login.",
  },
  registered: { title: "Cadastro realizado com sucesso!", description: "Você já pode acessar a plataforma." },
  // ours: the spec's success text assumes no confirmation step.
  registeredConfirm: {
    title: "Cadastro realizado com sucesso!",
    description: "Enviamos um link de confirmação para o seu email. Confirme-o para acessar a plataforma.",
  },
  registerFailed: { title: "Erro ao cadastrar" },
  // ours: the confirmation e-mail could not be sent, so the sign-up was undone.
  confirmationNotSent: {
    title: "Erro ao cadastrar",
    description: "Não foi possível enviar o email de confirmação. Tente novamente em alguns minutos.",
  },
  logoutFailed: { title: "Erro ao fazer logout" },
  // ours: results of following an e-mailed link.
  emailConfirmed: { title: "Email confirmado!", description: "Agora é só entrar com seu email e senha." },
  linkInvalid: {
    title: "Link inválido ou expirado",
    description: "Solicite um novo link e tente novamente.",
  },
  // ours: 'Reenviar e-mail de confirmação' on /login (after 'Email não confirmado').
  confirmationResent: {
    title: "Email de confirmação reenviado!",
    description: "Verifique sua caixa de entrada e clique no novo link para confirmar seu email.",
  },
  resendFailed: { title: "Erro ao reenviar email" },
  // ours: the SMTP server did not take the new confirmation e-mail.
  confirmationNotResent: {
    title: "Erro ao reenviar email",
    description: "Não foi possível enviar o email agora. Tente novamente em alguns minutos.",
  },
  // ours: the set-password page that finishes a confirmation opened on another browser.
  passwordChoiceFailed: { title: "Erro ao confirmar email" },
} as const satisfies Record<string, Notice | ((...args: never[]) => Notice)>;

// ours: the 'Minha conta' page (the spec has no account page).
export const accountMessages = {
  nameUpdated: { title: "Nome atualizado!", description: "Seu novo nome já aparece no portal." },
  nameUpdateFailed: { title: "Erro ao atualizar nome" },
  signedOutEverywhere: {
    title: "Sessões encerradas",
    description: "Você saiu de todas as sessões. Entre novamente para continuar.",
  },
  signOutEverywhereFailed: { title: "Erro ao sair de todas as sessões" },
} as const satisfies Record<string, Notice | ((...args: never[]) => Notice)>;

// ours: changing and resetting a password, and the sessions list of 'Minha conta' (docs/decisions/050, 051).
export const passwordMessages = {
  changed: { title: "Senha alterada!", description: "Use a nova senha no próximo login." },
  changedSignedOut: {
    title: "Senha alterada!",
    description: "Use a nova senha no próximo login. Os outros dispositivos foram desconectados.",
  },
  changeFailed: { title: "Erro ao alterar senha" },
  currentPasswordWrong: {
    title: "Senha atual incorreta",
    description: "A senha atual informada não confere. Tente novamente.",
  },
  noPassword: {
    title: "Conta sem senha",
    description: "Esta conta não tem senha. Use 'Esqueci minha senha' no login para criar uma.",
  },
  // The same answer whether or not the address has an account.
  resetRequested: {
    title: "Verifique seu email",
    description:
      "Se houver uma conta com este email, enviamos um link para redefinir a senha. O link vale por 30 minutos.",
  },
  resetRequestFailed: { title: "Erro ao enviar link" },
  resetDone: {
    title: "Senha redefinida!",
    description: "Todas as sessões da conta foram encerradas. Entre com a nova senha.",
  },
  resetFailed: { title: "Erro ao redefinir senha" },
  resetLinkInvalid: {
    title: "Link inválido ou expirado",
    description:
      "Este link de redefinição já foi usado, expirou ou foi substituído por um mais novo. Peça um novo link.",
  },
  sessionEnded: { title: "Sessão encerrada", description: "O dispositivo precisará entrar de novo." },
  sessionEndFailed: { title: "Erro ao encerrar sessão" },
  sessionNotFound: {
    title: "Sessão não encontrada",
    description: "Esta sessão já foi encerrada. Atualize a lista.",
  },
  currentSession: {
    title: "Esta é a sessão atual",
    description: "Para sair deste dispositivo, use 'Sair' no menu.",
  },
} as const satisfies Record<string, Notice>;

// ours: a person's writes past their rate (docs/decisions/031); the spec names no texts for them.
const waitAndRetry = (minutes: number) =>
  `Aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"} e tente de novo.`;
export const writeThrottleMessages = {
  title: "Muitos envios",
  comment: (minutes: number) => `Você enviou muitos comentários em pouco tempo. ${waitAndRetry(minutes)}`,
  request: (minutes: number) => `Você enviou muitas solicitações em pouco tempo. ${waitAndRetry(minutes)}`,
  requestRefused: (minutes: number) =>
    `Você enviou muitas solicitações com erros em pouco tempo. ${waitAndRetry(minutes)}`,
  planComment: (minutes: number) =>
    `Este planejamento recebeu muitos comentários em pouco tempo. ${waitAndRetry(minutes)}`,
} as const;

// ours: the spec names no texts for these server answers.
export const httpMessages = {
  badRequest: "Dados inválidos",
  unauthorized: "Sessão expirada ou inexistente. Faça login para continuar.",
  forbidden: "Você não tem permissão para acessar este recurso.",
  notFound: "Recurso não encontrado",
  tooManyRequests: "Muitas tentativas",
  tooManyRequestsDescription: (minutes: number) =>
    `Por segurança, aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"} antes de tentar novamente.`,
  payloadTooLarge: "Arquivo muito grande",
  internal: "Erro inesperado",
  internalDescription: "Ocorreu um erro no servidor. Tente novamente em alguns minutos.",
  required: "Campo obrigatório",
  invalid: "Valor inválido",
  // A NUL or a lone UTF-16 surrogate: the database cannot keep it, whatever the field.
  invalidCharacters: "Contém caracteres não permitidos",
  invalidCharactersDescription: "Remova os caracteres inválidos e envie novamente.",
  invalidFileNameCharacters: "O nome do arquivo contém caracteres não permitidos",
} as const;

/** ours: the live updates' stream (docs/decisions/030). */
export const liveMessages = {
  tooManyStreams: (max: number) => ({
    title: "Muitas conexões abertas",
    description: `Você já tem ${max} abas ou janelas recebendo atualizações ao vivo. Feche alguma e recarregue esta página.`,
  }),
};

/*
 * ours: what a client hears when the request itself could not be read (Fastify,
 * @fastify/multipart or Node's HTTP parser refused it), by the stable `code` of
 * the answer. The server maps every framework error code to one of these.
 */
export const clientErrorMessages = {
  BAD_REQUEST: {
    title: "Requisição inválida",
    description: "A requisição não pôde ser lida. Verifique os dados enviados.",
  },
  BAD_URL: {
    title: "Endereço inválido",
    description: "O endereço pedido contém caracteres mal codificados. Confira o link.",
  },
  URL_TOO_LONG: { title: "Endereço muito longo", description: "Confira o link e tente novamente." },
  HEADERS_TOO_LARGE: {
    title: "Cabeçalhos muito grandes",
    description: "Limpe os cookies do site e tente novamente.",
  },
  REQUEST_TIMEOUT: {
    title: "Tempo esgotado",
    description: "O envio demorou demais. Verifique sua conexão e tente novamente.",
  },
  PAYLOAD_TOO_LARGE: {
    title: "Conteúdo muito grande",
    description: "O conteúdo enviado excede o tamanho permitido.",
  },
  UNSUPPORTED_MEDIA_TYPE: { title: "Formato não suportado", description: "Envie os dados como JSON." },
  INVALID_CONTENT_LENGTH: {
    title: "Dados incompletos",
    description: "O tamanho dos dados recebidos não confere com o anunciado. Tente novamente.",
  },
  EMPTY_BODY: { title: "Dados inválidos", description: "Nenhum dado foi enviado." },
  INVALID_JSON: {
    title: "Dados inválidos",
    description: "Os dados enviados não estão no formato JSON esperado.",
  },
  INVALID_MULTIPART: {
    title: "Formulário inválido",
    description: "O formulário enviado está incompleto ou malformado. Tente enviar novamente.",
  },
  NOT_MULTIPART: {
    title: "Formato não suportado",
    description: "Envie o formulário como multipart/form-data.",
  },
  TOO_MANY_FIELDS: { title: "Formulário muito grande", description: "O formulário tem campos demais." },
  UPLOAD_ABORTED: {
    title: "Envio interrompido",
    description: "O envio do arquivo foi interrompido. Tente novamente.",
  },
  NOT_FOUND: { title: "Recurso não encontrado" },
  METHOD_NOT_ALLOWED: { title: "Método não permitido" },
  NOT_ACCEPTABLE: { title: "Formato de resposta não disponível" },
  CONFLICT: {
    title: "Conflito",
    description: "O recurso mudou enquanto você o editava. Recarregue e tente novamente.",
  },
  LENGTH_REQUIRED: { title: "Tamanho obrigatório", description: "Informe o tamanho dos dados enviados." },
  RANGE_NOT_SATISFIABLE: {
    title: "Intervalo inválido",
    description: "O trecho pedido não existe no arquivo.",
  },
  TOO_MANY_REQUESTS: {
    title: "Muitas tentativas",
    description: "Aguarde um pouco antes de tentar novamente.",
  },
} as const satisfies Record<string, Notice>;

export type ClientErrorCode = keyof typeof clientErrorMessages;
