import type { Transporter } from "nodemailer";
import { parseMailbox } from "@/domain/auth/mailbox";

export type Email = { to: string; subject: string; text: string; html: string; link?: string };

/** The SMTP server refused or could not be reached: the caller decides what to undo. */
export class MailDeliveryError extends Error {}

/** Whether `err`, or any error it was caused by, is a delivery failure. */
export function isMailFailure(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof MailDeliveryError) return true;
  }
  return false;
}

/** `to` was not one mailbox: nothing was sent (docs/decisions/028). A delivery failure to every caller. */
export class MailRecipientError extends MailDeliveryError {}

export type Mailer = {
  send(email: Email): Promise<void>;
  /** Signs in to the SMTP server and out again (the doctor's check); nothing to do without one. */
  verify(): Promise<void>;
  close(): void;
};

type Logger = {
  info(obj: object, msg: string): void;
  warn(msg: string): void;
};

/** MAIL_FROM as config.ts parsed it: the address is the envelope's sender. */
export type Sender = { name: string | null; address: string };

/**
 * The one recipient of an e-mail. Whatever text reaches the mailer — a list,
 * a display name, a header after a line break — it sends to one parsed mailbox
 * or to nobody.
 */
function recipientOf(email: Email): string {
  const to = parseMailbox(email.to);
  if (to === null)
    throw new MailRecipientError(`not sent "${email.subject}": the recipient is not one mailbox`);
  return to;
}

/**
 * nodemailer over SMTP_URL. Without it, e-mails go to the log with their link so
 * a first `npm start` can still confirm an account; the start-up warning says so.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: Sender; logger: Logger }): Mailer {
  if (!options.smtpUrl) {
    options.logger.warn("SMTP_URL is not set: e-mails are written to this log instead of being sent");
    return {
      async send(email) {
        const to = recipientOf(email);
        options.logger.info(
          { mail: { to, subject: email.subject, link: email.link } },
          `E-mail not sent (no SMTP_URL): "${email.subject}" to ${to}, link: ${email.link ?? "-"}`,
        );
      },
      async verify() {},
      close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  const { name, address } = options.from;
  // nodemailer (a quarter of a megabyte of code) loads with the first e-mail, not at every start.
  let transport: Promise<Transporter> | undefined;
  const opened = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    async send(email) {
      const to = recipientOf(email);
      try {
        await (await opened()).sendMail({
          from: name ? { name, address } : address,
          to,
          // Set here, not derived from the headers: RCPT TO is this one mailbox and nothing else.
          envelope: { from: address, to: [to] },
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
      } catch (err) {
        throw new MailDeliveryError(`could not send "${email.subject}"`, { cause: err });
      }
    },
    async verify() {
      await (await opened()).verify();
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
