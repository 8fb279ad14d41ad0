import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../testing/smtp-sink";
import { createMailer, type Email, MailDeliveryError, type Mailer } from "./mailer";

/*
 * The mailer sends to one parsed mailbox and writes the SMTP envelope itself
 * (docs/decisions/028), so whatever text reaches `send` — a list, a display
 * name, a header smuggled after a line break — nobody else receives the mail.
 */

const logged: object[] = [];
const logger = { info: (obj: object) => void logged.push(obj), warn: () => {} };
const email = (to: string, extra: Partial<Email> = {}): Email => ({
  to,
  subject: "Confirme seu email",
  text: "Oi",
  html: "<p>Oi</p>",
  ...extra,
});

describe("mailer: one recipient, the envelope set by us", () => {
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = createMailer({
      smtpUrl: sink.url,
      from: { name: "Balcão", address: "nao-responda@agencia.digital" },
      logger,
    });
  });
  afterAll(async () => {
    mailer.close();
    await sink.close();
  });
  beforeEach(() => sink.clear());

  it("sends to the one mailbox, from the configured sender, in the envelope and the headers", async () => {
    await mailer.send(email("Ana@Agencia.Digital"));
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]).toMatchObject({
      to: "ana@agencia.digital",
      envelope: { from: "nao-responda@agencia.digital", to: ["ana@agencia.digital"] },
    });
  });

  it("keeps the envelope whatever the subject carries", async () => {
    await mailer.send(
      email("ana@agencia.digital", { subject: "Oi\r\nBcc: eve@gmail.com\r\nTo: eve@gmail.com" }),
    );
    expect(sink.mails[0]!.envelope.to).toEqual(["ana@agencia.digital"]);
  });

  it.each([
    "x@gmail.com,y@agencia.digital",
    "x@gmail.com, y@agencia.digital",
    "Eve <eve@gmail.com> z@agencia.digital",
    "Eve <eve@gmail.com>",
    "eve@gmail.com z@agencia.digital",
    "eve@gmail.com;z@agencia.digital",
    "atk@gmail.com\r\nBcc: y@agencia.digital",
    "y@agencia.digital\r\nBcc: atk@gmail.com",
    '"eve@gmail.com" <y@agencia.digital>',
    "",
  ])("refuses rather than sends when `to` is not one mailbox: %j", async (to) => {
    await expect(mailer.send(email(to))).rejects.toBeInstanceOf(MailDeliveryError);
    // A mail accepted by the sink is recorded before the SMTP answer reaches the sender.
    expect(sink.mails).toEqual([]);
  });

  it("refuses the same way when there is no SMTP_URL and e-mails go to the log", async () => {
    const toLog = createMailer({
      smtpUrl: undefined,
      from: { name: null, address: "nao-responda@agencia.digital" },
      logger,
    });
    logged.splice(0);
    await expect(toLog.send(email("x@gmail.com,y@agencia.digital"))).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
    expect(logged).toEqual([]);
    await toLog.send(email("ana@agencia.digital"));
    expect(logged).toHaveLength(1);
  });
});
