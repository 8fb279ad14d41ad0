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
  return {
    to: options.to,
    subject: "Confirme seu email no Balcão",
    link: options.url,
    text: [greeting(options.name), "", ...lines, "", options.url, "", footer].join("\n"),
    html: layout({
      greeting: greeting(options.name),
      lines,
      button: "Confirmar email",
      url: options.url,
      footer,
    }),
  };
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
  return {
    to: options.to,
    subject: "Seu link de acesso ao Balcão",
    link: options.url,
    text: [greeting(options.name), "", ...lines, "", options.url, "", footer].join("\n"),
    html: layout({
      greeting: greeting(options.name),
      lines,
      button: "Entrar no Balcão",
      url: options.url,
      footer,
    }),
  };
}
