import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * A sign-up waiting for its e-mail to be proven (docs/decisions/009-pending-sign-ups.md).
 * One per unconfirmed user, so only the latest link of an address is valid.
 * Nothing here is usable as sent: the token, the browser nonce and the password
 * are kept as hashes. The password reaches the account (`accounts`) only when
 * the link is opened in the browser that registered; otherwise it is dropped.
 */
export const pendingSignUps = pgTable(
  "pending_sign_ups",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the token in the e-mailed link. */
    tokenHash: text("token_hash").notNull().unique(),
    /** SHA-256 (hex) of the nonce cookie given to the registering browser; null: no browser may confirm in one click. */
    browserNonceHash: text("browser_nonce_hash"),
    /** better-auth's scrypt hash of the password chosen at sign-up; null when there is none to keep. */
    passwordHash: text("password_hash"),
    /** The link dies then, and the sweep deletes the unconfirmed user. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pending_sign_ups_expires_at_idx").on(t.expiresAt)],
);
