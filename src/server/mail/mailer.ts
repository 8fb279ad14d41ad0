import type { Transporter } from "nodemailer";

export type Email = { to: string; subject: string; text: string; html: string; link?: string };

/** The SMTP server refused or could not be reached: the caller decides what to undo. */
export class MailDeliveryError extends Error {}

export type Mailer = {
  send(email: Email): Promise<void>;
  close(): void;
};

type Logger = {
  info(obj: object, msg: string): void;
  warn(msg: string): void;
};

/**
 * nodemailer over SMTP_URL. Without it, e-mails go to the log with their link so
 * a first `npm start` can still confirm an account; the start-up warning says so.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  if (!options.smtpUrl) {
    options.logger.warn("SMTP_URL is not set: e-mails are written to this log instead of being sent");
    return {
      async send(email) {
        options.logger.info(
          { mail: { to: email.to, subject: email.subject, link: email.link } },
          `E-mail not sent (no SMTP_URL): "${email.subject}" to ${email.to}, link: ${email.link ?? "-"}`,
        );
      },
      close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer (a quarter of a megabyte of code) loads with the first e-mail, not at every start.
  let transport: Promise<Transporter> | undefined;
  const opened = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    async send(email) {
      try {
        await (await opened()).sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
      } catch (err) {
        throw new MailDeliveryError(`could not send "${email.subject}"`, { cause: err });
      }
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
