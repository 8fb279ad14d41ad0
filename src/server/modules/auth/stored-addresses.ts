import type { FastifyBaseLogger } from "fastify";
import { isMailbox } from "@/domain/auth/mailbox";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { deleteSessions, listUserAddresses } from "./auth.queries";

/**
 * At start: accounts stored, before the one-mailbox rule, with an address that
 * is not one mailbox (docs/decisions/028). Their sessions end here; auth.ts
 * refuses them any new one; the warning says how many, by id (never the
 * address, which may hold anything). How many there are.
 */
export async function endSignInsOfStoredNonMailboxes(deps: {
  db: Db;
  sessions: SessionRevoker;
  log: FastifyBaseLogger;
}): Promise<number> {
  const wrong = (await listUserAddresses(deps.db)).filter((user) => !isMailbox(user.email));
  if (wrong.length === 0) return 0;
  for (const { id } of wrong) {
    await deleteSessions(deps.db, id);
    await deps.sessions.revoke({ type: "user", userId: id });
  }
  deps.log.warn(
    { accounts: wrong.length, userIds: wrong.slice(0, 50).map((user) => user.id) },
    `${wrong.length} ${wrong.length === 1 ? "account has" : "accounts have"} a stored address that is not one mailbox: they cannot sign in (docs/decisions/028); correct or delete them`,
  );
  return wrong.length;
}
