import type { LiveEvent } from "../../live/bus";
import type { Email } from "../../mail/mailer";

/**
 * What a change leaves to do once its transaction has committed: e-mails to
 * send (never blocking the action, never undoing it) and live events to publish.
 */
export class AfterCommit {
  readonly mails: Email[] = [];
  readonly live: LiveEvent[] = [];
}

/** A request as the bell and the e-mails name it. */
export type RequestRef = { kind: string; id: string; kindLabel: string; summary: string };
