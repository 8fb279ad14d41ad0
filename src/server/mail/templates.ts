import type { Email } from "./mailer";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function layout(options: { greeting: string; lines: string[]; button: string; url: string; footer: string }) {
  const url = escapeHtml(options.url);
  const paragraphs = options.lines
    .map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`)
    .join("");
  return `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2333">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#4f46e5">Balcão</p>
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(options.greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(options.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5b6075">Se o botão não funcionar, copie e cole este endereço no navegador:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${url}" style="color:#4f46e5">${url}</a></p>
<p style="margin:0;font-size:13px;color:#5b6075">${escapeHtml(options.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

function greeting(name: string) {
  return name ? `Olá, ${name}!` : "Olá!";
}

/** Every e-mail is a greeting, some lines, one button to a link and a footer: as text and as HTML. */
function linkEmail(parts: {
  to: string;
  /** Whom to greet; "" greets no one by name. */
  name: string;
  subject: string;
  lines: string[];
  button: string;
  url: string;
  footer: string;
}): Email {
  const hello = greeting(parts.name);
  return {
    to: parts.to,
    subject: parts.subject,
    link: parts.url,
    text: [hello, "", ...parts.lines, "", parts.url, "", parts.footer].join("\n"),
    html: layout({
      greeting: hello,
      lines: parts.lines,
      button: parts.button,
      url: parts.url,
      footer: parts.footer,
    }),
  };
}

export function confirmationEmail(options: {
  to: string;
  name: string;
  url: string;
  expiresInHours: number;
}): Email {
  const lines = [
    "Recebemos o seu cadastro no Balcão, o portal de solicitações da agência.",
    "Para ativar a sua conta, confirme o seu email clicando no botão abaixo.",
  ];
  const footer = `O link vale por ${options.expiresInHours} ${options.expiresInHours === 1 ? "hora" : "horas"}. Se você não se cadastrou, ignore este email.`;
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: "Confirme seu email no Balcão",
    lines,
    button: "Confirmar email",
    url: options.url,
    footer,
  });
}

export function magicLinkEmail(options: {
  to: string;
  name: string;
  url: string;
  expiresInMinutes: number;
}): Email {
  const lines = [
    "Use o botão abaixo para entrar no Balcão sem digitar a sua senha.",
    "O link só pode ser usado uma vez.",
  ];
  const footer = `O link vale por ${options.expiresInMinutes} minutos. Se você não pediu este acesso, ignore este email: sua conta continua segura.`;
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: "Seu link de acesso ao Balcão",
    lines,
    button: "Entrar no Balcão",
    url: options.url,
    footer,
  });
}

/** 'Esqueci minha senha' (docs/decisions/050): the single-use link to the reset page. */
export function passwordResetEmail(options: {
  to: string;
  name: string;
  url: string;
  expiresInMinutes: number;
}): Email {
  const lines = [
    "Recebemos um pedido para redefinir a senha da sua conta no Balcão.",
    "Use o botão abaixo para escolher uma nova senha. O link só pode ser usado uma vez, e só o mais recente vale.",
  ];
  const footer = `O link vale por ${options.expiresInMinutes} minutos. Se você não pediu, ignore este email: sua senha continua a mesma.`;
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: "Redefina sua senha do Balcão",
    lines,
    button: "Redefinir senha",
    url: options.url,
    footer,
  });
}

/**
 * To the owner, after the password was changed on 'Minha conta' or reset by a
 * link: whoever did not do it learns at once, and the button starts a reset.
 */
export function passwordChangedEmail(options: {
  to: string;
  name: string;
  /** 'em 27/11/2026 às 14:05' (São Paulo). */
  when: string;
  how: "change" | "reset";
  /** The 'Esqueci minha senha' page. */
  resetUrl: string;
}): Email {
  const lines = [
    options.how === "change"
      ? `A senha da sua conta no Balcão foi alterada ${options.when}, na página Minha conta.`
      : `A senha da sua conta no Balcão foi redefinida ${options.when}, por um link enviado a este email. Todas as sessões foram encerradas.`,
    "Se foi você, não é preciso fazer nada.",
    "Se não foi você, redefina a senha agora pelo botão abaixo e avise o administrador.",
  ];
  const footer = "Este aviso é enviado sempre que a senha da conta muda.";
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: "Sua senha foi alterada",
    lines,
    button: "Redefinir senha",
    url: options.resetUrl,
    footer,
  });
}

/** What changed in a person's second factor (docs/decisions/054, 056): each is e-mailed to the owner. */
export type SecondFactorChange = "totp-enabled" | "totp-disabled" | "codes-renewed" | "passkey-added";

const SECOND_FACTOR_CHANGES: Record<SecondFactorChange, { subject: string; line: string }> = {
  "totp-enabled": {
    subject: "Verificação em duas etapas ativada",
    line: "A verificação em duas etapas com aplicativo autenticador foi ativada na sua conta no Balcão",
  },
  "totp-disabled": {
    subject: "Verificação em duas etapas desativada",
    line: "A verificação em duas etapas com aplicativo autenticador foi desativada na sua conta no Balcão",
  },
  "codes-renewed": {
    subject: "Novos códigos de recuperação",
    line: "Novos códigos de recuperação foram gerados para a sua conta no Balcão; os anteriores deixaram de valer",
  },
  "passkey-added": {
    subject: "Nova chave de acesso",
    line: "Uma nova chave de acesso foi cadastrada na sua conta no Balcão",
  },
};

export function secondFactorChangedEmail(options: {
  to: string;
  name: string;
  change: SecondFactorChange;
  /** 'em 27/11/2026 às 14:05' (São Paulo). */
  when: string;
  /** 'Minha conta'. */
  accountUrl: string;
}): Email {
  const { subject, line } = SECOND_FACTOR_CHANGES[options.change];
  return linkEmail({
    to: options.to,
    name: options.name,
    subject,
    lines: [
      `${line} ${options.when}.`,
      "Se foi você, não é preciso fazer nada.",
      "Se não foi você, troque sua senha agora, confira a verificação em duas etapas em Minha conta e avise o administrador.",
    ],
    button: "Abrir Minha conta",
    url: options.accountUrl,
    footer: "Este aviso é enviado sempre que a verificação em duas etapas da conta muda.",
  });
}

/** A request arrived in one of the reader's queues (decision 011): sent at once to members who chose so. */
export function newRequestEmail(options: {
  to: string;
  kindLabel: string;
  requester: string;
  summary: string;
  url: string;
}): Email {
  const lines = [
    `${options.requester} enviou uma solicitação de ${options.kindLabel}: “${options.summary}”.`,
    "Ela está na Caixa de entrada da sua equipe.",
  ];
  const footer = "Você recebe este email por fazer parte de uma equipe que atende este tipo de solicitação.";
  return linkEmail({
    to: options.to,
    name: "",
    subject: `Nova solicitação: ${options.kindLabel}`,
    lines,
    button: "Abrir a solicitação",
    url: options.url,
    footer,
  });
}

/** What happened to the reader's own request: a decision, or a comment of the team (decision 011). */
export function requestUpdateEmail(options: {
  to: string;
  name: string;
  kindLabel: string;
  summary: string;
  headline: string;
  detail: string | null;
  url: string;
}): Email {
  const lines = [
    `Sua solicitação de ${options.kindLabel} (“${options.summary}”): ${options.headline}.`,
    ...(options.detail ? [options.detail] : []),
  ];
  const footer = "Você recebe este email porque fez esta solicitação no Balcão.";
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: `${options.kindLabel}: ${options.headline}`,
    lines,
    button: "Ver a solicitação",
    url: options.url,
    footer,
  });
}

/** The daily summary at 8:00 (São Paulo) for members who chose it (decision 011). */
export function dailySummaryEmail(options: {
  to: string;
  name: string;
  items: { kindLabel: string; requester: string; summary: string; url: string }[];
  queueUrl: string;
}): Email {
  const count = options.items.length;
  const lines = [
    `${count} ${count === 1 ? "solicitação nova chegou" : "solicitações novas chegaram"} às suas equipes desde o último resumo:`,
    ...options.items.map((i) => `• ${i.kindLabel} — ${i.requester}: ${i.summary} (${i.url})`),
  ];
  const footer = "Você escolheu receber um resumo diário em Notificações. Pode mudar isso no Balcão.";
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: `Resumo do dia: ${count} ${count === 1 ? "solicitação nova" : "solicitações novas"}`,
    lines,
    button: "Abrir a Caixa de entrada",
    url: options.queueUrl,
    footer,
  });
}

/** The daily reminder of the requests past their service level, one per reviewer (decision 014). */
export function lateRequestsEmail(options: {
  to: string;
  name: string;
  items: { kindLabel: string; requester: string; summary: string; late: string; url: string }[];
  queueUrl: string;
}): Email {
  const count = options.items.length;
  const lines = [
    `${count} ${count === 1 ? "solicitação das suas equipes passou" : "solicitações das suas equipes passaram"} do prazo:`,
    ...options.items.map((i) => `• ${i.kindLabel} — ${i.requester}: ${i.summary} — ${i.late} (${i.url})`),
  ];
  const footer = "Este lembrete sai uma vez por dia útil enquanto houver solicitações atrasadas.";
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: `Prazo vencido: ${count} ${count === 1 ? "solicitação atrasada" : "solicitações atrasadas"}`,
    lines,
    button: "Abrir a Caixa de entrada",
    url: options.queueUrl,
    footer,
  });
}

/** The client approved a shared plan or commented on one of its posts (decision 020): to the plan's owner. */
export function planClientEmail(options: {
  to: string;
  name: string;
  /** 'Padaria Pão Quente — Novembro de 2026'. */
  plan: string;
  headline: string;
  detail: string | null;
  url: string;
}): Email {
  const lines = [
    `Planejamento ${options.plan}: ${options.headline}.`,
    ...(options.detail ? [options.detail] : []),
  ];
  const footer = "Você recebe este email porque compartilhou este planejamento com o cliente no Balcão.";
  return linkEmail({
    to: options.to,
    name: options.name,
    subject: `Planejamento ${options.plan}: ${options.headline}`,
    lines,
    button: "Ver o planejamento",
    url: options.url,
    footer,
  });
}
