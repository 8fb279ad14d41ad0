/**
 * What ends or changes cached sessions on every instance (decision 012). Only
 * ids and hashes travel: a NOTIFY payload is readable by whoever may LISTEN.
 */
export type SessionEvent =
  /** One session ended (sign-out): the SHA-256 of its token, the cache's key. */
  | { type: "session"; key: string }
  /**
   * Every session of one person: all revoked, deleted with a sign-up, the user row deleted (a
   * trigger sends this very event, docs/decisions/030), or the name they show changed. A future
   * deactivation publishes it too: the cache and every open live stream then ask again.
   */
  | { type: "user"; userId: string }
  /** Teams changed: anyone's membership, and so anyone's access, may differ now. */
  | { type: "all" };

/** Ends cached sessions everywhere; services call it after their change is committed. */
export type SessionRevoker = {
  revoke(event: SessionEvent): Promise<void>;
  /** The cache's key for the session a Cookie header carries (null without a validly signed one). */
  keyOfCookie(cookieHeader: string | null | undefined): string | null;
};
