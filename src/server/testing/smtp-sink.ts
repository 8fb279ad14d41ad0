import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = {
  /** The To header, lower-cased. */
  to: string;
  /** The SMTP envelope: MAIL FROM and every RCPT TO, where the message really goes. */
  envelope: { from: string; to: string[] };
  subject: string;
  text: string;
  html: string;
  links: string[];
};

/**
 * A real SMTP server on loopback that keeps what it receives, so tests see the
 * e-mails exactly as nodemailer sent them.
 */
export async function startSmtpSink() {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const { mailFrom, rcptTo } = session.envelope;
      const envelope = {
        from: mailFrom ? mailFrom.address : "",
        to: rcptTo.map((recipient) => recipient.address),
      };
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const text = parsed.text ?? "";
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          mails.push({
            to: (to ?? "").toLowerCase(),
            envelope,
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;

  async function waitFor(
    to: string,
    options: { subject?: RegExp; timeoutMs?: number } = {},
  ): Promise<CaughtMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = mails.findLast(
        (m) => m.to.includes(to.toLowerCase()) && (!options.subject || options.subject.test(m.subject)),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no e-mail to ${to} arrived in time`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 200));
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitFor,
    clear: () => void mails.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
