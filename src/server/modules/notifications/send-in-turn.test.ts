import { describe, expect, it } from "vitest";
import type { Email } from "../../mail/mailer";
import { sendInTurn } from "./notifications.service";

const mail = (n: number): Email => ({
  to: `p${n}@agencia.digital`,
  subject: `Assunto ${n}`,
  text: "",
  html: "",
});

describe("a change's e-mails, sent in turn", () => {
  it("sends each once, never more than a few at a time, and carries on past a failure", async () => {
    const sent: string[] = [];
    const errors: string[] = [];
    let inFlight = 0;
    let most = 0;
    const mailer = {
      async send(email: Email) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        if (email.subject === "Assunto 7") throw new Error("SMTP recusou");
        sent.push(email.to);
      },
    };
    const log = { error: (obj: { subject: string }) => void errors.push(obj.subject) };
    await sendInTurn(
      mailer,
      log as never,
      Array.from({ length: 25 }, (_, i) => mail(i)),
      4,
    );
    expect(sent).toHaveLength(24);
    expect(new Set(sent).size).toBe(24);
    expect(sent).not.toContain("p7@agencia.digital");
    expect(errors).toEqual(["Assunto 7"]);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
  });

  it("does nothing with no e-mail", async () => {
    await expect(sendInTurn({ send: async () => {} }, { error() {} } as never, [])).resolves.toBeUndefined();
  });
});
