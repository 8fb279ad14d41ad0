import type { Executor } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { deactivatedAmong } from "./people.queries";

/**
 * The app's mailer, sending nothing to a deactivated account (docs/decisions/048): the bell's
 * e-mails, the daily summary, the late reminders and the sign-in e-mails all go through it.
 */
export function skippingDeactivated(
  mailer: Mailer,
  db: Executor,
  log: { info(obj: object, msg: string): void },
): Mailer {
  return {
    async send(email) {
      const to = email.to.trim().toLowerCase();
      if ((await deactivatedAmong(db, [to])).has(to)) {
        log.info({ subject: email.subject }, "e-mail not sent: the account is deactivated");
        return;
      }
      await mailer.send(email);
    },
    verify: () => mailer.verify(),
    close: () => mailer.close(),
  };
}
