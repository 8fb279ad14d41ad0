import type { Database } from "../../db/client";

/** One round trip to the database (`select 1` on its own connection); throws when it is unreachable. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.ping();
}
