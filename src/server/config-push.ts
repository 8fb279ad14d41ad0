import { z } from "zod";

/*
 * Web push (docs/decisions/061-web-push.md): who the push services may write to about our
 * messages (RFC 8292's `sub`). config.ts spreads `PushEnvShape` into its schema and calls
 * `pushConfig`. The VAPID key pair itself is no variable: it is generated into the database.
 */

export const PushEnvShape = {
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, {
      error: "must be a mailto: address or an https:// URL (the operator's contact for the push services)",
    })
    .optional(),
};

export type PushConfig = {
  /** VAPID_SUBJECT, else a mailto: of the first ADMIN_EMAILS, else of MAIL_FROM. */
  subject: string;
  /**
   * Lets subscriptions point at http:// and private addresses. No variable sets it: only a test,
   * whose push endpoint listens on 127.0.0.1, turns it on (describeWithApp's `config`).
   */
  allowPrivateEndpoints: boolean;
};

export function pushConfig(
  e: { VAPID_SUBJECT?: string | undefined },
  contacts: { adminEmails: readonly string[]; mailFrom: string },
): PushConfig {
  const subject = e.VAPID_SUBJECT ?? `mailto:${contacts.adminEmails[0] ?? contacts.mailFrom}`;
  return { subject, allowPrivateEndpoints: false };
}
