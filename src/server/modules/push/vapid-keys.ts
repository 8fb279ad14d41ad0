import webpush from "web-push";
import type { Executor } from "../../db/client";
import { insertVapidKeysOnce, readVapidKeys, type VapidKeys } from "./push.queries";

/*
 * The VAPID key pair (docs/decisions/061-web-push.md), generated at the first
 * start and kept in the database so every instance signs with the key the
 * browsers were given: instances starting together each insert theirs with
 * `on conflict do nothing` and read back the one that won. Read once per process.
 */
export function createVapidKeys(db: Executor) {
  let loading: Promise<VapidKeys> | undefined;

  async function loadOrCreate(): Promise<VapidKeys> {
    const found = await readVapidKeys(db);
    if (found) return found;
    await insertVapidKeysOnce(db, webpush.generateVAPIDKeys());
    const stored = await readVapidKeys(db);
    if (!stored) throw new Error("VAPID keys: none stored after inserting them");
    return stored;
  }

  return {
    get(): Promise<VapidKeys> {
      loading ??= loadOrCreate().catch((err) => {
        // Asked again next time: a database that failed once may answer later.
        loading = undefined;
        throw err;
      });
      return loading;
    },
  };
}

export type VapidKeySource = ReturnType<typeof createVapidKeys>;
